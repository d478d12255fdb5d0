import { useMutation } from "@apollo/client/react";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { EMAIL_PATTERN, MIN_PASSWORD } from "./account-rules";

export const REQUEST_PASSWORD_RESET = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      message
    }
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on ResetPasswordSuccess {
        user {
          id
        }
      }
      ... on AccountErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

const messages = defineMessages({
  forgotTitle: { id: "password.forgot.title", defaultMessage: "Forgot your password?" },
  checkMailbox: { id: "password.forgot.sent", defaultMessage: "Check your mailbox" },
  forgotIntro: { id: "password.forgot.intro", defaultMessage: "We mail you a link to choose a new one." },
  sendFailed: { id: "password.forgot.failed", defaultMessage: "We could not send the link. Try again in a moment." },
  email: { id: "password.forgot.email", defaultMessage: "Email address" },
  emailInvalid: { id: "password.forgot.email.invalid", defaultMessage: "Enter the email address of your account." },
  send: { id: "password.forgot.submit", defaultMessage: "Send the link" },
  backToLogin: { id: "password.backToLogin", defaultMessage: "Back to log in" },
  resetTitle: { id: "password.reset.title", defaultMessage: "Choose a new password" },
  invalidLink: { id: "password.reset.invalidLink", defaultMessage: "This link is not valid. Ask for a new one." },
  newLink: { id: "password.reset.newLink", defaultMessage: "Ask for a new link" },
  changed: { id: "password.reset.changed", defaultMessage: "Your password is changed" },
  canLogIn: { id: "password.reset.canLogIn", defaultMessage: "You can now <link>log in</link> with it." },
  changeFailed: {
    id: "password.reset.failed",
    defaultMessage: "We could not change your password. Try again in a moment.",
  },
  newPassword: { id: "password.reset.new", defaultMessage: "New password" },
  tooShort: { id: "password.reset.short", defaultMessage: "Use at least {min, number} characters." },
  repeat: { id: "password.reset.repeat", defaultMessage: "Repeat the new password" },
  differ: { id: "password.reset.differ", defaultMessage: "The two passwords differ." },
  submit: { id: "password.reset.submit", defaultMessage: "Change the password" },
});

/** The pages' names, for their document titles. */
export const FORGOT_PASSWORD_TITLE = messages.forgotTitle;
export const RESET_PASSWORD_TITLE = messages.resetTitle;

/** /user/password: ask for a reset link. The answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [request, { data, loading, error }] = useMutation(REQUEST_PASSWORD_RESET);
  const invalid = !EMAIL_PATTERN.test(email.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    void request({ variables: { email: email.trim() } }).catch(() => undefined);
  };

  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>
        <FormattedMessage {...messages.forgotTitle} />
      </Title>
      {data ? (
        <Alert color="green" role="status" title={intl.formatMessage(messages.checkMailbox)}>
          {data.requestPasswordReset.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>
              <FormattedMessage {...messages.forgotIntro} />
            </Text>
            {error ? <DangerList messages={[intl.formatMessage(messages.sendFailed)]} /> : null}
            <TextInput
              label={intl.formatMessage(messages.email)}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && invalid ? intl.formatMessage(messages.emailInvalid) : undefined}
            />
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.send} />
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={NavLink} to="/user/login">
        <FormattedMessage {...messages.backToLogin} />
      </Anchor>
    </Stack>
  );
}

/** /user/reset-password?token=...: choose the new password with the mailed link. */
export function ResetPasswordPage({ token }: { token: string | null }) {
  const intl = useIntl();
  const title = (
    <Title order={1}>
      <FormattedMessage {...messages.resetTitle} />
    </Title>
  );
  const newLink = (
    <Anchor component={NavLink} to="/user/password">
      <FormattedMessage {...messages.newLink} />
    </Anchor>
  );
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [touched, setTouched] = useState(false);
  const [reset, { data, loading, error }] = useMutation(RESET_PASSWORD);

  const tooShort = password.length < MIN_PASSWORD;
  const mismatch = repeat !== password;
  const answer = data?.resetPassword;
  const serverErrors =
    answer?.__typename === "AccountErrors" ? answer.errors.map((e) => e.message) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!token || tooShort || mismatch) return;
    void reset({ variables: { input: { token, password } } }).catch(() => undefined);
  };

  if (!token) {
    return (
      <Stack gap="md" maw={480}>
        {title}
        <DangerList messages={[intl.formatMessage(messages.invalidLink)]} />
        {newLink}
      </Stack>
    );
  }
  if (answer?.__typename === "ResetPasswordSuccess") {
    return (
      <Stack gap="md" maw={480}>
        {title}
        <Alert color="green" role="status" title={intl.formatMessage(messages.changed)}>
          <FormattedMessage
            {...messages.canLogIn}
            values={{
              link: (chunks) => (
                <Anchor component={NavLink} to="/user/login">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={480}>
      {title}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DangerList messages={error ? [intl.formatMessage(messages.changeFailed)] : serverErrors} />
          <PasswordInput
            label={intl.formatMessage(messages.newPassword)}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={touched && tooShort ? intl.formatMessage(messages.tooShort, { min: MIN_PASSWORD }) : undefined}
          />
          <PasswordInput
            label={intl.formatMessage(messages.repeat)}
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            error={touched && mismatch ? intl.formatMessage(messages.differ) : undefined}
          />
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.submit} />
          </Button>
        </Stack>
      </form>
      {newLink}
    </Stack>
  );
}
