import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import {
  INVITE_ORGANIZATION_MEMBER,
  LEAVE_ORGANIZATION,
  ORGANIZATION_MEMBERS,
  ORGANIZATION_MEMBERS_PAGE,
  REMOVE_ORGANIZATION_MEMBER,
} from "./documents";
import { groupErrors, UNAVAILABLE } from "./form-kit";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formatDate(value: unknown): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime())
    ? String(value)
    : date.toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric" });
}

function InviteForm({ organizationId }: { organizationId: string }) {
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [invite, { data, loading, error }] = useMutation(INVITE_ORGANIZATION_MEMBER, {
    refetchQueries: [ORGANIZATION_MEMBERS],
  });
  const check = EMAIL_PATTERN.test(email.trim()) ? undefined : "Enter a valid email address.";
  const answer = data?.inviteOrganizationMember;
  const server = groupErrors(answer, ["email"]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check) return;
    void invite({ variables: { organizationId, email: email.trim() } })
      .then((result) => {
        if (result.data?.inviteOrganizationMember.__typename !== "InvitationSent") return;
        setTouched(false);
        setEmail("");
      })
      .catch(() => undefined);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label="Invite a recruiter">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Invite a recruiter
          </Title>
          {answer?.__typename === "InvitationSent" ? (
            <Alert color="green" role="status">
              Invitation sent to {answer.email}. It is valid until {formatDate(answer.expiresAt)}.
            </Alert>
          ) : null}
          <DangerList messages={error ? ["The invitation could not be sent. Try again in a moment."] : server.general} />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={(touched ? check : undefined) ?? server.byField.email}
          />
          <Group>
            <Button type="submit" loading={loading}>
              Send the invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

interface Confirming {
  kind: "remove" | "leave";
  userId: string;
  name: string;
}

function Members({ organizationId, ownerId, currentUserId }: { organizationId: string; ownerId: string; currentUserId?: string }) {
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(ORGANIZATION_MEMBERS, { variables: { organizationId } });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [remove, removal] = useMutation(REMOVE_ORGANIZATION_MEMBER, { refetchQueries: [ORGANIZATION_MEMBERS] });
  const [leave, leaving] = useMutation(LEAVE_ORGANIZATION);
  const refusal =
    confirming?.kind === "leave" ? leaving.data?.leaveOrganization : removal.data?.removeOrganizationMember;
  const failed = confirming?.kind === "leave" ? leaving.error : removal.error;
  const messages = failed ? [UNAVAILABLE] : groupErrors(refusal, []).general;

  const close = () => {
    setConfirming(null);
    removal.reset();
    leaving.reset();
  };

  const confirm = () => {
    if (!confirming) return;
    if (confirming.kind === "leave") {
      void leave({ variables: { organizationId } })
        .then((result) => {
          if (result.data?.leaveOrganization.__typename === "MembershipChanged")
            void navigate("/dashboard/organization");
        })
        .catch(() => undefined);
      return;
    }
    void remove({ variables: { organizationId, userId: confirming.userId } })
      .then((result) => {
        if (result.data?.removeOrganizationMember.__typename === "MembershipChanged") setConfirming(null);
      })
      .catch(() => undefined);
  };

  const members = data?.organizationMembers ?? [];
  const invitations = data?.organizationInvitations ?? [];
  return (
    <>
      <Card withBorder padding="lg" component="section" aria-label="Members">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Members
          </Title>
          {error ? <Text role="alert">The members could not be loaded. Please try again in a moment.</Text> : null}
          {loading && !data ? <Text c="dimmed">Loading the members…</Text> : null}
          {members.length > 0 ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((member) => {
                  const owner = member.role === "owner" || member.user.id === ownerId;
                  const you = member.user.id === currentUserId;
                  return (
                    <Table.Tr key={member.user.id}>
                      <Table.Td>
                        {member.user.name}
                        {you ? " (you)" : ""}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant={owner ? "filled" : "light"}>{owner ? "Owner" : "Recruiter"}</Badge>
                      </Table.Td>
                      <Table.Td>
                        {owner ? null : you ? (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red"
                            onClick={() => setConfirming({ kind: "leave", userId: member.user.id, name: member.user.name })}
                          >
                            Leave organization
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${member.user.name}`}
                            onClick={() => setConfirming({ kind: "remove", userId: member.user.id, name: member.user.name })}
                          >
                            Remove
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-label="Pending invitations">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Pending invitations
          </Title>
          {data && invitations.length === 0 ? <Text c="dimmed">No invitations waiting.</Text> : null}
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }}>
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                <Text>
                  {invitation.email}{" "}
                  <Text span c="dimmed" size="sm">
                    (valid until {formatDate(invitation.expiresAt)})
                  </Text>
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      </Card>
      <Modal
        opened={confirming !== null}
        onClose={close}
        centered
        title={confirming?.kind === "leave" ? "Leave this organization?" : `Remove ${confirming?.name ?? ""}?`}
      >
        <Stack gap="sm">
          <Text>
            {confirming?.kind === "leave"
              ? "You lose access to its profile and jobs until someone invites you again."
              : "They lose access to the organization's profile and jobs."}
          </Text>
          <DangerList messages={messages} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={removal.loading || leaving.loading} onClick={confirm}>
              {confirming?.kind === "leave" ? "Leave the organization" : "Remove the member"}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /dashboard/organization/:id/members: members, removing, leaving, and invitations. */
export function OrganizationMembersPage({ id }: { id: string }) {
  const { data, loading, error } = useQuery(ORGANIZATION_MEMBERS_PAGE, { variables: { id } });
  const profile = data?.organizationProfile;
  const organization = profile?.organization;
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={NavLink} to="/dashboard/organization" size="sm">
        ← My organizations
      </Anchor>
      <Title order={1}>{profile ? `Members of ${profile.name}` : "Members"}</Title>
      {error ? <Text role="alert">The organization could not be loaded. Please try again in a moment.</Text> : null}
      {loading && !data ? <Text c="dimmed">Loading…</Text> : null}
      {data && !organization ? <Text role="alert">This organization does not exist or is not yours.</Text> : null}
      {profile && organization ? (
        <>
          <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/edit`}>
            Edit the profile
          </Anchor>
          <Members organizationId={organization.id} ownerId={organization.ownerId} currentUserId={data?.currentUser?.id} />
          <InviteForm organizationId={organization.id} />
        </>
      ) : null}
    </Stack>
  );
}
