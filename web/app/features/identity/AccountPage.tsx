import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { NavLink } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
import { ChangeEmailForm, ChangePasswordForm, DeleteAccountCard, ProfileForm } from "./AccountForms";
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

const ROLE_LABELS: Record<string, string> = {
  applicant: "Applicant",
  recruiter: "Recruiter",
  administrator: "Administrator",
  site_admin: "Site administrator",
  job_editor: "Job editor",
};

/** /user/account: who you are signed in as, and the forms to change it. */
export function AccountPage() {
  const { data, loading, error } = useQuery(ACCOUNT_SETTINGS);
  const user = data?.currentUser;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Account settings</Title>
      {error ? <Text role="alert">Your account could not be loaded. Please try again in a moment.</Text> : null}
      {loading && !user ? <Text c="dimmed">Loading your account…</Text> : null}
      {user ? (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text fw={600} size="lg" data-testid="account-name">
              {user.displayName || user.name}
            </Text>
            <Text>
              {user.firstName} {user.lastName}
            </Text>
            <Group gap="xs">
              <Text data-testid="account-email">{user.email}</Text>
              <Badge color={user.emailVerified ? "green" : "orange"} variant="light">
                {user.emailVerified ? "Confirmed" : "Not confirmed yet"}
              </Badge>
            </Group>
            <Group gap="xs" aria-label="Roles">
              {(user.roles ?? []).map((role) => (
                <Badge key={role.targetId} variant="outline">
                  {ROLE_LABELS[role.targetId] ?? role.targetId}
                </Badge>
              ))}
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
            Signed up with a social provider? Set a password first with{" "}
            <Anchor component={NavLink} to="/user/password">
              &lsquo;Forgot your password&rsquo;
            </Anchor>
            .
          </Text>
          <ChangeEmailForm user={user} />
          <ChangePasswordForm />
          <DeleteAccountCard />
        </>
      ) : null}
    </Stack>
  );
}
