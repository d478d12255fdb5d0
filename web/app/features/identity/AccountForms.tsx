import { useMutation } from "@apollo/client/react";
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState, type FormEvent, type ReactNode } from "react";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import { NO_ERRORS, sortAccountErrors, type SortedAccountErrors } from "./account-errors";
import { EMAIL_PATTERN, MAX_NAME, MAX_PASSWORD, MIN_PASSWORD } from "./account-rules";

export const UPDATE_PROFILE = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on AccountUpdated {
        user {
          id
          name
          displayName
          firstName
          lastName
        }
      }
      ... on AccountErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const CHANGE_EMAIL = graphql(`
  mutation ChangeEmail($input: ChangeEmailInput!) {
    changeEmail(input: $input) {
      __typename
      ... on AccountUpdated {
        user {
          id
          email
          emailVerified
          pendingEmail
        }
      }
      ... on AccountErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on AccountUpdated {
        user {
          id
        }
      }
      ... on AccountErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const DELETE_ACCOUNT = graphql(`
  mutation DeleteAccount($currentPassword: String!) {
    deleteAccount(currentPassword: $currentPassword) {
      __typename
      ... on AccountDeleted {
        id
      }
      ... on AccountErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

type Checks<F extends string> = Partial<Record<F, string>>;
type Answer = {
  __typename?: string;
  message?: string;
  errors?: readonly { field?: string | null; message: string }[];
};

function serverErrors(answer: Answer | undefined, fields: readonly string[]): SortedAccountErrors {
  if (answer?.__typename !== "AccountErrors" || !answer.errors) return NO_ERRORS;
  return sortAccountErrors({ message: answer.message ?? "", errors: answer.errors }, fields);
}

/** Local checks first (once the form was submitted), then the server's error for the field. */
function fieldErrorsOf<F extends string>(checks: Checks<F>, touched: boolean, server: SortedAccountErrors) {
  return (field: F) => (touched ? checks[field] : undefined) ?? server.byField[field];
}

function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const UNAVAILABLE = "We could not save your changes. Try again in a moment.";
const PROFILE_FIELDS = ["firstName", "lastName", "displayName"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

function nameChecks(values: Record<ProfileField, string>): Checks<ProfileField> {
  const errors: Checks<ProfileField> = {};
  if (!values.firstName.trim()) errors.firstName = "Enter your first name.";
  else if (values.firstName.trim().length > MAX_NAME)
    errors.firstName = `Use at most ${MAX_NAME} characters.`;
  if (!values.lastName.trim()) errors.lastName = "Enter your last name.";
  else if (values.lastName.trim().length > MAX_NAME) errors.lastName = `Use at most ${MAX_NAME} characters.`;
  if (values.displayName.trim().length > MAX_NAME) errors.displayName = `Use at most ${MAX_NAME} characters.`;
  return errors;
}

export interface ProfileUser {
  firstName: string;
  lastName: string;
  displayName: string;
}

export function ProfileForm({ user }: { user: ProfileUser }) {
  const [values, setValues] = useState<Record<ProfileField, string>>(() => ({
    firstName: user.firstName,
    lastName: user.lastName,
    // The default display name is "first last": leave it empty so it follows name changes.
    displayName: user.displayName === `${user.firstName} ${user.lastName}`.trim() ? "" : user.displayName,
  }));
  const [touched, setTouched] = useState(false);
  const [update, { data, loading, error }] = useMutation(UPDATE_PROFILE);

  const checks = nameChecks(values);
  const answer = data?.updateProfile;
  const server = serverErrors(answer, PROFILE_FIELDS);
  const fieldError = fieldErrorsOf(checks, touched, server);
  const set = (field: ProfileField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(checks).length > 0) return;
    void update({
      variables: {
        input: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          displayName: values.displayName.trim(),
        },
      },
    }).catch(() => undefined);
  };

  return (
    <SettingsCard title="Profile">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {answer?.__typename === "AccountUpdated" ? (
            <Alert color="green" role="status">
              Your profile was saved.
            </Alert>
          ) : null}
          <DangerList messages={error ? [UNAVAILABLE] : server.general} />
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={set("firstName")}
              error={fieldError("firstName")}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={set("lastName")}
              error={fieldError("lastName")}
            />
          </Group>
          <TextInput
            label="Display name"
            description="The name others see. Leave it empty to use your first and last name."
            autoComplete="nickname"
            value={values.displayName}
            onChange={set("displayName")}
            error={fieldError("displayName")}
          />
          <Group>
            <Button type="submit" loading={loading}>
              Save the profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

const EMAIL_FIELDS = ["email", "currentPassword"] as const;
type EmailField = (typeof EMAIL_FIELDS)[number];

export interface EmailUser {
  email?: string | null;
  pendingEmail?: string | null;
}

export function ChangeEmailForm({ user }: { user: EmailUser }) {
  const [values, setValues] = useState<Record<EmailField, string>>({ email: "", currentPassword: "" });
  const [touched, setTouched] = useState(false);
  const [change, { data, loading, error }] = useMutation(CHANGE_EMAIL);

  const checks: Checks<EmailField> = {};
  const email = values.email.trim();
  if (!EMAIL_PATTERN.test(email)) checks.email = "Enter a valid email address.";
  else if (email.toLowerCase() === user.email?.toLowerCase()) checks.email = "This is your address already.";
  if (!values.currentPassword) checks.currentPassword = "Enter your current password.";
  const answer = data?.changeEmail;
  const server = serverErrors(answer, EMAIL_FIELDS);
  const fieldError = fieldErrorsOf(checks, touched, server);
  const set = (field: EmailField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(checks).length > 0) return;
    void change({ variables: { input: { email, currentPassword: values.currentPassword } } })
      .then((result) => {
        if (result.data?.changeEmail.__typename !== "AccountUpdated") return;
        setTouched(false);
        setValues({ email: "", currentPassword: "" });
      })
      .catch(() => undefined);
  };

  const requested = answer?.__typename === "AccountUpdated" ? answer.user.pendingEmail : null;
  return (
    <SettingsCard title="Email address">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {requested ? (
            <Alert color="blue" role="status">
              We sent a confirmation link to {requested}. Your address changes once you open it.
            </Alert>
          ) : user.pendingEmail ? (
            <Text size="sm" data-testid="account-pending-email">
              Waiting for confirmation: {user.pendingEmail}
            </Text>
          ) : null}
          <DangerList messages={error ? [UNAVAILABLE] : server.general} />
          <TextInput
            label="New email address"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set("email")}
            error={fieldError("email")}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={fieldError("currentPassword")}
          />
          <Group>
            <Button type="submit" loading={loading}>
              Change the email address
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword"] as const;
type PasswordField = (typeof PASSWORD_FIELDS)[number] | "repeat";
const NO_PASSWORDS: Record<PasswordField, string> = { currentPassword: "", newPassword: "", repeat: "" };

function passwordChecks(values: Record<PasswordField, string>): Checks<PasswordField> {
  const errors: Checks<PasswordField> = {};
  if (!values.currentPassword) errors.currentPassword = "Enter your current password.";
  if (values.newPassword.length < MIN_PASSWORD)
    errors.newPassword = `Use at least ${MIN_PASSWORD} characters.`;
  else if (values.newPassword.length > MAX_PASSWORD)
    errors.newPassword = `Use at most ${MAX_PASSWORD} characters.`;
  if (values.repeat !== values.newPassword) errors.repeat = "The two passwords differ.";
  return errors;
}

export function ChangePasswordForm() {
  const [values, setValues] = useState(NO_PASSWORDS);
  const [touched, setTouched] = useState(false);
  const [change, { data, loading, error }] = useMutation(CHANGE_PASSWORD);

  const checks = passwordChecks(values);
  const answer = data?.changePassword;
  const server = serverErrors(answer, PASSWORD_FIELDS);
  const fieldError = fieldErrorsOf(checks, touched, server);
  const set = (field: PasswordField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(checks).length > 0) return;
    void change({
      variables: { input: { currentPassword: values.currentPassword, newPassword: values.newPassword } },
    })
      .then((result) => {
        if (result.data?.changePassword.__typename !== "AccountUpdated") return;
        setTouched(false);
        setValues(NO_PASSWORDS);
      })
      .catch(() => undefined);
  };

  return (
    <SettingsCard title="Password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {answer?.__typename === "AccountUpdated" ? (
            <Alert color="green" role="status">
              Your password was changed.
            </Alert>
          ) : null}
          <DangerList messages={error ? [UNAVAILABLE] : server.general} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={fieldError("currentPassword")}
          />
          <PasswordInput
            label="New password"
            description={`${MIN_PASSWORD} to ${MAX_PASSWORD} characters, not containing your email name.`}
            autoComplete="new-password"
            required
            value={values.newPassword}
            onChange={set("newPassword")}
            error={fieldError("newPassword")}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            value={values.repeat}
            onChange={set("repeat")}
            error={fieldError("repeat")}
          />
          <Group>
            <Button type="submit" loading={loading}>
              Change the password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function leaveForLogout() {
  window.location.assign("/user/logout");
}

export function DeleteAccountCard({ onDeleted = leaveForLogout }: { onDeleted?: () => void }) {
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [remove, { data, loading, error, reset }] = useMutation(DELETE_ACCOUNT);

  const missing = password.length === 0;
  const server = serverErrors(data?.deleteAccount, ["currentPassword"]);
  const passwordError =
    (touched && missing ? "Enter your current password." : undefined) ?? server.byField.currentPassword;

  const close = () => {
    setOpened(false);
    setPassword("");
    setTouched(false);
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    void remove({ variables: { currentPassword: password } })
      .then((result) => {
        if (result.data?.deleteAccount.__typename === "AccountDeleted") onDeleted();
      })
      .catch(() => undefined);
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-label="Danger zone"
      style={{ borderColor: "var(--mantine-color-red-6)" }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" c="red">
          Danger zone
        </Title>
        <Text>Deleting your account removes your profile for good. This cannot be undone.</Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpened(true)}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title="Delete your account?" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>Enter your current password to confirm. Your account is deleted at once.</Text>
            <DangerList
              messages={error ? ["We could not delete your account. Try again in a moment."] : server.general}
            />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={passwordError}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={loading}>
                Delete my account for good
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
