import { Alert, Anchor, Stack, Title } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { NavLink } from "~/components/Link";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  accessDenied: {
    id: "authError.accessDenied",
    defaultMessage: "This account may not sign in here. Use another account or contact us.",
  },
  configuration: {
    id: "authError.configuration",
    defaultMessage: "Signing in is misconfigured on our side. Please try again later.",
  },
  verification: { id: "authError.verification", defaultMessage: "This sign-in link is no longer valid. Ask for a new one." },
  provider: {
    id: "authError.provider",
    defaultMessage: "The sign-in with the provider did not complete. Please try again.",
  },
  expired: { id: "authError.expired", defaultMessage: "The sign-in form had expired. Please try again." },
  unavailable: {
    id: "authError.unavailable",
    defaultMessage: "Signing in is not possible right now. Please try again in a moment.",
  },
  failed: { id: "authError.failed", defaultMessage: "Signing in did not work. Please try again." },
  title: { id: "authError.title", defaultMessage: "We could not sign you in" },
  backToLogin: { id: "authError.backToLogin", defaultMessage: "Back to log in" },
  documentTitle: { id: "authError.documentTitle", defaultMessage: "Sign-in problem" },
});

/** The page's name, for its document title. */
export const AUTH_ERROR_TITLE = messages.documentTitle;

/** Every Auth.js error class (and ours) in words a visitor can act on (spec 8). */
export function authErrorMessage(error: string | null): Message {
  switch (error) {
    case "AccessDenied":
      return messages.accessDenied;
    case "Configuration":
    case "MissingSecret":
    case "MissingAdapter":
    case "UnsupportedStrategy":
    case "InvalidEndpoints":
      return messages.configuration;
    case "Verification":
      return messages.verification;
    case "OAuthSignin":
    case "OAuthCallbackError":
    case "OAuthAccountNotLinked":
    case "OAuthProfileParseError":
    case "InvalidCheck":
    case "CallbackRouteError":
      return messages.provider;
    case "MissingCSRF":
      return messages.expired;
    case "Unavailable":
      return messages.unavailable;
    default:
      return messages.failed;
  }
}

export function AuthErrorPage({ error }: { error: string | null }) {
  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Alert color="red" role="alert">
        <FormattedMessage {...authErrorMessage(error)} />
      </Alert>
      <Anchor component={NavLink} to="/user/login">
        <FormattedMessage {...messages.backToLogin} />
      </Anchor>
    </Stack>
  );
}
