import { Badge, Button, Drawer, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useOpenedOnce } from "~/components/use-opened-once";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  filters: { id: "search.filters", defaultMessage: "Filters" },
  active: { id: "search.filters.active", defaultMessage: "Filters, {active, number} active" },
  showResults: { id: "search.filters.showResults", defaultMessage: "Show results" },
  showCount: {
    id: "search.filters.showCount",
    defaultMessage: "Show {total, plural, one {# result} other {# results}}",
  },
});

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
  const intl = useIntl();
  const [opened, { open, close }] = useDisclosure(false);
  const drawer = useOpenedOnce(opened);
  const title = intl.formatMessage(messages.filters);
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
        aria-label={active > 0 ? intl.formatMessage(messages.active, { active }) : title}
      >
        {title}
      </Button>
      {drawer.mounted ? (
        <Drawer opened={drawer.shown} onClose={close} title={title} position="bottom" size="85%" hiddenFrom="md">
          <Stack gap="lg">
            {children}
            <Button onClick={close}>
              {total === null ? (
                <FormattedMessage {...messages.showResults} />
              ) : (
                <FormattedMessage {...messages.showCount} values={{ total }} />
              )}
            </Button>
          </Stack>
        </Drawer>
      ) : null}
    </>
  );
}
