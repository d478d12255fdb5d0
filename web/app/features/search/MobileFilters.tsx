import { Badge, Button, Drawer, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";

/**
 * Spec 2: on phones the facets live in a filter panel, opened by a button that says how many
 * filters are on. It stays open while filters change (the results update behind it) until
 * "Show results".
 */
export function MobileFilters({
  active,
  total,
  children,
}: {
  active: number;
  total: number | null;
  children: ReactNode;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        hiddenFrom="md"
        onClick={open}
        aria-haspopup="dialog"
        aria-expanded={opened}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {active}
            </Badge>
          ) : null
        }
        aria-label={active > 0 ? `Filters, ${active} active` : "Filters"}
      >
        Filters
      </Button>
      <Drawer opened={opened} onClose={close} title="Filters" position="bottom" size="85%" hiddenFrom="md">
        <Stack gap="lg">
          {children}
          <Button onClick={close}>
            {total === null ? "Show results" : `Show ${total} ${total === 1 ? "result" : "results"}`}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
