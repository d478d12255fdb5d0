import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { BackLink } from "~/components/BackLink";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import {
  INVITE_ORGANIZATION_MEMBER,
  LEAVE_ORGANIZATION,
  ORGANIZATION_MEMBERS,
  ORGANIZATION_MEMBERS_PAGE,
  REMOVE_ORGANIZATION_MEMBER,
} from "./documents";
import { defineMessages } from "~/lib/i18n/define-messages";
import { FORM_MESSAGES, groupErrors } from "./form-kit";

const messages = defineMessages({
  invalidEmail: { id: "organizations.members.invalidEmail", defaultMessage: "Enter a valid email address." },
  inviteRecruiter: { id: "organizations.members.inviteRecruiter", defaultMessage: "Invite a recruiter" },
  invitationSent: { id: "organizations.members.invitationSent", defaultMessage: "Invitation sent to {email}. It is valid until {date}." },
  inviteFailed: { id: "organizations.members.inviteFailed", defaultMessage: "The invitation could not be sent. Try again in a moment." },
  email: { id: "organizations.members.email", defaultMessage: "Email address" },
  sendInvitation: { id: "organizations.members.sendInvitation", defaultMessage: "Send the invitation" },
  members: { id: "organizations.members.members", defaultMessage: "Members" },
  membersFailed: { id: "organizations.members.membersFailed", defaultMessage: "The members could not be loaded. Please try again in a moment." },
  loadingMembers: { id: "organizations.members.loadingMembers", defaultMessage: "Loading the members…" },
  name: { id: "organizations.members.name", defaultMessage: "Name" },
  role: { id: "organizations.members.role", defaultMessage: "Role" },
  actions: { id: "organizations.members.actions", defaultMessage: "Actions" },
  memberName: { id: "organizations.members.memberName", defaultMessage: "{name}{you, select, true { (you)} other {}}" },
  owner: { id: "organizations.members.owner", defaultMessage: "Owner" },
  recruiter: { id: "organizations.members.recruiter", defaultMessage: "Recruiter" },
  leaveOrganization: { id: "organizations.members.leaveOrganization", defaultMessage: "Leave organization" },
  removeName: { id: "organizations.members.removeName", defaultMessage: "Remove {name}" },
  remove: { id: "organizations.members.remove", defaultMessage: "Remove" },
  pendingInvitations: { id: "organizations.members.pendingInvitations", defaultMessage: "Pending invitations" },
  noInvitations: { id: "organizations.members.noInvitations", defaultMessage: "No invitations waiting." },
  validUntil: { id: "organizations.members.validUntil", defaultMessage: "(valid until {date})" },
  leaveTitle: { id: "organizations.members.leaveTitle", defaultMessage: "Leave this organization?" },
  removeTitle: { id: "organizations.members.removeTitle", defaultMessage: "Remove {name}?" },
  leaveText: { id: "organizations.members.leaveText", defaultMessage: "You lose access to its profile and jobs until someone invites you again." },
  removeText: { id: "organizations.members.removeText", defaultMessage: "They lose access to the organization's profile and jobs." },
  cancel: { id: "organizations.members.cancel", defaultMessage: "Cancel" },
  leaveSubmit: { id: "organizations.members.leaveSubmit", defaultMessage: "Leave the organization" },
  removeSubmit: { id: "organizations.members.removeSubmit", defaultMessage: "Remove the member" },
  myOrganizations: { id: "organizations.members.myOrganizations", defaultMessage: "My organizations" },
  membersOf: { id: "organizations.members.membersOf", defaultMessage: "Members of {name}" },
  organizationFailed: { id: "organizations.members.organizationFailed", defaultMessage: "The organization could not be loaded. Please try again in a moment." },
  loading: { id: "organizations.members.loading", defaultMessage: "Loading…" },
  notFound: { id: "organizations.members.notFound", defaultMessage: "This organization does not exist or is not yours." },
  editProfile: { id: "organizations.members.editProfile", defaultMessage: "Edit the profile" },
});

/** The page's name, for its document title. */
export const MEMBERS_TITLE = messages.members;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formatDate(value: unknown, intl: IntlShape): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime())
    ? String(value)
    : intl.formatDate(date, { year: "numeric", month: "long", day: "numeric" });
}

