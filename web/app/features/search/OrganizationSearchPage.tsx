import { Alert, Anchor, Box, Button, Flex, Grid, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useId, type FormEvent } from "react";
import { useNavigation } from "react-router";
import { Link } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { FacetGroup, type FacetOption } from "~/components/FacetGroup";
import { OrganizationTeaser } from "~/components/OrganizationTeaser";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import type { SearchFacetView } from "./documents";
import type { FilterChip } from "./FilterChips";
import { FilterChips } from "./FilterChips";
import type { OrganizationSearchPageData } from "./load-search";
import { MobileFilters } from "./MobileFilters";
import {
  ORGANIZATION_FACET_FIELDS,
  ORGANIZATION_FACET_TITLES,
  ORGANIZATION_PAGE_SIZE,
  organizationSearchHref,
  toggleOrganizationFilter,
  type OrganizationFacetField,
  type OrganizationSearchState,
} from "./organization-search-params";
import { SearchEmptyState } from "./SearchEmptyState";
import { cleanText, pageCount } from "./search-url";

interface OrganizationFacetView {
  field: OrganizationFacetField;
  title: string;
  options: FacetOption[];
}

export function organizationFacetViews(
  state: OrganizationSearchState,
  facets: readonly SearchFacetView[],
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
    return { field, title: ORGANIZATION_FACET_TITLES[field], options };
  }).filter((view) => view.options.length > 0);
}

function chipsOf(state: OrganizationSearchState, facets: readonly SearchFacetView[]): FilterChip[] {
  return ORGANIZATION_FACET_FIELDS.flatMap((field) =>
    state.filters[field].map((value) => {
      const label =
        facets.find((facet) => facet.field === field)?.values.find((candidate) => candidate.value === value)?.label ??
        value;
      return {
        key: `${field}:${value}`,
        label: `${ORGANIZATION_FACET_TITLES[field]}: ${label}`,
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
      aria-label="Search organizations"
    >
      <Flex direction={{ base: "column", sm: "row" }} gap="sm" align={{ base: "stretch", sm: "flex-end" }}>
        <TextInput
          name="search"
          type="search"
          label="Organization name or keyword"
          placeholder="e.g. clean water, Acme"
          defaultValue={state.search}
          maxLength={500}
          style={{ flex: 1 }}
        />
        {ORGANIZATION_FACET_FIELDS.filter((field) => state.filters[field].length > 0).map((field) => (
          <input key={field} type="hidden" name={field} value={state.filters[field].join(",")} />
        ))}
        <Button type="submit">Search</Button>
      </Flex>
    </Box>
  );
}

/**
 * /organizations (UI.md): a search box, facets (occupations, industry, fields of study) on the
 * left or in the phone filter panel, a grid of organization cards, 12 a page.
 */
export function OrganizationSearchPage({ data }: { data: OrganizationSearchPageData }) {
  const { state, outcome } = data;
  const results = outcome.kind === "results" ? outcome.results : null;
  const href = organizationSearchHref(state);
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/organizations";
  const filtersHeadingId = useId();
  const facetViews = results ? organizationFacetViews(state, results.facets) : [];
  const chips = chipsOf(state, results?.facets ?? []);
  const pages = results ? pageCount(results.total, ORGANIZATION_PAGE_SIZE) : 1;
  const active = ORGANIZATION_FACET_FIELDS.reduce((sum, field) => sum + state.filters[field].length, 0);

  return (
    <Stack gap="lg">
      <PageHeader title="Organizations" description="Find organizations that match your values, and their open jobs." />
      <OrganizationSearchBox key={href} state={state} />
      <DangerList messages={outcome.kind === "errors" ? outcome.messages : []} />
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
              <Flex justify="space-between" align="center" gap="sm" wrap="wrap">
                <Title order={2} size="h4" aria-live="polite">
                  {results.total.toLocaleString("en")} {results.total === 1 ? "organization" : "organizations"}
                  {pages > 1 ? ` · page ${Math.min(state.page, pages)} of ${pages}` : ""}
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
                  aria-label="Organizations"
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
                  label="Result pages"
                />
              </>
            ) : null}
            {results && results.hits.length === 0 && results.total > 0 ? (
              <Alert color="blue" title="No more results" role="status">
                This page is past the last page of results.{" "}
                <Anchor component={Link} to={organizationSearchHref({ ...state, page: 1 })}>
                  Go to the first page
                </Anchor>
              </Alert>
            ) : null}
            {(results && results.total === 0) || outcome.kind === "errors" ? (
              <SearchEmptyState
                what="organizations"
                suggestions={[
                  ...(chips.length > 0 ? [{ label: "Remove all filters", href: clearHref(state) }] : []),
                  ...(state.search || outcome.kind === "errors"
                    ? [{ label: "Show all organizations", href: "/organizations" }]
                    : []),
                  { label: "Search jobs instead", href: "/jobs" },
                ]}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
