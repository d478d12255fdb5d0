import { Alert, Anchor, Box, Button, Flex, Grid, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useId, type FormEvent } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { useNavigation } from "react-router";
import { Link } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { FacetGroup, type FacetOption } from "~/components/FacetGroup";
import { OrganizationTeaser } from "~/components/OrganizationTeaser";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import type { SearchFacetView } from "./documents";
import type { FilterChip } from "~/components/search/FilterChips";
import { FilterChips } from "~/components/search/FilterChips";
import type { OrganizationSearchPageData } from "./load-search";
import { MobileFilters } from "~/components/search/MobileFilters";
import {
  ORGANIZATION_FACET_FIELDS,
  ORGANIZATION_FACET_TITLES,
  ORGANIZATION_PAGE_SIZE,
  organizationSearchHref,
  toggleOrganizationFilter,
  type OrganizationFacetField,
  type OrganizationSearchState,
} from "./organization-search-params";
import { SearchEmptyState } from "~/components/search/SearchEmptyState";
import { cleanText, pageCount } from "~/lib/search/search-url";

const messages = defineMessages({
  searchLabel: { id: "search.organizations.searchLabel", defaultMessage: "Search organizations" },
  keywords: { id: "search.organizations.keywords", defaultMessage: "Organization name or keyword" },
  placeholder: { id: "search.organizations.placeholder", defaultMessage: "e.g. clean water, Acme" },
  search: { id: "search.organizations.search", defaultMessage: "Search" },
  title: { id: "search.organizations.title", defaultMessage: "Organizations" },
  description: { id: "search.organizations.description", defaultMessage: "Find organizations that match your values, and their open jobs." },
  unavailable: { id: "search.organizations.unavailable", defaultMessage: "Search is unavailable" },
  tryAgain: { id: "search.organizations.tryAgain", defaultMessage: "Try again" },
  filters: { id: "search.organizations.filters", defaultMessage: "Filters" },
  count: { id: "search.organizations.count", defaultMessage: "{total, plural, one {# organization} other {# organizations}}" },
  list: { id: "search.organizations.list", defaultMessage: "Organizations" },
  resultPages: { id: "search.organizations.resultPages", defaultMessage: "Result pages" },
  noMore: { id: "search.organizations.noMore", defaultMessage: "No more results" },
  noMoreText: { id: "search.organizations.noMoreText", defaultMessage: "This page is past the last page of results. <link>Go to the first page</link>" },
  removeFilters: { id: "search.organizations.removeFilters", defaultMessage: "Remove all filters" },
  showAll: { id: "search.organizations.showAll", defaultMessage: "Show all organizations" },
  searchJobs: { id: "search.organizations.searchJobs", defaultMessage: "Search jobs instead" },
  chip: { id: "search.organizations.chip", defaultMessage: "{facet}: {value}" },
  countPages: {
    id: "search.organizations.countPages",
    defaultMessage:
      "{total, plural, one {# organization} other {# organizations}} · page {page, number} of {pages, number}",
  },
});

/** The page's name, for its document title. */
export const ORGANIZATION_SEARCH_TITLE = messages.title;

interface OrganizationFacetView {
  field: OrganizationFacetField;
  title: string;
  options: FacetOption[];
}

export function organizationFacetViews(
  state: OrganizationSearchState,
  facets: readonly SearchFacetView[],
  intl: IntlShape = SITE_INTL,
): OrganizationFacetView[] {
  return ORGANIZATION_FACET_FIELDS.map((field) => {
    const values = facets.find((facet) => facet.field === field)?.values ?? [];
    const selected = state.filters[field];
    const missing = selected
      .filter((value) => !values.some((candidate) => candidate.value === value))
      .map((value) => ({ value, label: value, count: 0 }));
    const options = [...missing, ...values].map((value) => ({
      ...value,
      selected: selected.includes(value.value),
      href: organizationSearchHref(toggleOrganizationFilter(state, field, value.value)),
    }));
    return { field, title: intl.formatMessage(ORGANIZATION_FACET_TITLES[field]), options };
  }).filter((view) => view.options.length > 0);
}

function chipsOf(state: OrganizationSearchState, facets: readonly SearchFacetView[], intl: IntlShape): FilterChip[] {
  return ORGANIZATION_FACET_FIELDS.flatMap((field) =>
    state.filters[field].map((value) => {
      const label =
        facets.find((facet) => facet.field === field)?.values.find((candidate) => candidate.value === value)?.label ??
        value;
      return {
        key: `${field}:${value}`,
        label: intl.formatMessage(messages.chip, { facet: intl.formatMessage(ORGANIZATION_FACET_TITLES[field]), value: label }),
        removeHref: organizationSearchHref(toggleOrganizationFilter(state, field, value)),
      };
    }),
  );
}

function clearHref(state: OrganizationSearchState): string {
  return organizationSearchHref({
    search: state.search,
    filters: { occupations: [], industry: [], fieldsOfStudy: [] },
    page: 1,
  });
}

