import { useMutation } from "@apollo/client/react";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
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

const MISSING_TOKEN = "This invitation link is incomplete. Open the link from the invitation email again.";
const FAILED = "The invitation could not be accepted. Please try again in a moment.";

/** /organization-invitation?token=…: a signed-in user joins the organization that invited them. */
export function AcceptInvitationPage({ token }: { token: string }) {
  const [accept, { loading }] = useMutation(ACCEPT_ORGANIZATION_INVITATION);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { errors: [MISSING_TOKEN] });

  async function onAccept() {
    try {
      const { data } = await accept({ variables: { token } });
      setOutcome(data ? outcomeOf(data.acceptOrganizationInvitation) : { errors: [FAILED] });
    } catch {
      setOutcome({ errors: [FAILED] });
    }
  }

  const joined = outcome && "joined" in outcome ? outcome.joined : null;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1}>Organization invitation</Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          {joined ? (
            <>
              <Text role="status" size="lg" fw={600}>
                You are now a member of {joined}.
              </Text>
              <Anchor component={NavLink} to="/dashboard/organization">
                Go to your organization dashboard
              </Anchor>
            </>
          ) : (
            <>
              <Title order={2} size="h3">
                You are invited to join an organization
              </Title>
              <Text c="dimmed">
                Accept the invitation to manage the organization&rsquo;s profile and jobs with its other
                members.
              </Text>
              {outcome && "errors" in outcome ? <DangerList messages={outcome.errors} /> : null}
              {token ? (
                <Group>
                  <Button onClick={onAccept} loading={loading}>
                    Accept invitation
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
