import { useQuery } from "@apollo/client/react";
import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { PopularCategoriesQuery } from "~/lib/graphql/generated/graphql";
import { POPULAR_CATEGORIES } from "./documents";
import { jobSearchPath, parseJobSearchParams } from "./job-search-params";
import { JobSearchBar } from "./JobSearchBar";

const messages = defineMessages({
  searchJobsFor: { id: "notFound.searchJobsFor", defaultMessage: "Search jobs for “{words}”" },
  lookAround: { id: "notFound.lookAround", defaultMessage: "Where to go from here" },
  allJobs: { id: "notFound.allJobs", defaultMessage: "All jobs" },
  allOrganizations: { id: "notFound.allOrganizations", defaultMessage: "All organizations" },
  popular: { id: "notFound.popular", defaultMessage: "Popular categories" },
  categoryJobs: { id: "notFound.categoryJobs", defaultMessage: "{label} ({count, number})" },
});

/** How many popular categories the page links to. */
export const POPULAR_CATEGORY_COUNT = 8;

/**
 * The words of a job path's slug worth searching for (`/job/gardener-berlin-3f9a2c` ->
 * "gardener berlin"): numbers and id-like tokens are left out. Null for other paths.
 */
export function jobSlugWords(pathname: string): string | null {
  const match = /^\/job\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const words = slug
    .toLowerCase()
    .split(/[-_\s.]+/)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word) && !(/\d/.test(word) && /^[0-9a-f]{6,}$/.test(word)));
  return words.length > 0 ? words.join(" ").slice(0, 200) : null;
}

export interface PopularCategory {
  label: string;
  count: number;
  href: string;
}

/** The most common occupational fields with open jobs, linked by their category path. */
export function popularCategories(data: PopularCategoriesQuery | undefined): PopularCategory[] {
  const search = data?.jobSearch;
  if (search?.__typename !== "JobSearchResults") return [];
  const aliases = new Map((data?.terms ?? []).map((term) => [String(term.tid), term.alias]));
  const facet = search.facets.find((candidate) => candidate.field === "occupations");
  return (facet?.values ?? []).flatMap((value) => {
    const alias = aliases.get(value.value);
    return alias ? [{ label: value.label, count: value.count, href: jobSearchPath([{ alias }]) }] : [];
  });
}

/**
 * Below the not-found message (UI.md: the shell stays, with a way on): a job search (for a job
 * path, prefilled with its slug's words), links to every job and organization, and the popular
 * categories (server-rendered with the page; none when search cannot answer).
 */
export function NotFoundHelp({ pathname }: { pathname: string }) {
  const intl = useIntl();
  const words = jobSlugWords(pathname);
  const { data } = useQuery(POPULAR_CATEGORIES, { variables: { limit: POPULAR_CATEGORY_COUNT } });
  const categories = popularCategories(data);
  return (
    <Stack gap="lg" mt="lg">
      <JobSearchBar state={parseJobSearchParams(new URLSearchParams(words ? { search: words } : {}))} categories={[]} />
      {words ? (
        <Text>
          <Anchor component={Link} to={`/jobs?${new URLSearchParams({ search: words }).toString()}`}>
            <FormattedMessage {...messages.searchJobsFor} values={{ words }} />
          </Anchor>
        </Text>
      ) : null}
      <Stack gap="xs" component="nav" aria-label={intl.formatMessage(messages.lookAround)}>
        <Group gap="lg">
          <Anchor component={Link} to="/jobs">
            <FormattedMessage {...messages.allJobs} />
          </Anchor>
          <Anchor component={Link} to="/organizations">
            <FormattedMessage {...messages.allOrganizations} />
          </Anchor>
        </Group>
        {categories.length > 0 ? (
          <>
            <Title order={2} size="h4" mt="sm">
              <FormattedMessage {...messages.popular} />
            </Title>
            <Group gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {categories.map((category) => (
                <li key={category.href}>
                  <Anchor component={Link} to={category.href}>
                    <FormattedMessage {...messages.categoryJobs} values={{ label: category.label, count: category.count }} />
                  </Anchor>
                </li>
              ))}
            </Group>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
