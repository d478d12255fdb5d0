import { Anchor, Group, List, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { EmptyState } from "~/components/EmptyState";

export interface EmptySuggestion {
  label: string;
  href: string;
}

/** Spec 9's popular searches shown when nothing matches (the site's most common keywords). */
export const POPULAR_JOB_SEARCHES = [
  "Project manager",
  "Fundraising",
  "Social worker",
  "Communications",
  "Volunteer coordinator",
];

/** Nothing matched: say so, and offer the next steps (fewer filters, a wider radius, popular searches). */
export function SearchEmptyState({
  what,
  suggestions,
  popular = [],
}: {
  what: string;
  suggestions: readonly EmptySuggestion[];
  popular?: readonly EmptySuggestion[];
}) {
  return (
    <EmptyState
      action={
        <Stack gap="sm" align="center">
          {suggestions.length > 0 ? (
            <List size="sm" spacing={4} aria-label="Try instead">
              {suggestions.map((suggestion) => (
                <List.Item key={suggestion.href}>
                  <Anchor component={Link} to={suggestion.href} size="sm">
                    {suggestion.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          ) : null}
          {popular.length > 0 ? (
            <Stack gap={4} align="center">
              <Text size="sm" fw={500}>
                Popular searches
              </Text>
              <Group gap="sm" justify="center">
                {popular.map((search) => (
                  <Anchor key={search.href} component={Link} to={search.href} size="sm">
                    {search.label}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          ) : null}
        </Stack>
      }
    >
      No {what} match this search.
    </EmptyState>
  );
}
