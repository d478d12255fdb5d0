import type { OrganizationSearchInput } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { FACET_LIMIT } from "./job-search-params";
import { cleanText, facetValues, parsePage, queryString } from "~/lib/search/search-url";

/** Spec 9: organization search page size. */
export const ORGANIZATION_PAGE_SIZE = 12;
/** Spec 9: the organization facets (multiple, OR). */
export const ORGANIZATION_FACET_FIELDS = ["occupations", "industry", "fieldsOfStudy"] as const;
export type OrganizationFacetField = (typeof ORGANIZATION_FACET_FIELDS)[number];
export const ORGANIZATION_FACET_TITLES: Record<OrganizationFacetField, Message> = defineMessages({
  occupations: { id: "search.organizations.facet.occupations", defaultMessage: "Occupational field" },
  industry: { id: "search.organizations.facet.industry", defaultMessage: "Industry" },
  fieldsOfStudy: { id: "search.organizations.facet.fieldsOfStudy", defaultMessage: "Field of study" },
});

export type OrganizationFilters = Record<OrganizationFacetField, string[]>;

export interface OrganizationSearchState {
  search: string;
  filters: OrganizationFilters;
  page: number;
}

/** Reads /organizations?search=..&occupations=..&industry=..&fieldsOfStudy=..&page=.. */
export function parseOrganizationSearchParams(params: URLSearchParams): OrganizationSearchState {
  const filters = Object.fromEntries(
    ORGANIZATION_FACET_FIELDS.map((field) => [field, facetValues(params.getAll(field))]),
  ) as unknown as OrganizationFilters;
  return { search: cleanText(params.get("search")), filters, page: parsePage(params.get("page")) };
}

/** Spec section 9: the pagination offset is (page - 1) times the page size. */
export function organizationOffset(page: number): number {
  return (page - 1) * ORGANIZATION_PAGE_SIZE;
}

export function serializeOrganizationSearch(state: OrganizationSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set("search", state.search);
  for (const field of ORGANIZATION_FACET_FIELDS) {
    if (state.filters[field].length > 0) params.set(field, state.filters[field].join(","));
  }
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

export function organizationSearchHref(state: OrganizationSearchState): string {
  return `/organizations${queryString(serializeOrganizationSearch(state))}`;
}

export function toggleOrganizationFilter(
  state: OrganizationSearchState,
  field: OrganizationFacetField,
  value: string,
): OrganizationSearchState {
  const current = state.filters[field];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...state, filters: { ...state.filters, [field]: next }, page: 1 };
}

export function buildOrganizationSearchInput(
  state: OrganizationSearchState,
  language = "en",
): Required<OrganizationSearchInput> {
  const { filters } = state;
  return {
    language,
    facets: ORGANIZATION_FACET_FIELDS.map((field) => ({
      field,
      limit: FACET_LIMIT,
      operator: "or",
      minCount: 1,
      missing: false,
    })),
    conditionGroups: ORGANIZATION_FACET_FIELDS.filter((field) => filters[field].length > 0).map((field) => ({
      conditions: filters[field].map((value) => ({ field, value, operator: "=" })),
      conjunction: "OR",
      tags: [`facet:${field}`],
    })),
    fulltext: state.search ? { keys: state.search } : null,
    page: state.page,
  };
}
