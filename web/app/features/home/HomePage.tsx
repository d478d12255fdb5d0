import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "~/components/Link";

export function HomePage() {
  return (
    <Stack gap="md">
      <Title order={1}>Find your next job</Title>
      <Text>Search open positions, explore organizations and browse resumes.</Text>
      <Group gap="lg">
        <Anchor component={Link} to="/jobs">
          Search jobs
        </Anchor>
        <Anchor component={Link} to="/organizations">
          Browse organizations
        </Anchor>
      </Group>
    </Stack>
  );
}
