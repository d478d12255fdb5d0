import { Alert, Anchor, Box, Grid, Group, Stack, Title } from "@mantine/core";
import { useId } from "react";
import { useNavigation } from "react-router";
import { Link } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { FacetGroup } from "~/components/FacetGroup";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import type { JobSearchResultsView } from "./documents";
import { clearFiltersHref, jobFacetViews, jobFilterChips, type JobFacetView } from "./job-facets";
import {
  activeFilterCount,
  buildJobSearchInput,
  effectiveRadius,
  JOB_PAGE_SIZE,
  jobSearchHref,
  RADIUS_OPTIONS,
  selectedFilters,
  SORTINGS,
  type CategorySelection,
  type JobSearchState,
  type SiteGeo,
  useSiteGeo,
} from "./job-search-params";
import { JobResults } from "./JobResults";
import { JobSearchBar } from "./JobSearchBar";
import { LandingPageEditor } from "./LandingPageEditor";
import type { JobSearchPageData } from "./load-search";
import { FilterChips } from "~/components/search/FilterChips";
import { MobileFilters } from "~/components/search/MobileFilters";
import { SaveSearchCta } from "./SaveSearchCta";
import { POPULAR_JOB_SEARCHES, SearchEmptyState, type EmptySuggestion } from "~/components/search/SearchEmptyState";
import { pageCount } from "~/lib/search/search-url";
import { SortLinks } from "~/components/search/SortLinks";
import { useTrackSearch } from "~/lib/search/use-track-search";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";

const messages = defineMessages({
  categoryJobs: { id: "search.jobs.heading.categories", defaultMessage: "{categories} jobs" },
  searchJobs: { id: "search.jobs.heading.search", defaultMessage: "Jobs for “{search}”" },
  jobs: { id: "search.jobs.heading", defaultMessage: "Jobs" },
  count: { id: "search.jobs.count", defaultMessage: "{total, plural, one {# job} other {# jobs}}" },
  countPages: {
    id: "search.jobs.countPages",
    defaultMessage: "{total, plural, one {# job} other {# jobs}} · page {page, number} of {pages, number}",
  },
  removeFilters: { id: "search.empty.removeFilters", defaultMessage: "Remove all filters" },
  widen: { id: "search.empty.widen", defaultMessage: "Widen the radius to {radius, number} {unit}" },
  withoutKeywords: { id: "search.empty.withoutKeywords", defaultMessage: "Search all jobs without “{search}”" },
  newSearch: { id: "search.empty.newSearch", defaultMessage: "Start a new search" },
  resultPages: { id: "search.jobs.resultPages", defaultMessage: "Result pages" },
  noMoreTitle: { id: "search.jobs.noMore.title", defaultMessage: "No more results" },
  noMore: {
    id: "search.jobs.noMore",
    defaultMessage: "This page is past the last page of results. <link>Go to the first page</link>",
  },
  unavailable: { id: "search.unavailable.title", defaultMessage: "Search is unavailable" },
  tryAgain: { id: "search.unavailable.tryAgain", defaultMessage: "Try again" },
  filters: { id: "search.filters", defaultMessage: "Filters" },
  relevancy: { id: "search.sorting.relevancy", defaultMessage: "Relevance" },
  newest: { id: "search.sorting.newest", defaultMessage: "Newest" },
});

const SORTING_MESSAGES: Record<(typeof SORTINGS)[number], Message> = {
  relevancy: messages.relevancy,
  publish_date_desc: messages.newest,
};

