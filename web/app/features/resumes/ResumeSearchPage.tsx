import { Alert, Anchor, Box, Grid, Group, Stack, Title } from "@mantine/core";
import { useId } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { useNavigation } from "react-router";
import { DangerList } from "~/components/DangerList";
import { FacetGroup } from "~/components/FacetGroup";
import { Link } from "~/components/Link";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { FilterChips } from "~/components/search/FilterChips";
import { effectiveRadius, RADIUS_OPTIONS, type SiteGeo, useSiteGeo } from "~/lib/search/geo";
import { MobileFilters } from "~/components/search/MobileFilters";
import { SearchBar, type HiddenField } from "~/components/search/SearchBar";
import { SearchEmptyState, type EmptySuggestion } from "~/components/search/SearchEmptyState";
import { pageCount } from "~/lib/search/search-url";
import { SortLinks } from "~/components/search/SortLinks";
import { useTrackSearch } from "~/lib/search/use-track-search";
import type { ResumeSearchPageData } from "./load-resume-search";
import type { ResumeSearchResultsView } from "./recruiter-documents";
import { useSiteFeatures } from "~/lib/site-features";
import { MyResumeAlerts } from "./alerts/MyResumeAlerts";
import { SaveResumeSearch } from "./alerts/SaveResumeSearch";
import { ResumeContactCredits } from "./ResumeContactCredits";
import { ResumeResults } from "./ResumeCard";
import { clearResumeFiltersHref, resumeFacetViews, resumeFilterChips, type ResumeFacetView } from "./resume-facets";
import {
  activeResumeFilterCount,
  parseResumeSearchParams,
  RESUME_FACET_FIELDS,
  RESUME_PAGE_SIZE,
  RESUME_SEARCH_PATH,
  RESUME_SORTINGS,
  resumeAlertSearch,
  resumeSearchHref,
  type ResumeSearchState,
  type ResumeSorting,
} from "./resume-search-params";

const messages = defineMessages({
  title: { id: "resumes.search.title", defaultMessage: "Search resumes" },
  form: { id: "resumes.search.form", defaultMessage: "Search resumes" },
  keywordsPlaceholder: { id: "resumes.search.keywords.placeholder", defaultMessage: "Job title, skill or occupation" },
  count: { id: "resumes.search.count", defaultMessage: "{total, plural, one {# resume} other {# resumes}}" },
  countPages: {
    id: "resumes.search.countPages",
    defaultMessage: "{total, plural, one {# resume} other {# resumes}} · page {page, number} of {pages, number}",
  },
  filters: { id: "search.filters", defaultMessage: "Filters" },
  relevancy: { id: "search.sorting.relevancy", defaultMessage: "Relevance" },
  lastUpdate: { id: "resumes.search.sorting.lastUpdate", defaultMessage: "Last update" },
  resultPages: { id: "resumes.search.resultPages", defaultMessage: "Result pages" },
  removeFilters: { id: "search.empty.removeFilters", defaultMessage: "Remove all filters" },
  widen: { id: "search.empty.widen", defaultMessage: "Widen the radius to {radius, number} {unit}" },
  withoutKeywords: { id: "resumes.search.empty.withoutKeywords", defaultMessage: "Search all resumes without “{search}”" },
  newSearch: { id: "resumes.search.empty.newSearch", defaultMessage: "Start a new search" },
  noMoreTitle: { id: "search.jobs.noMore.title", defaultMessage: "No more results" },
  noMore: {
    id: "search.jobs.noMore",
    defaultMessage: "This page is past the last page of results. <link>Go to the first page</link>",
  },
  unavailable: { id: "search.unavailable.title", defaultMessage: "Search is unavailable" },
  tryAgain: { id: "search.unavailable.tryAgain", defaultMessage: "Try again" },
  off: { id: "resumes.search.off", defaultMessage: "Resume search is not offered on this site" },
});

/** The page's name, for its document title. */
export const RESUME_SEARCH_TITLE = messages.title;

const SORTING_MESSAGES: Record<ResumeSorting, Message> = {
  relevancy: messages.relevancy,
  changed_desc: messages.lastUpdate,
};

function Facets({ views }: { views: readonly ResumeFacetView[] }) {
  return (
    <Stack gap="lg">
      {views.map((view) => (
        <FacetGroup key={view.field} title={view.title} options={view.options} />
      ))}
    </Stack>
  );
}

/** Next steps when nothing matched: fewer filters, a wider radius, no keywords. */
function emptySuggestions(state: ResumeSearchState, site: SiteGeo, intl: IntlShape): EmptySuggestion[] {
  const suggestions: EmptySuggestion[] = [];
  if (activeResumeFilterCount(state.filters) > 0 || state.geo !== null)
    suggestions.push({ label: intl.formatMessage(messages.removeFilters), href: clearResumeFiltersHref(state) });
  if (state.geo?.locationType === "locality") {
    const wider = RADIUS_OPTIONS.find((radius) => radius > effectiveRadius(state.radius, site));
    if (wider)
      suggestions.push({
        label: intl.formatMessage(messages.widen, { radius: wider, unit: site.unit }),
        href: resumeSearchHref({ ...state, radius: wider === site.defaultRadius ? null : wider, page: 1 }),
      });
  }
  if (state.search)
    suggestions.push({
      label: intl.formatMessage(messages.withoutKeywords, { search: state.search }),
      href: resumeSearchHref({ ...state, search: "", page: 1 }),
    });
  return suggestions;
}