function InviteForm({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [invite, { data, loading, error }] = useMutation(INVITE_ORGANIZATION_MEMBER, {
    refetchQueries: [ORGANIZATION_MEMBERS],
  });
  const check = EMAIL_PATTERN.test(email.trim()) ? undefined : intl.formatMessage(messages.invalidEmail);
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
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.inviteRecruiter)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            <FormattedMessage {...messages.inviteRecruiter} />
          </Title>
          {answer?.__typename === "InvitationSent" ? (
            <Alert color="green" role="status">
              <FormattedMessage
                {...messages.invitationSent}
                values={{ email: answer.email, date: formatDate(answer.expiresAt, intl) }}
              />
            </Alert>
          ) : null}
          <DangerList messages={error ? [intl.formatMessage(messages.inviteFailed)] : server.general} />
          <TextInput
            label={intl.formatMessage(messages.email)}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={(touched ? check : undefined) ?? server.byField.email}
          />
          <Group>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.sendInvitation} />
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
  const intl = useIntl();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(ORGANIZATION_MEMBERS, { variables: { organizationId } });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [remove, removal] = useMutation(REMOVE_ORGANIZATION_MEMBER, { refetchQueries: [ORGANIZATION_MEMBERS] });
  const [leave, leaving] = useMutation(LEAVE_ORGANIZATION, {
    // What depended on the membership (your organizations, the active one) is loaded again.
    update(cache, { data: left }) {
      if (left?.leaveOrganization.__typename !== "MembershipChanged") return;
      cache.evict({ id: "ROOT_QUERY", fieldName: "updatableOrganizationProfiles" });
      cache.evict({ id: "ROOT_QUERY", fieldName: "currentUser" });
      cache.gc();
    },
  });
  const refusal =
    confirming?.kind === "leave" ? leaving.data?.leaveOrganization : removal.data?.removeOrganizationMember;
  const failed = confirming?.kind === "leave" ? leaving.error : removal.error;
  const refusals = failed ? [intl.formatMessage(FORM_MESSAGES.unavailable)] : groupErrors(refusal, []).general;

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
      <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.members)}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            <FormattedMessage {...messages.members} />
          </Title>
          {error ? (
            <Text role="alert">
              <FormattedMessage {...messages.membersFailed} />
            </Text>
          ) : null}
          {loading && !data ? (
            <Text c="dimmed">
              <FormattedMessage {...messages.loadingMembers} />
            </Text>
          ) : null}
          {members.length > 0 ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage {...messages.name} />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage {...messages.role} />
                  </Table.Th>
                  <Table.Th>
                    <VisuallyHidden>
                      <FormattedMessage {...messages.actions} />
                    </VisuallyHidden>
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
                        <FormattedMessage {...messages.memberName} values={{ name: member.user.name, you: String(you) }} />
                      </Table.Td>
                      <Table.Td>
                        <Badge variant={owner ? "filled" : "light"}>
                          <FormattedMessage {...(owner ? messages.owner : messages.recruiter)} />
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {owner ? null : you ? (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red"
                            onClick={() => setConfirming({ kind: "leave", userId: member.user.id, name: member.user.name })}
                          >
                            <FormattedMessage {...messages.leaveOrganization} />
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={intl.formatMessage(messages.removeName, { name: member.user.name })}
                            onClick={() => setConfirming({ kind: "remove", userId: member.user.id, name: member.user.name })}
                          >
                            <FormattedMessage {...messages.remove} />
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
      <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.pendingInvitations)}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            <FormattedMessage {...messages.pendingInvitations} />
          </Title>
          {data && invitations.length === 0 ? (
            <Text c="dimmed">
              <FormattedMessage {...messages.noInvitations} />
            </Text>
          ) : null}
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }}>
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                <Text>
                  {invitation.email}{" "}
                  <Text span c="dimmed" size="sm">
                    <FormattedMessage {...messages.validUntil} values={{ date: formatDate(invitation.expiresAt, intl) }} />
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
        title={
          confirming?.kind === "leave"
            ? intl.formatMessage(messages.leaveTitle)
            : intl.formatMessage(messages.removeTitle, { name: confirming?.name ?? "" })
        }
      >
        <Stack gap="sm">
          <Text>
            <FormattedMessage {...(confirming?.kind === "leave" ? messages.leaveText : messages.removeText)} />
          </Text>
          <DangerList messages={refusals} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button color="red" loading={removal.loading || leaving.loading} onClick={confirm}>
              <FormattedMessage {...(confirming?.kind === "leave" ? messages.leaveSubmit : messages.removeSubmit)} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /dashboard/organization/:id/members: members, removing, leaving, and invitations. */
export function OrganizationMembersPage({ id }: { id: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ORGANIZATION_MEMBERS_PAGE, { variables: { id } });
  const profile = data?.organizationProfile;
  const organization = profile?.organization;
  return (
    <Stack gap="md" maw={760}>
      <BackLink to="/dashboard/organization">
        <FormattedMessage {...messages.myOrganizations} />
      </BackLink>
      <Title order={1}>
        {profile ? intl.formatMessage(messages.membersOf, { name: profile.name }) : intl.formatMessage(messages.members)}
      </Title>
      {error ? (
        <Text role="alert">
          <FormattedMessage {...messages.organizationFailed} />
        </Text>
      ) : null}
      {loading && !data ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.loading} />
        </Text>
      ) : null}
      {data && !organization ? (
        <Text role="alert">
          <FormattedMessage {...messages.notFound} />
        </Text>
      ) : null}
      {profile && organization ? (
        <>
          <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/edit`}>
            <FormattedMessage {...messages.editProfile} />
          </Anchor>
          <Members organizationId={organization.id} ownerId={organization.ownerId} currentUserId={data?.currentUser?.id} />
          <InviteForm organizationId={organization.id} />
        </>
      ) : null}
    </Stack>
  );
}
