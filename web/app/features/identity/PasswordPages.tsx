import { useMutation } from "@apollo/client/react";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
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

/** /user/password: ask for a reset link. The answer never tells whether the account exists. */
export function ForgotPasswordPage() {
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
      <Title order={1}>Forgot your password?</Title>
      {data ? (
        <Alert color="green" role="status" title="Check your mailbox">
          {data.requestPasswordReset.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>We mail you a link to choose a new one.</Text>
            {error ? <DangerList messages={["We could not send the link. Try again in a moment."]} /> : null}
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && invalid ? "Enter the email address of your account." : undefined}
            />
            <Button type="submit" loading={loading}>
              Send the link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={NavLink} to="/user/login">
        Back to log in
      </Anchor>
    </Stack>
  );
}

/** /user/reset-password?token=...: choose the new password with the mailed link. */
export function ResetPasswordPage({ token }: { token: string | null }) {
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
        <Title order={1}>Choose a new password</Title>
        <DangerList messages={["This link is not valid. Ask for a new one."]} />
        <Anchor component={NavLink} to="/user/password">
          Ask for a new link
        </Anchor>
      </Stack>
    );
  }
  if (answer?.__typename === "ResetPasswordSuccess") {
    return (
      <Stack gap="md" maw={480}>
        <Title order={1}>Choose a new password</Title>
        <Alert color="green" role="status" title="Your password is changed">
          You can now{" "}
          <Anchor component={NavLink} to="/user/login">
            log in
          </Anchor>{" "}
          with it.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>Choose a new password</Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DangerList
            messages={error ? ["We could not change your password. Try again in a moment."] : serverErrors}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={touched && tooShort ? `Use at least ${MIN_PASSWORD} characters.` : undefined}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            error={touched && mismatch ? "The two passwords differ." : undefined}
          />
          <Button type="submit" loading={loading}>
            Change the password
          </Button>
        </Stack>
      </form>
      <Anchor component={NavLink} to="/user/password">
        Ask for a new link
      </Anchor>
    </Stack>
  );
}
