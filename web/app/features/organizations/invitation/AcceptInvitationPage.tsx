import { useMutation } from "@apollo/client/react";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import { graphql } from "~/lib/graphql/generated/gql";
import type { AcceptOrganizationInvitationMutation } from "~/lib/graphql/generated/graphql";

export const ACCEPT_ORGANIZATION_INVITATION = graphql(`
  mutation AcceptOrganizationInvitation($token: String!) {
    acceptOrganizationInvitation(token: $token) {
      __typename
      ... on MembershipChanged {
        organization {
          id
          name
        }
      }
      ... on OrganizationErrors {
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

type Outcome = { joined: string } | { errors: string[] };

function outcomeOf(result: AcceptOrganizationInvitationMutation["acceptOrganizationInvitation"]): Outcome {
  switch (result.__typename) {
    case "MembershipChanged":
      return { joined: result.organization.name };
    case "OrganizationErrors": {
      const messages = result.errors.map((error) => error.message);
      return { errors: messages.length > 0 ? messages : [result.message] };
    }
    default: {
      const unexpected: never = result;
      return unexpected;
    }
  }
}

const messages = defineMessages({
  missingToken: { id: "organizations.invitation.missingToken", defaultMessage: "This invitation link is incomplete. Open the link from the invitation email again." },
  failed: { id: "organizations.invitation.failed", defaultMessage: "The invitation could not be accepted. Please try again in a moment." },
  title: { id: "organizations.invitation.title", defaultMessage: "Organization invitation" },
  joined: { id: "organizations.invitation.joined", defaultMessage: "You are now a member of {organization}." },
  dashboard: { id: "organizations.invitation.dashboard", defaultMessage: "Go to your organization dashboard" },
  invited: { id: "organizations.invitation.invited", defaultMessage: "You are invited to join an organization" },
  acceptText: { id: "organizations.invitation.acceptText", defaultMessage: "Accept the invitation to manage the organization’s profile and jobs with its other members." },
  accept: { id: "organizations.invitation.accept", defaultMessage: "Accept invitation" },
});

/** The page's name, for its document title. */
export const INVITATION_TITLE = messages.title;

/** /organization-invitation?token=…: a signed-in user joins the organization that invited them. */
export function AcceptInvitationPage({ token }: { token: string }) {
  const intl = useIntl();
  const [accept, { loading }] = useMutation(ACCEPT_ORGANIZATION_INVITATION);
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { errors: [intl.formatMessage(messages.missingToken)] },
  );
  const failed = intl.formatMessage(messages.failed);

  async function onAccept() {
    try {
      const { data } = await accept({ variables: { token } });
      setOutcome(data ? outcomeOf(data.acceptOrganizationInvitation) : { errors: [failed] });
    } catch {
      setOutcome({ errors: [failed] });
    }
  }

  const joined = outcome && "joined" in outcome ? outcome.joined : null;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          {joined ? (
            <>
              <Text role="status" size="lg" fw={600}>
                <FormattedMessage {...messages.joined} values={{ organization: joined }} />
              </Text>
              <Anchor component={NavLink} to="/dashboard/organization">
                <FormattedMessage {...messages.dashboard} />
              </Anchor>
            </>
          ) : (
            <>
              <Title order={2} size="h3">
                <FormattedMessage {...messages.invited} />
              </Title>
              <Text c="dimmed">
                <FormattedMessage {...messages.acceptText} />
              </Text>
              {outcome && "errors" in outcome ? <DangerList messages={outcome.errors} /> : null}
              {token ? (
                <Group>
                  <Button onClick={onAccept} loading={loading}>
                    <FormattedMessage {...messages.accept} />
                  </Button>
                </Group>
              ) : null}
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
