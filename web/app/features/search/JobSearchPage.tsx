import { Alert, Anchor, Box, Grid, Group, Stack, Title } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { DangerList } from "~/components/DangerList";
import { FacetGroup } from "~/components/FacetGroup";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { track } from "~/lib/analytics";
import type { JobSearchResultsView } from "./documents";
import { clearFiltersHref, jobFacetViews, jobFilterChips, type JobFacetView } from "./job-facets";
import {
  activeFilterCount,
  DEFAULT_UNIT,
  JOB_PAGE_SIZE,
  jobSearchHref,
  RADIUS_OPTIONS,
  selectedFilters,
  SORTING_LABELS,
  SORTINGS,
  type CategorySelection,
  type JobSearchState,
} from "./job-search-params";
import { JobResults } from "./JobResults";
import { JobSearchBar } from "./JobSearchBar";
import type { JobSearchPageData } from "./load-search";
import { FilterChips } from "./FilterChips";
import { MobileFilters } from "./MobileFilters";
import { SaveSearchCta } from "./SaveSearchCta";
import { POPULAR_JOB_SEARCHES, SearchEmptyState, type EmptySuggestion } from "./SearchEmptyState";
import { pageCount } from "./search-url";
import { SortLinks } from "./SortLinks";

/** The page's h1 (and the fallback title): the categories, the keywords, or just "Jobs". */
export function jobSearchHeading(state: JobSearchState, categories: readonly CategorySelection[]): string {
  if (categories.length > 0) return `${categories.map((category) => category.label).join(", ")} jobs`;
  if (state.search) return `Jobs for “${state.search}”`;
  return "Jobs";
}

function countText(total: number): string {
  return `${total.toLocaleString("en")} ${total === 1 ? "job" : "jobs"}`;
}

function Facets({ views }: { views: readonly JobFacetView[] }) {
  return (
    <Stack gap="lg">
      {views.map((view) => (
        <FacetGroup key={view.field} title={view.title} options={view.options} />
      ))}
    </Stack>
  );
}

/** Next steps when nothing matched: fewer filters, a wider radius, other keywords. */
function emptySuggestions(state: JobSearchState, categories: readonly CategorySelection[]): EmptySuggestion[] {
  const suggestions: EmptySuggestion[] = [];
  const filtered = activeFilterCount(selectedFilters(state, categories)) > 0 || state.geo !== null;
  if (filtered) suggestions.push({ label: "Remove all filters", href: clearFiltersHref(state) });
  if (state.geo?.locationType === "locality") {
    const wider = RADIUS_OPTIONS.find((radius) => radius > state.radius);
    if (wider) {
      suggestions.push({
        label: `Widen the radius to ${wider} ${DEFAULT_UNIT}`,
        href: jobSearchHref({ ...state, radius: wider, page: 1 }, categories),
      });
    }
  }
  if (state.search)
    suggestions.push({
      label: `Search all jobs without “${state.search}”`,
      href: jobSearchHref({ ...state, search: "", page: 1 }, categories),
    });
  return suggestions;
}

const POPULAR = POPULAR_JOB_SEARCHES.map((search) => ({
  label: search,
  href: `/jobs?search=${encodeURIComponent(search)}`,
}));

/** Spec 7: job_search with the search query, once per search (not again on re-render). */
function useTrackJobSearch(href: string, search: string, total: number | null) {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (total === null || tracked.current === href) return;
    tracked.current = href;
    track("job_search", { search_query: search, results: total });
  }, [href, search, total]);
}

function Results({
  results,
  state,
  categories,
  signedIn,
  showBookmarks,
}: {
  results: JobSearchResultsView;
  state: JobSearchState;
  categories: readonly CategorySelection[];
  signedIn: boolean;
  showBookmarks: boolean;
}) {
  const pages = pageCount(results.total, JOB_PAGE_SIZE);
  if (results.hits.length > 0) {
    return (
      <>
        <JobResults hits={results.hits} signedIn={signedIn} showBookmarks={showBookmarks} />
        <Pagination
          page={state.page}
          pages={pages}
          href={(page) => jobSearchHref({ ...state, page }, categories)}
          label="Result pages"
        />
      </>
    );
  }
  if (results.total > 0) {
    return (
      <Alert color="blue" title="No more results" role="status">
        This page is past the last page of results.{" "}
        <Anchor component={Link} to={jobSearchHref({ ...state, page: 1 }, categories)}>
          Go to the first page
        </Anchor>
      </Alert>
    );
  }
  return <SearchEmptyState what="jobs" suggestions={emptySuggestions(state, categories)} popular={POPULAR} />;
}

