import { Badge, Group, Stack, Text, Title } from "@mantine/core";

export function JobSearchPage({ categories }: { categories: readonly string[] }) {
  return (
    <Stack gap="md">
      <Title order={1}>Search jobs</Title>
      {categories.length > 0 && (
        <Group gap="xs" aria-label="Selected categories">
          {categories.map((slug) => (
            <Badge key={slug} variant="light">
              {slug}
            </Badge>
          ))}
        </Group>
      )}
      <Text>No jobs match yet.</Text>
    </Stack>
  );
}
