import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { ChangeEmailForm, ChangePasswordForm, DeleteAccountCard, ProfileForm } from "./AccountForms";
import { DataExportCard } from "./DataExportCard";
import { clientRole } from "./roles";

export const ACCOUNT_SETTINGS = graphql(`
  query AccountSettings {
    currentUser {
      id
      name
      displayName
      firstName
      lastName
      email
      emailVerified
      pendingEmail
      roles {
        targetId
      }
    }
  }
`);

const ROLE_LABELS: Record<string, Message> = defineMessages({
  applicant: { id: "account.role.applicant", defaultMessage: "Applicant" },
  recruiter: { id: "account.role.recruiter", defaultMessage: "Recruiter" },
  administrator: { id: "account.role.administrator", defaultMessage: "Administrator" },
  site_admin: { id: "account.role.siteAdmin", defaultMessage: "Site administrator" },
  job_editor: { id: "account.role.jobEditor", defaultMessage: "Job editor" },
});

const messages = defineMessages({
  title: { id: "account.title", defaultMessage: "Account settings" },
  failed: { id: "account.failed", defaultMessage: "Your account could not be loaded. Please try again in a moment." },
  loading: { id: "account.loading", defaultMessage: "Loading your account…" },
  fullName: { id: "account.fullName", defaultMessage: "{firstName} {lastName}" },
  confirmed: { id: "account.email.confirmed", defaultMessage: "Confirmed" },
  notConfirmed: { id: "account.email.notConfirmed", defaultMessage: "Not confirmed yet" },
  roles: { id: "account.roles", defaultMessage: "Roles" },
  socialPassword: {
    id: "account.socialPassword",
    defaultMessage: "Signed up with a social provider? Set a password first with <link>‘Forgot your password’</link>.",
  },
});

/** The page's name, for its document title. */
export const ACCOUNT_TITLE = messages.title;

/** /user/account: who you are signed in as, and the forms to change it. */
export function AccountPage() {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ACCOUNT_SETTINGS);
  const user = data?.currentUser;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {error ? (
        <Text role="alert">
          <FormattedMessage {...messages.failed} />
        </Text>
      ) : null}
      {loading && !user ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.loading} />
        </Text>
      ) : null}
      {user ? (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text fw={600} size="lg" data-testid="account-name">
              {user.displayName || user.name}
            </Text>
            <Text>
              <FormattedMessage {...messages.fullName} values={{ firstName: user.firstName, lastName: user.lastName }} />
            </Text>
            <Group gap="xs">
              <Text data-testid="account-email">{user.email}</Text>
              <Badge color={user.emailVerified ? "green" : "orange"} variant="light">
                <FormattedMessage {...(user.emailVerified ? messages.confirmed : messages.notConfirmed)} />
              </Badge>
            </Group>
            <Group gap="xs" aria-label={intl.formatMessage(messages.roles)}>
              {(user.roles ?? []).map((role) => {
                const label = ROLE_LABELS[role.targetId];
                return (
                  <Badge key={role.targetId} variant="outline">
                    {label ? intl.formatMessage(label) : role.targetId}
                  </Badge>
                );
              })}
              <Text size="xs" c="dimmed">
                ({clientRole((user.roles ?? []).map((role) => role.targetId))})
              </Text>
            </Group>
          </Stack>
        </Card>
      ) : null}
      {user ? (
        <>
          <ProfileForm user={user} />
          <Text size="sm" c="dimmed">
            <FormattedMessage
              {...messages.socialPassword}
              values={{
                link: (chunks) => (
                  <Anchor component={NavLink} to="/user/password">
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
          <ChangeEmailForm user={user} />
          <ChangePasswordForm />
          <DataExportCard />
          <DeleteAccountCard />
        </>
      ) : null}
    </Stack>
  );
}