/**
 * /jobs and /jobs/{alias}[/{alias}] (UI.md): the search bar on top, facets on the left on
 * desktop (a filter panel on phones), the total, sorting and chips above the results, paging
 * and "create a job alert" below. Every state keeps the shell: refused input in the danger list,
 * an unavailable index as a message.
 */
export function JobSearchPage({
  data,
  signedIn,
  showBookmarks,
}: {
  data: JobSearchPageData;
  signedIn: boolean;
  showBookmarks: boolean;
}) {
  const { state, categories, outcome, notices, landingPage } = data;
  const href = jobSearchHref(state, categories);
  const results = outcome.kind === "results" ? outcome.results : null;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname.startsWith("/jobs");
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  useTrackJobSearch(href, state.search, results ? results.total : null);

  const facetViews = results ? jobFacetViews(state, categories, results.facets) : [];
  const chips = jobFilterChips(state, categories, results?.facets ?? []);
  const active = activeFilterCount(selectedFilters(state, categories));
  const pages = results ? pageCount(results.total, JOB_PAGE_SIZE) : 1;
  const messages = [...notices, ...(outcome.kind === "errors" ? outcome.messages : [])];

  return (
    <Stack gap="lg">
      <PageHeader title={landingPage?.title ?? jobSearchHeading(state, categories)} />
      {landingPage?.intro ? (
        // sanitized by the search service on save (the filtered format, ADR 0016)
        <Box className="landing-intro" maw={760} dangerouslySetInnerHTML={{ __html: landingPage.intro }} />
      ) : null}
      <JobSearchBar key={href} state={state} categories={categories} />
      <DangerList messages={messages} />
      {outcome.kind === "unavailable" ? (
        <Alert color="orange" title="Search is unavailable" role="alert">
          {outcome.message}{" "}
          <Anchor component={Link} to={href} reloadDocument>
            Try again
          </Anchor>
        </Alert>
      ) : null}
      <Grid gutter={{ base: "md", md: "xl" }}>
        {facetViews.length > 0 ? (
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Box component="aside" aria-labelledby={filtersHeadingId}>
              <Title order={2} size="h4" id={filtersHeadingId} mb="md">
                Filters
              </Title>
              <Facets views={facetViews} />
            </Box>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: facetViews.length > 0 ? 9 : 12 }}>
          <Stack gap="md" aria-busy={updating} style={{ opacity: updating ? 0.6 : 1, transition: "opacity 150ms" }}>
            {results ? (
              <Group justify="space-between" align="center" gap="sm">
                <Title order={2} size="h4" id={resultsHeadingId} aria-live="polite">
                  {countText(results.total)}
                  {pages > 1 ? ` · page ${Math.min(state.page, pages)} of ${pages}` : ""}
                </Title>
                <Group gap="sm">
                  {facetViews.length > 0 ? (
                    <MobileFilters active={active} total={results.total}>
                      <Facets views={facetViews} />
                    </MobileFilters>
                  ) : null}
                  <SortLinks
                    options={SORTINGS.map((value) => ({ value, label: SORTING_LABELS[value] }))}
                    current={state.sorting}
                    href={(sorting) => jobSearchHref({ ...state, sorting, page: 1 }, categories)}
                  />
                </Group>
              </Group>
            ) : null}
            <FilterChips chips={chips} clearHref={clearFiltersHref(state)} />
            {results ? (
              <Results
                results={results}
                state={state}
                categories={categories}
                signedIn={signedIn}
                showBookmarks={showBookmarks}
              />
            ) : outcome.kind === "errors" ? (
              <SearchEmptyState
                what="jobs"
                suggestions={[{ label: "Start a new search", href: "/jobs" }]}
                popular={POPULAR}
              />
            ) : null}
            <SaveSearchCta signedIn={signedIn} searchHref={href} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
