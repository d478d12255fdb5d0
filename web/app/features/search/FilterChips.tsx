import { Anchor, Button, CloseIcon, Group, Text } from "@mantine/core";
import { Link } from "react-router";

export interface FilterChip {
  key: string;
  /** "Employment type: Full time". */
  label: string;
  /** The page without this filter. */
  removeHref: string;
}

/** The selected filters as removable chips (links: they work without JavaScript), and "clear all". */
export function FilterChips({ chips, clearHref }: { chips: readonly FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" component="section" aria-label="Selected filters">
      <Text size="sm" fw={500} component="span">
        Filters:
      </Text>
      {chips.map((chip) => (
        <Button
          key={chip.key}
          component={Link}
          to={chip.removeHref}
          preventScrollReset
          rel="nofollow"
          variant="outline"
          size="compact-sm"
          radius="xl"
          tt="none"
          rightSection={<CloseIcon size="12" aria-hidden />}
          aria-label={`Remove filter ${chip.label}`}
        >
          {chip.label}
        </Button>
      ))}
      {chips.length > 1 ? (
        <Anchor component={Link} to={clearHref} size="sm" rel="nofollow">
          Clear all filters
        </Anchor>
      ) : null}
    </Group>
  );
}