/** The page's h1 (and the fallback title): the categories, the keywords, or just "Jobs". */
export function jobSearchHeading(
  state: JobSearchState,
  categories: readonly CategorySelection[],
  intl: IntlShape = SITE_INTL,
): string {
  if (categories.length > 0)
    return intl.formatMessage(messages.categoryJobs, {
      categories: intl.formatList(categories.map((category) => category.label), { type: "unit" }),
    });
  if (state.search) return intl.formatMessage(messages.searchJobs, { search: state.search });
  return intl.formatMessage(messages.jobs);
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
function emptySuggestions(
  state: JobSearchState,
  categories: readonly CategorySelection[],
  site: SiteGeo,
  intl: IntlShape,
): EmptySuggestion[] {
  const suggestions: EmptySuggestion[] = [];
  const filtered = activeFilterCount(selectedFilters(state, categories)) > 0 || state.geo !== null;
  if (filtered) suggestions.push({ label: intl.formatMessage(messages.removeFilters), href: clearFiltersHref(state) });
  if (state.geo?.locationType === "locality") {
    const wider = RADIUS_OPTIONS.find((radius) => radius > effectiveRadius(state.radius, site));
    if (wider) {
      suggestions.push({
        label: intl.formatMessage(messages.widen, { radius: wider, unit: site.unit }),
        href: jobSearchHref({ ...state, radius: wider === site.defaultRadius ? null : wider, page: 1 }, categories),
      });
    }
  }
  if (state.search)
    suggestions.push({
      label: intl.formatMessage(messages.withoutKeywords, { search: state.search }),
      href: jobSearchHref({ ...state, search: "", page: 1 }, categories),
    });
  return suggestions;
}

const POPULAR = POPULAR_JOB_SEARCHES.map((search) => ({
  label: search,
  href: `/jobs?search=${encodeURIComponent(search)}`,
}));

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
  const intl = useIntl();
  const site = useSiteGeo();
  const pages = pageCount(results.total, JOB_PAGE_SIZE);
  if (results.hits.length > 0) {
    return (
      <>
        <JobResults hits={results.hits} signedIn={signedIn} showBookmarks={showBookmarks} />
        <Pagination
          page={state.page}
          pages={pages}
          href={(page) => jobSearchHref({ ...state, page }, categories)}
          label={intl.formatMessage(messages.resultPages)}
        />
      </>
    );
  }
  if (results.total > 0) {
    return (
      <Alert color="blue" title={intl.formatMessage(messages.noMoreTitle)} role="status">
        <FormattedMessage
          {...messages.noMore}
          values={{
            link: (chunks) => (
              <Anchor component={Link} to={jobSearchHref({ ...state, page: 1 }, categories)}>
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Alert>
    );
  }
  return <SearchEmptyState what="jobs" suggestions={emptySuggestions(state, categories, site, intl)} popular={POPULAR} />;
}

/**
 * /jobs and /jobs/{alias}[/{alias}] (UI.md): the search bar on top, facets on the left on
 * desktop (a filter panel on phones), the total, sorting and chips above the results, paging
 * and "create a job alert" below. Every state keeps the shell: refused input in the danger list,
 * an unavailable index as a message. `canEditLanding` (admin-like users) adds "Edit this page" to a
 * landing page's header.
 */
export function JobSearchPage({
  data,
  signedIn,
  showBookmarks,
  canEditLanding = false,
  captcha = null,
}: {
  data: JobSearchPageData;
  signedIn: boolean;
  showBookmarks: boolean;
  canEditLanding?: boolean;
  /** The captcha widget visitors answer to create a job alert, when the web has one configured. */
  captcha?: { scriptUrl: string; siteKey: string } | null;
}) {
  const intl = useIntl();
  const site = useSiteGeo();
  const { state, categories, outcome, notices, landingPage } = data;
  const href = jobSearchHref(state, categories);
  const results = outcome.kind === "results" ? outcome.results : null;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname.startsWith("/jobs");
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  // Spec 7: job_search with the search query, once per search
  useTrackSearch("job_search", href, state.search, results ? results.total : null);

  const facetViews = results ? jobFacetViews(state, categories, results.facets, intl) : [];
  const chips = jobFilterChips(state, categories, results?.facets ?? [], site, intl);
  const active = activeFilterCount(selectedFilters(state, categories));
  const pages = results ? pageCount(results.total, JOB_PAGE_SIZE) : 1;
  const dangers = [...notices, ...(outcome.kind === "errors" ? outcome.messages : [])];

  return (
    <Stack gap="lg">
      <PageHeader
        title={landingPage?.title ?? jobSearchHeading(state, categories, intl)}
        action={landingPage && canEditLanding ? <LandingPageEditor landingPage={landingPage} /> : null}
      />
      {landingPage?.intro ? (
        // sanitized by the search service on save (the filtered format, ADR 0016)
        <Box className="landing-intro" maw={760} dangerouslySetInnerHTML={{ __html: landingPage.intro }} />
      ) : null}
      {/* A new search text, place or radius in the address (back, forward, a chip removed) starts
          the bar afresh; a facet or page change keeps what the visitor is typing in it. */}
      <JobSearchBar
        key={JSON.stringify([state.search, state.geo, state.radius])}
        state={state}
        categories={categories}
      />
      <DangerList messages={dangers} />
      {outcome.kind === "unavailable" ? (
        <Alert color="orange" title={intl.formatMessage(messages.unavailable)} role="alert">
          {outcome.message}{" "}
          <Anchor component={Link} to={href} reloadDocument>
            <FormattedMessage {...messages.tryAgain} />
          </Anchor>
        </Alert>
      ) : null}
      <Grid gutter={{ base: "md", md: "xl" }}>
        {facetViews.length > 0 ? (
          <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
            <Box component="aside" aria-labelledby={filtersHeadingId}>
              <Title order={2} size="h4" id={filtersHeadingId} mb="md">
                <FormattedMessage {...messages.filters} />
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
                  {pages > 1 ? (
                    <FormattedMessage
                      {...messages.countPages}
                      values={{ total: results.total, page: Math.min(state.page, pages), pages }}
                    />
                  ) : (
                    <FormattedMessage {...messages.count} values={{ total: results.total }} />
                  )}
                </Title>
                <Group gap="sm">
                  {facetViews.length > 0 ? (
                    <MobileFilters active={active} total={results.total}>
                      <Facets views={facetViews} />
                    </MobileFilters>
                  ) : null}
                  <SortLinks
                    options={SORTINGS.map((value) => ({ value, label: intl.formatMessage(SORTING_MESSAGES[value]) }))}
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
                suggestions={[{ label: intl.formatMessage(messages.newSearch), href: "/jobs" }]}
                popular={POPULAR}
              />
            ) : null}
            <SaveSearchCta
              signedIn={signedIn}
              search={buildJobSearchInput(state, categories)}
              defaultName={state.search || jobSearchHeading(state, categories, intl)}
              captcha={captcha}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
