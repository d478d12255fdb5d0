import {
  Button,
  Group,
  Modal,
  Paper,
  rem,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { BUTTON_INNER, BUTTON_LABEL, button, group, paper, stack, text } from "~/components/mantine-markup";
import { useOpenedOnce } from "~/components/use-opened-once";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import {
  CONSENT_CATEGORIES,
  type ConsentCategory,
  useCookieConsent,
} from "~/lib/cookie-consent";

const ALL = CONSENT_CATEGORIES.map((category) => category.id);

const messages = defineMessages({
  necessary: {
    id: "cookies.settings.necessary",
    defaultMessage:
      "Strictly necessary cookies keep you signed in and remember this choice; they are always on. Everything else waits for your yes, and you can change your mind here at any time.",
  },
  covers: {
    id: "cookies.settings.covers",
    defaultMessage: "{description} Covers: {services}.",
  },
  rejectAll: { id: "cookies.rejectAll", defaultMessage: "Reject all" },
  saveChoices: { id: "cookies.saveChoices", defaultMessage: "Save choices" },
  acceptAll: { id: "cookies.acceptAll", defaultMessage: "Accept all" },
  settings: { id: "cookies.settings", defaultMessage: "Cookie settings" },
  bannerTitle: { id: "cookies.banner.title", defaultMessage: "Cookies on {site}" },
  platformName: { id: "shell.logo", defaultMessage: "Jobboard" },
  bannerText: {
    id: "cookies.banner.text",
    defaultMessage:
      "We would like to measure how the site is used, play videos and suggest places as you type. None of that happens unless you agree.",
  },
});

/** Each category's name and description (spec 9's categories C0001 to C0004). */
const CATEGORY_MESSAGES = defineMessages({
  C0001Name: { id: "cookies.category.C0001.name", defaultMessage: "Tag manager" },
  C0001Description: {
    id: "cookies.category.C0001.description",
    defaultMessage: "Loads the site's tag library, which the other measuring services run in.",
  },
  C0002Name: { id: "cookies.category.C0002.name", defaultMessage: "Analytics" },
  C0002Description: {
    id: "cookies.category.C0002.description",
    defaultMessage: "Counts visits, searches and applications so we can see what helps people.",
  },
  C0003Name: { id: "cookies.category.C0003.name", defaultMessage: "Places, maps and videos" },
  C0003Description: {
    id: "cookies.category.C0003.description",
    defaultMessage: "Suggests places as you type, shows maps and plays YouTube and Vimeo videos.",
  },
  C0004Name: { id: "cookies.category.C0004.name", defaultMessage: "Advertising" },
  C0004Description: {
    id: "cookies.category.C0004.description",
    defaultMessage: "Shows and measures ads for the jobs board's partners.",
  },
});

/** The services each category covers (spec 9's names), in the reader's language. */
const SERVICE_MESSAGES: Record<string, Message> = defineMessages({
  "tag manager": { id: "cookies.service.tagManager", defaultMessage: "tag manager" },
  analytics: { id: "cookies.service.analytics", defaultMessage: "analytics" },
  snowplow: { id: "cookies.service.snowplow", defaultMessage: "snowplow" },
  hotjar: { id: "cookies.service.hotjar", defaultMessage: "hotjar" },
  geosuggest: { id: "cookies.service.geosuggest", defaultMessage: "geosuggest" },
  maps: { id: "cookies.service.maps", defaultMessage: "maps" },
  "video embeds": { id: "cookies.service.videoEmbeds", defaultMessage: "video embeds" },
  "ad manager": { id: "cookies.service.adManager", defaultMessage: "ad manager" },
  pixel: { id: "cookies.service.pixel", defaultMessage: "pixel" },
});

/** The switches, fresh from the stored choice each time the dialog opens. */
function ConsentChoices() {
  const intl = useIntl();
  const { consent, choose } = useCookieConsent();
  const [selected, setSelected] = useState<ConsentCategory[]>(
    consent?.granted ?? [],
  );
  const toggle = (id: ConsentCategory, on: boolean) =>
    setSelected((current) =>
      on ? [...current, id] : current.filter((item) => item !== id),
    );
  return (
    <Stack gap="md">
      <Text size="sm">
        <FormattedMessage {...messages.necessary} />
      </Text>
      {CONSENT_CATEGORIES.map((category) => (
        <Paper key={category.id} withBorder p="sm" radius="md">
          <Switch
            checked={selected.includes(category.id)}
            onChange={(event) =>
              toggle(category.id, event.currentTarget.checked)
            }
            label={intl.formatMessage(CATEGORY_MESSAGES[`${category.id}Name`])}
            description={intl.formatMessage(messages.covers, {
              description: intl.formatMessage(
                CATEGORY_MESSAGES[`${category.id}Description`],
              ),
              services: intl.formatList(
                category.services.map((service) => {
                  const name = SERVICE_MESSAGES[service];
                  return name ? intl.formatMessage(name) : service;
                }),
              ),
            })}
          />
        </Paper>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => choose([])}>
          <FormattedMessage {...messages.rejectAll} />
        </Button>
        <Button variant="default" onClick={() => choose(selected)}>
          <FormattedMessage {...messages.saveChoices} />
        </Button>
        <Button onClick={() => choose(ALL)}>
          <FormattedMessage {...messages.acceptAll} />
        </Button>
      </Group>
    </Stack>
  );
}

/** The preferences dialog: a switch per category with the services it covers. */
function ConsentSettings() {
  const intl = useIntl();
  const { settingsOpen, closeSettings } = useCookieConsent();
  // on every page, opened from the footer now and then: mounted once asked for
  const dialog = useOpenedOnce(settingsOpen);
  if (!dialog.mounted) return null;
  return (
    <Modal
      opened={dialog.shown}
      onClose={closeSettings}
      title={intl.formatMessage(messages.settings)}
      centered
    >
      {settingsOpen ? <ConsentChoices /> : null}
    </Modal>
  );
}

// The banner as Mantine's markup in plain elements (on every page of a visitor who has not chosen:
// ADR 0064), made once.
const BANNER = paper(
  { radius: 0, shadow: "md", className: "cookie-banner" },
  { padding: "var(--mantine-spacing-md)" },
);
const BANNER_COLUMN = stack({ gap: "xs" }, { maxWidth: rem(1120), marginInline: "auto" });
const BANNER_TEXT = text("sm");
const BANNER_ACTIONS = group({ gap: "sm" });
const ACCEPT = button();
const REJECT = button({ variant: "default" });
const SETTINGS = button({ variant: "subtle" });

/**
 * The banner until the visitor chose (server-rendered from the consent cookie, so it never
 * flashes for someone who already chose), and the settings dialog the footer opens.
 */
export function CookieConsent({ siteName = "" }: { /** The site's `site.name` setting, as its logo says. */ siteName?: string }) {
  const { consent, choose, openSettings } = useCookieConsent();
  const intl = useIntl();
  // several sites share this code: the banner names the one it is on
  const site = siteName || intl.formatMessage(messages.platformName);
  return (
    <>
      {consent === null ? (
        <section {...BANNER} aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
          <div {...BANNER_COLUMN}>
            <Title order={2} size="h5" id="cookie-banner-title">
              <FormattedMessage {...messages.bannerTitle} values={{ site }} />
            </Title>
            <p {...BANNER_TEXT}>
              <FormattedMessage {...messages.bannerText} />
            </p>
            <div {...BANNER_ACTIONS}>
              <button type="button" {...ACCEPT} onClick={() => choose(ALL)}>
                <span className={BUTTON_INNER}>
                  <span className={BUTTON_LABEL}>
                    <FormattedMessage {...messages.acceptAll} />
                  </span>
                </span>
              </button>
              <button type="button" {...REJECT} onClick={() => choose([])}>
                <span className={BUTTON_INNER}>
                  <span className={BUTTON_LABEL}>
                    <FormattedMessage {...messages.rejectAll} />
                  </span>
                </span>
              </button>
              <button type="button" {...SETTINGS} onClick={openSettings}>
                <span className={BUTTON_INNER}>
                  <span className={BUTTON_LABEL}>
                    <FormattedMessage {...messages.settings} />
                  </span>
                </span>
              </button>
            </div>
          </div>
        </section>
      ) : null}
      <ConsentSettings />
    </>
  );
}
