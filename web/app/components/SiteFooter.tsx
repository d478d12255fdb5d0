import { Anchor, Container, Group, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { Link } from "~/components/Link";
import { ColorSchemeToggle } from "~/components/ColorSchemeToggle";
import { LocalePicker } from "~/components/LocalePicker";
import { useCookieConsent } from "~/lib/cookie-consent";

const messages = defineMessages({
  tagline: {
    id: "shell.footer.tagline",
    defaultMessage: "Jobboard: jobs, organizations and resumes in one place.",
  },
  legal: { id: "shell.footer.legal", defaultMessage: "Legal" },
  privacy: { id: "shell.footer.privacy", defaultMessage: "Privacy policy" },
  contact: { id: "shell.footer.contact", defaultMessage: "Contact" },
  cookieSettings: { id: "shell.footer.cookieSettings", defaultMessage: "Cookie settings" },
});

export function SiteFooter() {
  const intl = useIntl();
  const { openSettings } = useCookieConsent();
  return (
    <footer className="site-footer">
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm" className="text-muted">
            <FormattedMessage {...messages.tagline} />
          </Text>
          <Group component="nav" aria-label={intl.formatMessage(messages.legal)} gap="md">
            <Anchor component={Link} to="/privacy-policy" size="sm">
              <FormattedMessage {...messages.privacy} />
            </Anchor>
            <Anchor href="/contact" size="sm">
              <FormattedMessage {...messages.contact} />
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={openSettings}>
              <FormattedMessage {...messages.cookieSettings} />
            </Anchor>
          </Group>
        </Group>
        <Group justify="flex-end" align="flex-end" gap="lg" mt="md">
          <ColorSchemeToggle />
          <LocalePicker />
        </Group>
      </Container>
    </footer>
  );
}
