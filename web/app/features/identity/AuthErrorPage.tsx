import { Alert, Anchor, Stack, Title } from "@mantine/core";
import { NavLink } from "~/components/Link";

/** Every Auth.js error class (and ours) in words a visitor can act on (spec 8). */
export function authErrorMessage(error: string | null): string {
  switch (error) {
    case "AccessDenied":
      return "This account may not sign in here. Use another account or contact us.";
    case "Configuration":
    case "MissingSecret":
    case "MissingAdapter":
    case "UnsupportedStrategy":
    case "InvalidEndpoints":
      return "Signing in is misconfigured on our side. Please try again later.";
    case "Verification":
      return "This sign-in link is no longer valid. Ask for a new one.";
    case "OAuthSignin":
    case "OAuthCallbackError":
    case "OAuthAccountNotLinked":
    case "OAuthProfileParseError":
    case "InvalidCheck":
    case "CallbackRouteError":
      return "The sign-in with the provider did not complete. Please try again.";
    case "MissingCSRF":
      return "The sign-in form had expired. Please try again.";
    case "Unavailable":
      return "Signing in is not possible right now. Please try again in a moment.";
    default:
      return "Signing in did not work. Please try again.";
  }
}

export function AuthErrorPage({ error }: { error: string | null }) {
  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>We could not sign you in</Title>
      <Alert color="red" role="alert">
        {authErrorMessage(error)}
      </Alert>
      <Anchor component={NavLink} to="/user/login">
        Back to log in
      </Anchor>
    </Stack>
  );
}