function Facets({ views }: { views: readonly OrganizationFacetView[] }) {
  return (
    <Stack gap="lg">
      {views.map((view) => (
        <FacetGroup key={view.field} title={view.title} options={view.options} />
      ))}
    </Stack>
  );
}

/** The search box: a GET form (works without JavaScript); filters ride along, paging restarts. */
function OrganizationSearchBox({ state }: { state: OrganizationSearchState }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = cleanText(new FormData(event.currentTarget).get("search")?.toString() ?? null);
    void navigate(organizationSearchHref({ ...state, search, page: 1 }));
  };
  return (
    <Box
      component="form"
      method="get"
      action="/organizations"
      onSubmit={submit}
      role="search"
      aria-label={intl.formatMessage(messages.searchLabel)}
    >
      <Flex direction={{ base: "column", sm: "row" }} gap="sm" align={{ base: "stretch", sm: "flex-end" }}>
        <TextInput
          name="search"
          type="search"
          label={intl.formatMessage(messages.keywords)}
          placeholder={intl.formatMessage(messages.placeholder)}
          defaultValue={state.search}
          maxLength={500}
          style={{ flex: 1 }}
        />
        {ORGANIZATION_FACET_FIELDS.filter((field) => state.filters[field].length > 0).map((field) => (
          <input key={field} type="hidden" name={field} value={state.filters[field].join(",")} />
        ))}
        <Button type="submit">
          <FormattedMessage {...messages.search} />
        </Button>
      </Flex>
    </Box>
  );
}

/**
 * /organizations (UI.md): a search box, facets (occupations, industry, fields of study) on the
 * left or in the phone filter panel, a grid of organization cards, 12 a page.
 */
export function OrganizationSearchPage({ data }: { data: OrganizationSearchPageData }) {
  const intl = useIntl();
  const { state, outcome } = data;
  const results = outcome.kind === "results" ? outcome.results : null;
  const href = organizationSearchHref(state);
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/organizations";
  const filtersHeadingId = useId();
  const facetViews = results ? organizationFacetViews(state, results.facets, intl) : [];
  const chips = chipsOf(state, results?.facets ?? [], intl);
  const pages = results ? pageCount(results.total, ORGANIZATION_PAGE_SIZE) : 1;
  const active = ORGANIZATION_FACET_FIELDS.reduce((sum, field) => sum + state.filters[field].length, 0);

  return (
    <Stack gap="lg">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <OrganizationSearchBox key={href} state={state} />
      <DangerList messages={outcome.kind === "errors" ? outcome.messages : []} />
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
              <Flex justify="space-between" align="center" gap="sm" wrap="wrap">
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
                {facetViews.length > 0 ? (
                  <MobileFilters active={active} total={results.total}>
                    <Facets views={facetViews} />
                  </MobileFilters>
                ) : null}
              </Flex>
            ) : null}
            <FilterChips chips={chips} clearHref={clearHref(state)} />
            {results && results.hits.length > 0 ? (
              <>
                <SimpleGrid
                  cols={{ base: 1, sm: 2, lg: 3 }}
                  spacing="md"
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: "none" }}
                  aria-label={intl.formatMessage(messages.list)}
                >
                  {results.hits.map((hit) => (
                    <li key={hit.slug}>
                      <OrganizationTeaser
                        name={hit.name}
                        href={`/organization/${encodeURIComponent(hit.slug)}`}
                        logoUrl={hit.logoUrl}
                        industry={hit.industry}
                        openJobs={hit.openJobs}
                        featured={hit.featured}
                        snippet={hit.snippet}
                      />
                    </li>
                  ))}
                </SimpleGrid>
                <Pagination
                  page={state.page}
                  pages={pages}
                  href={(page) => organizationSearchHref({ ...state, page })}
                  label={intl.formatMessage(messages.resultPages)}
                />
              </>
            ) : null}
            {results && results.hits.length === 0 && results.total > 0 ? (
              <Alert color="blue" title={intl.formatMessage(messages.noMore)} role="status">
                <FormattedMessage
                  {...messages.noMoreText}
                  values={{
                    link: (chunks) => (
                      <Anchor component={Link} to={organizationSearchHref({ ...state, page: 1 })}>
                        {chunks}
                      </Anchor>
                    ),
                  }}
                />
              </Alert>
            ) : null}
            {(results && results.total === 0) || outcome.kind === "errors" ? (
              <SearchEmptyState
                what="organizations"
                suggestions={[
                  ...(chips.length > 0 ? [{ label: intl.formatMessage(messages.removeFilters), href: clearHref(state) }] : []),
                  ...(state.search || outcome.kind === "errors"
                    ? [{ label: intl.formatMessage(messages.showAll), href: "/organizations" }]
                    : []),
                  { label: intl.formatMessage(messages.searchJobs), href: "/jobs" },
                ]}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
