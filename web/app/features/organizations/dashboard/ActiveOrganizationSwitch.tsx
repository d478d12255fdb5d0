import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import { MY_ORGANIZATIONS, SET_ACTIVE_ORGANIZATION } from "./documents";
import { groupErrors } from "./form-kit";

const messages = defineMessages({
  title: { id: "organizations.activeOrganization.title", defaultMessage: "Active organization" },
  switched: {
    id: "organizations.activeOrganization.switched",
    defaultMessage: "You now work for {organization}.",
  },
  label: { id: "organizations.activeOrganization.label", defaultMessage: "You work for" },
  description: {
    id: "organizations.activeOrganization.description",
    defaultMessage: "Job posts, credits and applications on your dashboard are this organization's.",
  },
  submit: { id: "organizations.activeOrganization.submit", defaultMessage: "Switch organization" },
  active: { id: "organizations.activeOrganization.active", defaultMessage: "{organization} is active." },
  unavailable: {
    id: "organizations.activeOrganization.unavailable",
    defaultMessage: "We could not switch your organization. Try again in a moment.",
  },
});

/**
 * A recruiter of several organizations picks the one they work for now: job posting, credits,
 * applications and the activity figures follow it. Shown only with two or more to choose from.
 * A switch refetches the page's queries (they all depend on the active organization).
 */
export function ActiveOrganizationSwitch() {
  const intl = useIntl();
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
  const problems = error ? [intl.formatMessage(messages.unavailable)] : groupErrors(result, []).general;

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
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.title)}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            <FormattedMessage {...messages.title} />
          </Title>
          {result?.__typename === "MembershipChanged" ? (
            <Alert color="green" role="status">
              <FormattedMessage {...messages.switched} values={{ organization: result.organization.name }} />
            </Alert>
          ) : null}
          <DangerList messages={problems} />
          <Radio.Group
            label={intl.formatMessage(messages.label)}
            description={intl.formatMessage(messages.description)}
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
              <FormattedMessage {...messages.submit} />
            </Button>
          </Group>
          {selected === activeId ? (
            <Text size="sm" className="text-muted">
              <FormattedMessage
                {...messages.active}
                values={{ organization: user.organizations.find((organization) => organization.id === activeId)?.name }}
              />
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
