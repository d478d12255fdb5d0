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
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { NameFields } from "./NameFields";
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

const messages = defineMessages({
  unavailable: { id: "account.unavailable", defaultMessage: "We could not save your changes. Try again in a moment." },
  firstNameMissing: { id: "account.firstName.missing", defaultMessage: "Enter your first name." },
  lastNameMissing: { id: "account.lastName.missing", defaultMessage: "Enter your last name." },
  tooLong: { id: "account.name.tooLong", defaultMessage: "Use at most {max, number} characters." },
  profile: { id: "account.profile.title", defaultMessage: "Profile" },
  profileSaved: { id: "account.profile.saved", defaultMessage: "Your profile was saved." },
  displayName: { id: "account.profile.displayName", defaultMessage: "Display name" },
  displayNameHint: {
    id: "account.profile.displayName.hint",
    defaultMessage: "The name others see. Leave it empty to use your first and last name.",
  },
  saveProfile: { id: "account.profile.save", defaultMessage: "Save the profile" },
  emailInvalid: { id: "account.email.invalid", defaultMessage: "Enter a valid email address." },
  emailSame: { id: "account.email.same", defaultMessage: "This is your address already." },
  currentPasswordMissing: { id: "account.currentPassword.missing", defaultMessage: "Enter your current password." },
  email: { id: "account.email.title", defaultMessage: "Email address" },
  emailRequested: {
    id: "account.email.requested",
    defaultMessage: "We sent a confirmation link to {email}. Your address changes once you open it.",
  },
  emailPending: { id: "account.email.pending", defaultMessage: "Waiting for confirmation: {email}" },
  newEmail: { id: "account.email.new", defaultMessage: "New email address" },
  currentPassword: { id: "account.currentPassword", defaultMessage: "Current password" },
  changeEmail: { id: "account.email.submit", defaultMessage: "Change the email address" },
  passwordShort: { id: "account.password.short", defaultMessage: "Use at least {min, number} characters." },
  passwordLong: { id: "account.password.long", defaultMessage: "Use at most {max, number} characters." },
  passwordsDiffer: { id: "account.password.differ", defaultMessage: "The two passwords differ." },
  password: { id: "account.password.title", defaultMessage: "Password" },
  passwordChanged: { id: "account.password.changed", defaultMessage: "Your password was changed." },
  newPassword: { id: "account.password.new", defaultMessage: "New password" },
  newPasswordHint: {
    id: "account.password.new.hint",
    defaultMessage: "{min, number} to {max, number} characters, not containing your email name.",
  },
  repeatPassword: { id: "account.password.repeat", defaultMessage: "Repeat the new password" },
  changePassword: { id: "account.password.submit", defaultMessage: "Change the password" },
  dangerZone: { id: "account.delete.title", defaultMessage: "Danger zone" },
  deleteText: {
    id: "account.delete.text",
    defaultMessage:
      "Deleting your account removes your profile for good, and within minutes every part of the board erases what it kept about you: your resume and its files, bookmarks, job alerts, uploads, memberships and consents. Applications you sent stay with the organizations without your name and contact details, so their statistics stay right. This cannot be undone.",
  },
  deleteButton: { id: "account.delete.open", defaultMessage: "Delete my account" },
  deleteTitle: { id: "account.delete.dialog.title", defaultMessage: "Delete your account?" },
  deleteConfirm: {
    id: "account.delete.dialog.text",
    defaultMessage: "Enter your current password to confirm. Your account is deleted at once; the rest follows within minutes.",
  },
  deleteFailed: { id: "account.delete.failed", defaultMessage: "We could not delete your account. Try again in a moment." },
  cancel: { id: "account.delete.cancel", defaultMessage: "Cancel" },
  deleteForGood: { id: "account.delete.submit", defaultMessage: "Delete my account for good" },
});

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

