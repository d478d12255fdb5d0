import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { safeDestination, withDispatch } from "./destinations";
import { signInWithCredentials } from "./session";
import { SocialButtons } from "./SocialButtons";
import { EMAIL_PATTERN } from "./account-rules";

const messages = defineMessages({
  throttled: {
    id: "login.error.throttled",
    defaultMessage: "Too many failed attempts. Please wait a few minutes before trying again.",
  },
  unavailable: {
    id: "login.error.unavailable",
    defaultMessage: "Signing in is not possible right now. Please try again in a moment.",
  },
  wrongCredentials: {
    id: "login.error.wrongCredentials",
    defaultMessage: "The email address or password is not correct.",
  },
  expired: { id: "login.error.expired", defaultMessage: "The form had expired. Please try again." },
  failed: { id: "login.error.failed", defaultMessage: "Signing in did not work. Please try again." },
  title: { id: "login.title", defaultMessage: "Log in" },
  sessionRequired: { id: "login.sessionRequired", defaultMessage: "Please log in to see this page." },
  email: { id: "login.email", defaultMessage: "Email address" },
  emailInvalid: { id: "login.email.invalid", defaultMessage: "Enter the email address of your account." },
  password: { id: "login.password", defaultMessage: "Password" },
  passwordMissing: { id: "login.password.missing", defaultMessage: "Enter your password." },
  forgot: { id: "login.forgotPassword", defaultMessage: "Forgot your password?" },
  submit: { id: "login.submit", defaultMessage: "Log in" },
  newHere: { id: "login.newHere", defaultMessage: "New here? <link>Create an account</link>" },
});

/** The page's name, for its document title. */
export const LOGIN_TITLE = messages.title;

/** Readable messages for what the login page can be sent back with (spec 8). */
export function signInErrorMessage(error: string | null, code: string | null): MessageDescriptor | null {
  if (!error) return null;
  if (error === "SessionRequired") return null;
  if (error === "CredentialsSignin") {
    if (code === "throttled") return messages.throttled;
    if (code === "unavailable") return messages.unavailable;
    return messages.wrongCredentials;
  }
  if (error === "MissingCSRF") return messages.expired;
  if (error === "Unavailable") return messages.unavailable;
  return messages.failed;
}

export interface LoginPageProps {
  providers: { id: string; name: string }[];
  destination: string | null;
  /** Set when Auth.js or a page sent the visitor here (`?error=...&code=...`). */
  error: string | null;
  code: string | null;
}

/** /user/login: email and password, or a social provider; back to `destination` afterwards. */
export function LoginPage({ providers, destination, error, code }: LoginPageProps) {
  const intl = useIntl();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<MessageDescriptor | null>(signInErrorMessage(error, code));

  const target = withDispatch(safeDestination(destination), "login");
  const emailInvalid = !EMAIL_PATTERN.test(email.trim());
  const passwordMissing = password.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailInvalid || passwordMissing) return;
    setPending(true);
    setFailure(null);
    const result = await signInWithCredentials({ email: email.trim(), password, callbackUrl: target });
    if (result.ok) {
      // A full load renders the next page with the session from the first byte.
      window.location.assign(target);
      return;
    }
    setPending(false);
    setFailure(signInErrorMessage(result.error ?? "CredentialsSignin", result.code));
  };

  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {error === "SessionRequired" ? (
        <Alert color="blue" role="status">
          <FormattedMessage {...messages.sessionRequired} />
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <DangerList messages={failure ? [intl.formatMessage(failure)] : []} />
          <TextInput
            label={intl.formatMessage(messages.email)}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={touched && emailInvalid ? intl.formatMessage(messages.emailInvalid) : undefined}
          />
          <PasswordInput
            label={intl.formatMessage(messages.password)}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={touched && passwordMissing ? intl.formatMessage(messages.passwordMissing) : undefined}
          />
          <Group justify="space-between">
            <Anchor component={NavLink} to="/user/password" size="sm">
              <FormattedMessage {...messages.forgot} />
            </Anchor>
            <Button type="submit" loading={pending}>
              <FormattedMessage {...messages.submit} />
            </Button>
          </Group>
        </Stack>
      </form>
      <SocialButtons providers={providers} callbackUrl={target} verb="login" />
      <Text size="sm">
        <FormattedMessage
          {...messages.newHere}
          values={{
            link: (chunks) => (
              <Anchor component={NavLink} to="/user/register">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Stack>
  );
}
