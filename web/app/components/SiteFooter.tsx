import { Container } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { Link } from "~/components/Link";
import { anchor, group, text } from "~/components/mantine-markup";
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

// Mantine's markup as plain elements (on every page: ADR 0064), made once.
const TOP_ROW = group({ justify: "space-between", gap: "md" });
const TAGLINE = text("sm", "text-muted");
const LEGAL = group({ gap: "md" });
const LINK = anchor("sm");
const SETTINGS_ROW = group(
  { justify: "flex-end", align: "flex-end", gap: "lg" },
  { marginTop: "var(--mantine-spacing-md)" },
);

export function SiteFooter() {
  const intl = useIntl();
  const { openSettings } = useCookieConsent();
  return (
    <footer className="site-footer">
      <Container size="lg" py="lg">
        <div {...TOP_ROW}>
          <p {...TAGLINE}>
            <FormattedMessage {...messages.tagline} />
          </p>
          <nav {...LEGAL} aria-label={intl.formatMessage(messages.legal)}>
            <Link to="/privacy-policy" {...LINK}>
              <FormattedMessage {...messages.privacy} />
            </Link>
            <a href="/contact" {...LINK}>
              <FormattedMessage {...messages.contact} />
            </a>
            <button type="button" {...LINK} onClick={openSettings}>
              <FormattedMessage {...messages.cookieSettings} />
            </button>
          </nav>
        </div>
        <div {...SETTINGS_ROW}>
          <ColorSchemeToggle />
          <LocalePicker />
        </div>
      </Container>
    </footer>
  );
}