const PROFILE_FIELDS = ["firstName", "lastName", "displayName"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

function nameChecks(values: Record<ProfileField, string>, intl: IntlShape): Checks<ProfileField> {
  const errors: Checks<ProfileField> = {};
  const tooLong = intl.formatMessage(messages.tooLong, { max: MAX_NAME });
  if (!values.firstName.trim()) errors.firstName = intl.formatMessage(messages.firstNameMissing);
  else if (values.firstName.trim().length > MAX_NAME) errors.firstName = tooLong;
  if (!values.lastName.trim()) errors.lastName = intl.formatMessage(messages.lastNameMissing);
  else if (values.lastName.trim().length > MAX_NAME) errors.lastName = tooLong;
  if (values.displayName.trim().length > MAX_NAME) errors.displayName = tooLong;
  return errors;
}

export interface ProfileUser {
  firstName: string;
  lastName: string;
  displayName: string;
}

export function ProfileForm({ user }: { user: ProfileUser }) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<ProfileField, string>>(() => ({
    firstName: user.firstName,
    lastName: user.lastName,
    // The default display name is "first last": leave it empty so it follows name changes.
    displayName: user.displayName === `${user.firstName} ${user.lastName}`.trim() ? "" : user.displayName,
  }));
  const [touched, setTouched] = useState(false);
  const [update, { data, loading, error }] = useMutation(UPDATE_PROFILE);

  const checks = nameChecks(values, intl);
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
    <SettingsCard title={intl.formatMessage(messages.profile)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {answer?.__typename === "AccountUpdated" ? (
            <Alert color="green" role="status">
              <FormattedMessage {...messages.profileSaved} />
            </Alert>
          ) : null}
          <DangerList messages={error ? [intl.formatMessage(messages.unavailable)] : server.general} />
          <NameFields values={values} onChange={set} errorOf={fieldError} />
          <TextInput
            label={intl.formatMessage(messages.displayName)}
            description={intl.formatMessage(messages.displayNameHint)}
            autoComplete="nickname"
            value={values.displayName}
            onChange={set("displayName")}
            error={fieldError("displayName")}
          />
          <Group>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.saveProfile} />
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
  const intl = useIntl();
  const [values, setValues] = useState<Record<EmailField, string>>({ email: "", currentPassword: "" });
  const [touched, setTouched] = useState(false);
  const [change, { data, loading, error }] = useMutation(CHANGE_EMAIL);

  const checks: Checks<EmailField> = {};
  const email = values.email.trim();
  if (!EMAIL_PATTERN.test(email)) checks.email = intl.formatMessage(messages.emailInvalid);
  else if (email.toLowerCase() === user.email?.toLowerCase()) checks.email = intl.formatMessage(messages.emailSame);
  if (!values.currentPassword) checks.currentPassword = intl.formatMessage(messages.currentPasswordMissing);
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
    <SettingsCard title={intl.formatMessage(messages.email)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {requested ? (
            <Alert color="blue" role="status">
              <FormattedMessage {...messages.emailRequested} values={{ email: requested }} />
            </Alert>
          ) : user.pendingEmail ? (
            <Text size="sm" data-testid="account-pending-email">
              <FormattedMessage {...messages.emailPending} values={{ email: user.pendingEmail }} />
            </Text>
          ) : null}
          <DangerList messages={error ? [intl.formatMessage(messages.unavailable)] : server.general} />
          <TextInput
            label={intl.formatMessage(messages.newEmail)}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set("email")}
            error={fieldError("email")}
          />
          <PasswordInput
            label={intl.formatMessage(messages.currentPassword)}
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={fieldError("currentPassword")}
          />
          <Group>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.changeEmail} />
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

function passwordChecks(values: Record<PasswordField, string>, intl: IntlShape): Checks<PasswordField> {
  const errors: Checks<PasswordField> = {};
  if (!values.currentPassword) errors.currentPassword = intl.formatMessage(messages.currentPasswordMissing);
  if (values.newPassword.length < MIN_PASSWORD)
    errors.newPassword = intl.formatMessage(messages.passwordShort, { min: MIN_PASSWORD });
  else if (values.newPassword.length > MAX_PASSWORD)
    errors.newPassword = intl.formatMessage(messages.passwordLong, { max: MAX_PASSWORD });
  if (values.repeat !== values.newPassword) errors.repeat = intl.formatMessage(messages.passwordsDiffer);
  return errors;
}

export function ChangePasswordForm() {
  const intl = useIntl();
  const [values, setValues] = useState(NO_PASSWORDS);
  const [touched, setTouched] = useState(false);
  const [change, { data, loading, error }] = useMutation(CHANGE_PASSWORD);

  const checks = passwordChecks(values, intl);
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
    <SettingsCard title={intl.formatMessage(messages.password)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {answer?.__typename === "AccountUpdated" ? (
            <Alert color="green" role="status">
              <FormattedMessage {...messages.passwordChanged} />
            </Alert>
          ) : null}
          <DangerList messages={error ? [intl.formatMessage(messages.unavailable)] : server.general} />
          <PasswordInput
            label={intl.formatMessage(messages.currentPassword)}
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={fieldError("currentPassword")}
          />
          <PasswordInput
            label={intl.formatMessage(messages.newPassword)}
            description={intl.formatMessage(messages.newPasswordHint, { min: MIN_PASSWORD, max: MAX_PASSWORD })}
            autoComplete="new-password"
            required
            value={values.newPassword}
            onChange={set("newPassword")}
            error={fieldError("newPassword")}
          />
          <PasswordInput
            label={intl.formatMessage(messages.repeatPassword)}
            autoComplete="new-password"
            required
            value={values.repeat}
            onChange={set("repeat")}
            error={fieldError("repeat")}
          />
          <Group>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.changePassword} />
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
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [remove, { data, loading, error, reset }] = useMutation(DELETE_ACCOUNT);

  const missing = password.length === 0;
  const server = serverErrors(data?.deleteAccount, ["currentPassword"]);
  const passwordError =
    (touched && missing ? intl.formatMessage(messages.currentPasswordMissing) : undefined) ??
    server.byField.currentPassword;

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
      aria-label={intl.formatMessage(messages.dangerZone)}
      style={{ borderColor: "var(--mantine-color-red-6)" }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" c="red">
          <FormattedMessage {...messages.dangerZone} />
        </Title>
        <Text>
          <FormattedMessage {...messages.deleteText} />
        </Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpened(true)}>
            <FormattedMessage {...messages.deleteButton} />
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title={intl.formatMessage(messages.deleteTitle)} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>
              <FormattedMessage {...messages.deleteConfirm} />
            </Text>
            <DangerList messages={error ? [intl.formatMessage(messages.deleteFailed)] : server.general} />
            <PasswordInput
              label={intl.formatMessage(messages.currentPassword)}
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={passwordError}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                <FormattedMessage {...messages.cancel} />
              </Button>
              <Button type="submit" color="red" loading={loading}>
                <FormattedMessage {...messages.deleteForGood} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
