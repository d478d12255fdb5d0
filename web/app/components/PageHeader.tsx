import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's h1 with an optional line under it and the page's primary action. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {description ? <Text className="text-muted">{description}</Text> : null}
      </Stack>
      {action}
    </Group>
  );
}
