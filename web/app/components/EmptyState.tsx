import { Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A group with nothing in it yet: what is missing and, when there is one, the next step. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" bg="var(--mantine-color-default-hover)">
      <Stack gap="sm" align="center">
        <Text ta="center" className="text-muted">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
