import { Button, Group, Text } from "@mantine/core";
import { useId } from "react";
import { Link } from "~/components/Link";
import { FormattedMessage } from "react-intl";

/** Sorting as links (a choice of two, spec 3), the current one marked. */
export function SortLinks<Value extends string>({
  options,
  current,
  href,
}: {
  options: readonly { value: Value; label: string }[];
  current: Value;
  href: (value: Value) => string;
}) {
  const labelId = useId();
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={labelId}>
      <Text size="sm" id={labelId} component="span">
        <FormattedMessage id="search.sortBy" defaultMessage="Sort by" />
      </Text>
      <Button.Group>
        {options.map((option) => (
          <Button
            key={option.value}
            component={Link}
            to={href(option.value)}
            preventScrollReset
            rel="nofollow"
            size="compact-sm"
            variant={option.value === current ? "filled" : "default"}
            aria-current={option.value === current ? "true" : undefined}
          >
            {option.label}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}
