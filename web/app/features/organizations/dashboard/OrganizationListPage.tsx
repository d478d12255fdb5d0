import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Avatar, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { CREATE_ORGANIZATION, UPDATABLE_ORGANIZATION_PROFILES } from "./documents";
import { groupErrors, UNAVAILABLE } from "./form-kit";
import { StatusBadge } from "./OrganizationEditorPage";

function CreateOrganizationForm() {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [create, { data, loading, error }] = useMutation(CREATE_ORGANIZATION, {
    refetchQueries: [UPDATABLE_ORGANIZATION_PROFILES],
  });
  const check = name.trim() ? undefined : "Enter the organization's name.";
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
    <Card withBorder padding="lg" component="section" aria-label="Create an organization">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Create an organization
          </Title>
          <DangerList messages={error ? [UNAVAILABLE] : server.general} />
          <TextInput
            label="Organization name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={(touched ? check : undefined) ?? server.byField.name}
          />
          <Group>
            <Button type="submit" loading={loading}>
              Create the organization
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
      <Title order={1}>My organization</Title>
      {error ? <Text role="alert">Your organizations could not be loaded. Please try again in a moment.</Text> : null}
      {loading && !data ? <Text c="dimmed">Loading your organizations…</Text> : null}
      {data && profiles.length === 0 ? (
        <Text>You do not belong to an organization yet. Create one below, or ask a colleague to invite you.</Text>
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
                  Edit
                </Button>
                <Button
                  component={NavLink}
                  to={`/dashboard/organization/${profile.id}/members`}
                  size="xs"
                  variant="default"
                >
                  Members
                </Button>
                {profile.status === "PUBLISHED" ? (
                  <Anchor href={`/organization/${profile.slug}`} size="sm">
                    View public page
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
