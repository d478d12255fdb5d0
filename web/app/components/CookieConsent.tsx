import {
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import {
  CONSENT_CATEGORIES,
  type ConsentCategory,
  useCookieConsent,
} from "~/lib/cookie-consent";

const ALL = CONSENT_CATEGORIES.map((category) => category.id);

/** The switches, fresh from the stored choice each time the dialog opens. */
function ConsentChoices() {
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
        Strictly necessary cookies keep you signed in and remember this choice;
        they are always on. Everything else waits for your yes, and you can
        change your mind here at any time.
      </Text>
      {CONSENT_CATEGORIES.map((category) => (
        <Paper key={category.id} withBorder p="sm" radius="md">
          <Switch
            checked={selected.includes(category.id)}
            onChange={(event) =>
              toggle(category.id, event.currentTarget.checked)
            }
            label={category.name}
            description={`${category.description} Covers: ${category.services.join(", ")}.`}
          />
        </Paper>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => choose([])}>
          Reject all
        </Button>
        <Button variant="default" onClick={() => choose(selected)}>
          Save choices
        </Button>
        <Button onClick={() => choose(ALL)}>Accept all</Button>
      </Group>
    </Stack>
  );
}

/** The preferences dialog: a switch per category with the services it covers. */
function ConsentSettings() {
  const { settingsOpen, closeSettings } = useCookieConsent();
  return (
    <Modal
      opened={settingsOpen}
      onClose={closeSettings}
      title="Cookie settings"
      size={750}
      centered
    >
      {settingsOpen ? <ConsentChoices /> : null}
    </Modal>
  );
}

/**
 * The banner until the visitor chose (server-rendered from the consent cookie, so it never
 * flashes for someone who already chose), and the settings dialog the footer opens.
 */
export function CookieConsent() {
  const { consent, choose, openSettings } = useCookieConsent();
  return (
    <>
      {consent === null ? (
        <Paper
          component="section"
          aria-labelledby="cookie-banner-title"
          shadow="md"
          withBorder
          p="md"
          radius={0}
          className="cookie-banner"
          data-testid="cookie-banner"
        >
          <Stack gap="xs" maw={1120} mx="auto">
            <Title order={2} size="h5" id="cookie-banner-title">
              Cookies on Jobboard
            </Title>
            <Text size="sm">
              We would like to measure how the site is used, play videos and
              suggest places as you type. None of that happens unless you agree.
            </Text>
            <Group gap="sm">
              <Button onClick={() => choose(ALL)}>Accept all</Button>
              <Button variant="default" onClick={() => choose([])}>
                Reject all
              </Button>
              <Button variant="subtle" onClick={openSettings}>
                Cookie settings
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <ConsentSettings />
    </>
  );
}
