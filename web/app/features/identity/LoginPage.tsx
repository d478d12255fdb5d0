import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NavLink } from "react-router";
import { DangerList } from "~/components/DangerList";
import { safeDestination, withDispatch } from "./destinations";
import { signInWithCredentials } from "./session";
import { SocialButtons } from "./SocialButtons";
import { EMAIL_PATTERN } from "./account-rules";

/** Readable messages for what the login page can be sent back with (spec 8). */
export function signInErrorMessage(error: string | null, code: string | null): string | null {
  if (!error) return null;
  if (error === "SessionRequired") return null;
  if (error === "CredentialsSignin") {
    if (code === "throttled") {
      return "Too many failed attempts. Please wait a few minutes before trying again.";
    }
    if (code === "unavailable") return "Signing in is not possible right now. Please try again in a moment.";
    return "The email address or password is not correct.";
  }
  if (error === "MissingCSRF") return "The form had expired. Please try again.";
  if (error === "Unavailable") return "Signing in is not possible right now. Please try again in a moment.";
  return "Signing in did not work. Please try again.";
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
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(signInErrorMessage(error, code));

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
      <Title order={1}>Log in</Title>
      {error === "SessionRequired" ? (
        <Alert color="blue" role="status">
          Please log in to see this page.
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <DangerList messages={failure ? [failure] : []} />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={touched && emailInvalid ? "Enter the email address of your account." : undefined}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={touched && passwordMissing ? "Enter your password." : undefined}
          />
          <Group justify="space-between">
            <Anchor component={NavLink} to="/user/password" size="sm">
              Forgot your password?
            </Anchor>
            <Button type="submit" loading={pending}>
              Log in
            </Button>
          </Group>
        </Stack>
      </form>
      <SocialButtons providers={providers} callbackUrl={target} verb="Log in" />
      <Text size="sm">
        New here?{" "}
        <Anchor component={NavLink} to="/user/register">
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