function Results({ results, state }: { results: ResumeSearchResultsView; state: ResumeSearchState }) {
  const intl = useIntl();
  const site = useSiteGeo();
  if (results.hits.length > 0) {
    return (
      <>
        <ResumeResults hits={results.hits} />
        <Pagination
          page={state.page}
          pages={pageCount(results.total, RESUME_PAGE_SIZE)}
          href={(page) => resumeSearchHref({ ...state, page })}
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
              <Anchor component={Link} to={resumeSearchHref({ ...state, page: 1 })}>
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Alert>
    );
  }
  return <SearchEmptyState what="resumes" suggestions={emptySuggestions(state, site, intl)} />;
}

/**
 * /resumes (spec 6, UI.md): recruiters search resumes the way visitors search jobs: the search
 * bar on top (the radius hidden for a whole country or state, spec 9), facets on the left (a
 * filter panel on phones), total, sorting (relevance, last update) and chips above 10 cards,
 * paging below; the resume contact credits beside the header.
 */
export function ResumeSearchPage({ data }: { data: ResumeSearchPageData }) {
  const intl = useIntl();
  const site = useSiteGeo();
  const { state, outcome, notices } = data;
  const href = resumeSearchHref(state);
  const results = outcome.kind === "results" ? outcome.results : null;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname.startsWith(RESUME_SEARCH_PATH);
  const filtersHeadingId = useId();
  // spec 4: contact credits only where recruiters may ask for contact
  const features = useSiteFeatures();
  useTrackSearch("resume_search", href, state.search, results ? results.total : null);

  const facetViews = results ? resumeFacetViews(state, results.facets, intl) : [];
  const chips = resumeFilterChips(state, results?.facets ?? [], site, intl);
  const pages = results ? pageCount(results.total, RESUME_PAGE_SIZE) : 1;
  const dangers = [...notices, ...(outcome.kind === "errors" ? outcome.messages : [])];
  const hidden: HiddenField[] = RESUME_FACET_FIELDS.filter((field) => state.filters[field].length > 0).map((field) => ({
    name: field,
    value: state.filters[field].join(","),
  }));
  if (state.sorting !== "relevancy") hidden.push({ name: "sorting", value: state.sorting });
  if (state.alert) hidden.push({ name: "alert", value: state.alert });
  // spec 4: recruiters save resume searches where the site offers it (features.resume_searches)
  const savedSearches = features.resume && features.resume_searches;

  return (
    <Stack gap="lg">
      <PageHeader title={intl.formatMessage(messages.title)} action={features.resume_contact ? <ResumeContactCredits /> : null} />
      {outcome.kind === "off" ? (
        <Alert color="gray" title={intl.formatMessage(messages.off)} role="status">
          {outcome.message}
        </Alert>
      ) : (
        <>
          <SearchBar
            key={JSON.stringify([state.search, state.geo, state.radius])}
            action={RESUME_SEARCH_PATH}
            label={intl.formatMessage(messages.form)}
            keywordsPlaceholder={intl.formatMessage(messages.keywordsPlaceholder)}
            search={state.search}
            geo={state.geo}
            radius={state.radius}
            hidden={hidden}
            href={(params) => resumeSearchHref({ ...parseResumeSearchParams(params), page: 1 })}
            areaRadius="hidden"
          />
          {savedSearches && outcome.kind !== "errors" ? (
            <SaveResumeSearch
              search={resumeAlertSearch(state, intl.locale.slice(0, 2))}
              defaultName={state.search || intl.formatMessage(messages.title)}
              editing={state.alert ?? null}
            />
          ) : null}
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
                    <Title order={2} size="h4" aria-live="polite">
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
                        <MobileFilters active={activeResumeFilterCount(state.filters)} total={results.total}>
                          <Facets views={facetViews} />
                        </MobileFilters>
                      ) : null}
                      <SortLinks
                        options={RESUME_SORTINGS.map((value) => ({
                          value,
                          label: intl.formatMessage(SORTING_MESSAGES[value]),
                        }))}
                        current={state.sorting}
                        href={(sorting) => resumeSearchHref({ ...state, sorting, page: 1 })}
                      />
                    </Group>
                  </Group>
                ) : null}
                <FilterChips chips={chips} clearHref={clearResumeFiltersHref(state)} />
                {results ? (
                  <Results results={results} state={state} />
                ) : outcome.kind === "errors" ? (
                  <SearchEmptyState
                    what="resumes"
                    suggestions={[{ label: intl.formatMessage(messages.newSearch), href: RESUME_SEARCH_PATH }]}
                  />
                ) : null}
              </Stack>
            </Grid.Col>
          </Grid>
          {savedSearches ? <MyResumeAlerts /> : null}
        </>
      )}
    </Stack>
  );
}
