import { Anchor, Group, List, Stack, Text } from "@mantine/core";
import { Link } from "~/components/Link";
import { EmptyState } from "~/components/EmptyState";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  tryInstead: { id: "search.empty.tryInstead", defaultMessage: "Try instead" },
  popular: { id: "search.empty.popular", defaultMessage: "Popular searches" },
  noJobs: { id: "search.empty.jobs", defaultMessage: "No jobs match this search." },
  noOrganizations: { id: "search.empty.organizations", defaultMessage: "No organizations match this search." },
  noResumes: { id: "search.empty.resumes", defaultMessage: "No resumes match this search." },
});

const EMPTY_MESSAGES = {
  jobs: messages.noJobs,
  organizations: messages.noOrganizations,
  resumes: messages.noResumes,
} as const;

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
  what: "jobs" | "organizations" | "resumes";
  suggestions: readonly EmptySuggestion[];
  popular?: readonly EmptySuggestion[];
}) {
  const intl = useIntl();
  return (
    <EmptyState
      action={
        <Stack gap="sm" align="center">
          {suggestions.length > 0 ? (
            <List size="sm" spacing={4} aria-label={intl.formatMessage(messages.tryInstead)}>
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
                <FormattedMessage {...messages.popular} />
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
      <FormattedMessage {...EMPTY_MESSAGES[what]} />
    </EmptyState>
  );
}
