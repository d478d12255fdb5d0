import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Avatar, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { useState, type FormEvent } from "react";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { CREATE_ORGANIZATION, UPDATABLE_ORGANIZATION_PROFILES } from "./documents";
import { FORM_MESSAGES, groupErrors } from "./form-kit";
import { StatusBadge } from "./OrganizationEditorPage";

const messages = defineMessages({
  enterTheOrganizationS: { id: "organizations.list.enterTheOrganizationS", defaultMessage: "Enter the organization's name." },
  createAnOrganization: { id: "organizations.list.createAnOrganization", defaultMessage: "Create an organization" },
  organizationName: { id: "organizations.list.organizationName", defaultMessage: "Organization name" },
  myOrganization: { id: "organizations.list.myOrganization", defaultMessage: "My organization" },
  yourOrganizationsCouldNot: { id: "organizations.list.yourOrganizationsCouldNot", defaultMessage: "Your organizations could not be loaded. Please try again in a moment." },
  loadingYourOrganizations: { id: "organizations.list.loadingYourOrganizations", defaultMessage: "Loading your organizations…" },
  youDoNotBelong: { id: "organizations.list.youDoNotBelong", defaultMessage: "You do not belong to an organization yet. Create one below, or ask a colleague to invite you." },
  createTheOrganization: { id: "organizations.list.createTheOrganization", defaultMessage: "Create the organization" },
  edit: { id: "organizations.list.edit", defaultMessage: "Edit" },
  members: { id: "organizations.list.members", defaultMessage: "Members" },
  viewPublicPage: { id: "organizations.list.viewPublicPage", defaultMessage: "View public page" },
});

/** The page's name, for its document title. */
export const ORGANIZATION_LIST_TITLE = messages.myOrganization;

function CreateOrganizationForm() {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [create, { data, loading, error }] = useMutation(CREATE_ORGANIZATION, {
    refetchQueries: [UPDATABLE_ORGANIZATION_PROFILES],
  });
  const check = name.trim() ? undefined : t(messages.enterTheOrganizationS);
  const server = groupErrors(data?.createOrganization, ["name"]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check) return;
    void create({ variables: { input: { name: name.trim() } } })
      .then((result) => {
        const answer = result.data?.createOrganization;
        if (answer?.__typename === "OrganizationProfileSaved")
          void navigate(`/dashboard/organization/${answer.profile.id}/edit`);
      })
      .catch(() => undefined);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label={t(messages.createAnOrganization)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            <FormattedMessage {...messages.createAnOrganization} />
          </Title>
          <DangerList messages={error ? [t(FORM_MESSAGES.unavailable)] : server.general} />
          <TextInput
            label={t(messages.organizationName)}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={(touched ? check : undefined) ?? server.byField.name}
          />
          <Group>
            <Button type="submit" loading={loading}>
              <FormattedMessage {...messages.createTheOrganization} />
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /dashboard/organization: the profiles you may edit, and founding a new one. */
export function OrganizationListPage() {
  const { data, loading, error } = useQuery(UPDATABLE_ORGANIZATION_PROFILES);
  const profiles = data?.updatableOrganizationProfiles ?? [];
  return (
    <Stack gap="md">
      <Title order={1}><FormattedMessage {...messages.myOrganization} /></Title>
      {error ? <Text role="alert"><FormattedMessage {...messages.yourOrganizationsCouldNot} /></Text> : null}
      {loading && !data ? <Text c="dimmed"><FormattedMessage {...messages.loadingYourOrganizations} /></Text> : null}
      {data && profiles.length === 0 ? (
        <Text><FormattedMessage {...messages.youDoNotBelong} /></Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {profiles.map((profile) => (
          <Card key={profile.id} withBorder padding="md" component="li" aria-label={profile.name}>
            <Stack gap="sm">
              <Group wrap="nowrap">
                <Avatar src={profile.logo?.url} alt={profile.logo?.alt ?? ""} size={50} radius="sm">
                  {profile.name.slice(0, 1)}
                </Avatar>
                <Stack gap={4}>
                  <Text fw={600}>{profile.name}</Text>
                  <StatusBadge status={profile.status} />
                </Stack>
              </Group>
              <Group gap="sm">
                <Button component={NavLink} to={`/dashboard/organization/${profile.id}/edit`} size="xs">
                  <FormattedMessage {...messages.edit} />
                </Button>
                <Button
                  component={NavLink}
                  to={`/dashboard/organization/${profile.id}/members`}
                  size="xs"
                  variant="default"
                >
                  <FormattedMessage {...messages.members} />
                </Button>
                {profile.status === "PUBLISHED" ? (
                  <Anchor href={`/organization/${profile.slug}`} size="sm">
                    <FormattedMessage {...messages.viewPublicPage} />
                  </Anchor>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <CreateOrganizationForm />
    </Stack>
  );
}
