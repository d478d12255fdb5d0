import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One group of the profile: a landmark named by its level-2 heading. */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <Stack component="section" id={id} aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
