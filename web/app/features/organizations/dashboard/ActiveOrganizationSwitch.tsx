import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { DangerList } from "~/components/DangerList";
import { MY_ORGANIZATIONS, SET_ACTIVE_ORGANIZATION } from "./documents";
import { groupErrors, UNAVAILABLE } from "./form-kit";

/**
 * A recruiter of several organizations picks the one they work for now: job posting, credits,
 * applications and the activity figures follow it. Shown only with two or more to choose from.
 * A switch refetches the page's queries (they all depend on the active organization).
 */
export function ActiveOrganizationSwitch() {
  const { data } = useQuery(MY_ORGANIZATIONS, { fetchPolicy: "cache-and-network" });
  const user = data?.currentUser;
  const [chosen, setChosen] = useState<string | null>(null);
  const [switchTo, { data: answer, loading, error, reset }] = useMutation(SET_ACTIVE_ORGANIZATION, {
    refetchQueries: "active",
    awaitRefetchQueries: true,
  });
  if (!user || user.organizations.length < 2) return null;

  const activeId = user.activeOrganization?.id ?? user.organizations[0]?.id ?? "";
  const selected = chosen ?? activeId;
  const result = answer?.setActiveOrganization;
  const messages = error ? [UNAVAILABLE] : groupErrors(result, []).general;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected === activeId) return;
    void switchTo({ variables: { organizationId: selected } })
      .then((sent) => {
        if (sent.data?.setActiveOrganization.__typename === "MembershipChanged") setChosen(null);
      })
      .catch(() => undefined);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label="Active organization">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Active organization
          </Title>
          {result?.__typename === "MembershipChanged" ? (
            <Alert color="green" role="status">
              You now work for {result.organization.name}.
            </Alert>
          ) : null}
          <DangerList messages={messages} />
          <Radio.Group
            label="You work for"
            description="Job posts, credits and applications on your dashboard are this organization's."
            value={selected}
            onChange={(value) => {
              reset();
              setChosen(value);
            }}
          >
            <Stack gap="xs" mt="xs">
              {user.organizations.map((organization) => (
                <Radio key={organization.id} value={organization.id} label={organization.name} />
              ))}
            </Stack>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={loading}>
              Switch organization
            </Button>
          </Group>
          {selected === activeId ? (
            <Text size="sm" c="dimmed">
              {user.organizations.find((organization) => organization.id === activeId)?.name} is active.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
