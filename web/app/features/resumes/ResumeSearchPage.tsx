import { Stack, Text, Title } from "@mantine/core";

export function ResumeSearchPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Search resumes</Title>
      <Text>No resumes match yet.</Text>
    </Stack>
  );
}
