import { Anchor, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { NavLink } from "~/components/Link";

/** A link back to the page above (a list, an overview), its arrow an icon beside the words. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={NavLink} to={to} size="sm" w="fit-content">
      <Group component="span" gap={4} wrap="nowrap">
        <IconArrowLeft size={16} stroke={1.75} aria-hidden="true" />
        <span>{children}</span>
      </Group>
    </Anchor>
  );
}
