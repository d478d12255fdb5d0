import { Anchor, Button, CloseIcon, Group, Text } from "@mantine/core";
import { Link } from "~/components/Link";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  selected: { id: "search.chips.label", defaultMessage: "Selected filters" },
  filters: { id: "search.chips.filters", defaultMessage: "Filters:" },
  remove: { id: "search.chips.remove", defaultMessage: "Remove filter {label}" },
  clear: { id: "search.chips.clear", defaultMessage: "Clear all filters" },
});

export interface FilterChip {
  key: string;
  /** "Employment type: Full time". */
  label: string;
  /** The page without this filter. */
  removeHref: string;
}

/** The selected filters as removable chips (links: they work without JavaScript), and "clear all". */
export function FilterChips({ chips, clearHref }: { chips: readonly FilterChip[]; clearHref: string }) {
  const intl = useIntl();
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" component="section" aria-label={intl.formatMessage(messages.selected)}>
      <Text size="sm" fw={500} component="span">
        <FormattedMessage {...messages.filters} />
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
          aria-label={intl.formatMessage(messages.remove, { label: chip.label })}
        >
          {chip.label}
        </Button>
      ))}
      {chips.length > 1 ? (
        <Anchor component={Link} to={clearHref} size="sm" rel="nofollow">
          <FormattedMessage {...messages.clear} />
        </Anchor>
      ) : null}
    </Group>
  );
}
