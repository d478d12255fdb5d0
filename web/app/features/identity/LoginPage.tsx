import { Stack, Text, Title } from "@mantine/core";

export function LoginPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Log in</Title>
      <Text>Signing in is not available yet.</Text>
    </Stack>
  );
}
