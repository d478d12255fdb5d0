import type { JobSearchInput } from "~/lib/graphql/generated/graphql";
import { FACET_LIMIT, geoInput, parseGeo, serializePlace, type GeoSelection } from "~/lib/search/geo";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { cleanText, facetValues, parseNumber, parsePage, queryString } from "~/lib/search/search-url";

// The place and radius are the search pages' (lib/search/geo); the job search's modules and
// tests keep naming them here.
export {
  effectiveRadius,
  FACET_LIMIT,
  formatDistance,
  geoInput,
  isAreaLocationType,
  parseGeo,
  RADIUS_OPTIONS,
  serializePlace,
  useSiteGeo,
  type GeoSelection,
  type SiteGeo,
} from "~/lib/search/geo";

/** Spec 9: jobs per listing page. */
export const JOB_PAGE_SIZE = 10;
/** Spec 9: the job facets, in the order the page shows them (multiple values, OR). */
export const JOB_FACET_FIELDS = [
  "remoteOptions",
  "employmentType",
  "industry",
  "occupations",
  "yearsOfExperience",
  "company",
] as const;
export type JobFacetField = (typeof JOB_FACET_FIELDS)[number];

export const JOB_FACET_TITLES: Record<JobFacetField, Message> = defineMessages({
  remoteOptions: { id: "search.facet.remoteOptions", defaultMessage: "Remote work" },
  employmentType: { id: "search.facet.employmentType", defaultMessage: "Employment type" },
  industry: { id: "search.facet.industry", defaultMessage: "Industry" },
  occupations: { id: "search.facet.occupations", defaultMessage: "Occupational field" },
  yearsOfExperience: { id: "search.facet.yearsOfExperience", defaultMessage: "Experience" },
  company: { id: "search.facet.company", defaultMessage: "Organization" },
});

/** Spec 3: relevancy (no explicit sort in requests) and newest first. */
export const SORTINGS = ["relevancy", "publish_date_desc"] as const;
export type Sorting = (typeof SORTINGS)[number];
export const SORTING_LABELS: Record<Sorting, string> = { relevancy: "Relevance", publish_date_desc: "Newest" };

/** Spec 2: the query parameters that are not filters. */
export const JOB_SEARCH_KEYS = [
  "page",
  "jobId",
  "locale",
  "region",
  "search",
  "geo_location",
  "country",
  "administrative_area_level_1",
  "lat",
  "lon",
  "radius",
  "sorting",
] as const;

export type JobFilters = Record<JobFacetField, string[]>;

export interface JobSearchState {
  search: string;
  geo: GeoSelection | null;
  /** In the site's unit, null for the site's default; kept without a place so the select remembers it. */
  radius: number | null;
  filters: JobFilters;
  sorting: Sorting;
  page: number;
}

/** A facet value chosen by the path, /jobs/{alias}[/{alias}] (spec 2). */
export interface CategorySelection {
  alias: string;
  field: JobFacetField;
  value: string;
  label: string;
}

export function emptyFilters(): JobFilters {
  return Object.fromEntries(JOB_FACET_FIELDS.map((field) => [field, []])) as unknown as JobFilters;
}

export const DEFAULT_JOB_SEARCH: JobSearchState = {
  search: "",
  geo: null,
  radius: null,
  filters: emptyFilters(),
  sorting: "relevancy",
  page: 1,
};

/** Reads a /jobs URL's query: unknown keys are ignored, bad values fall back to the defaults. */
export function parseJobSearchParams(params: URLSearchParams): JobSearchState {
  const filters = emptyFilters();
  for (const field of JOB_FACET_FIELDS) {
    filters[field] = facetValues(params.getAll(field), field === "company" ? "organization" : "term");
  }
  const radius = parseNumber(params.get("radius"));
  const sorting = params.get("sorting");
  return {
    search: cleanText(params.get("search")),
    geo: parseGeo(params),
    // A positive radius is sent as asked (the API refuses one that is not an option, and the page
    // says so); none or nonsense is the site's default.
    radius: radius !== null && radius > 0 ? radius : null,
    filters,
    sorting: SORTINGS.find((option) => option === sorting) ?? "relevancy",
    page: parsePage(params.get("page")),
  };
}

/** The query parameters of a state, defaults left out, in a stable order. */
export function serializeJobSearch(state: JobSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set("search", state.search);
  serializePlace(params, state.geo, state.radius);
  for (const field of JOB_FACET_FIELDS) {
    if (state.filters[field].length > 0) params.set(field, state.filters[field].join(","));
  }
  if (state.sorting !== "relevancy") params.set("sorting", state.sorting);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** "/jobs" or "/jobs/{alias}/{alias}". */
export function jobSearchPath(categories: readonly Pick<CategorySelection, "alias">[]): string {
  return ["/jobs", ...categories.map(({ alias }) => encodeURIComponent(alias))].join("/");
}

export function jobSearchHref(state: JobSearchState, categories: readonly CategorySelection[] = []): string {
  return `${jobSearchPath(categories)}${queryString(serializeJobSearch(state))}`;
}

/** The query's filters plus the path's categories: what the search filters on. */
export function selectedFilters(state: JobSearchState, categories: readonly CategorySelection[] = []): JobFilters {
  const selected = emptyFilters();
  for (const field of JOB_FACET_FIELDS) selected[field] = [...state.filters[field]];
  for (const { field, value } of categories) {
    if (!selected[field].includes(value)) selected[field].push(value);
  }
  return selected;
}

/** How many facet values are selected (the mobile filter button's number). */
export function activeFilterCount(filters: JobFilters): number {
  return JOB_FACET_FIELDS.reduce((sum, field) => sum + filters[field].length, 0);
}

/** The state with one facet value added or removed; a new selection starts at page 1. */
export function toggleFilter(state: JobSearchState, field: JobFacetField, value: string): JobSearchState {
  const current = state.filters[field];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...state, filters: { ...state.filters, [field]: next }, page: 1 };
}

/**
 * Spec 3: the search request. Every job facet is counted (limit 100, OR, min count 1); each
 * facet's selection is an OR group tagged `facet:{field}` so its own counts ignore it.
 */
export function buildJobSearchInput(
  state: JobSearchState,
  categories: readonly CategorySelection[] = [],
  language = "en",
): Required<JobSearchInput> {
  const filters = selectedFilters(state, categories);
  return {
    language,
    facets: JOB_FACET_FIELDS.map((field) => ({
      field,
      limit: FACET_LIMIT,
      operator: "or",
      minCount: 1,
      missing: false,
    })),
    conditionGroups: JOB_FACET_FIELDS.filter((field) => filters[field].length > 0).map((field) => ({
      conditions: filters[field].map((value) => ({ field, value, operator: "=" })),
      conjunction: "OR",
      tags: [`facet:${field}`],
    })),
    fulltext: state.search ? { keys: state.search } : null,
    geoLocation: state.geo ? geoInput(state.geo, state.radius) : null,
    // Paging is by page number (the range is for the featured-jobs strip, spec 9).
    range: null,
    page: state.page,
    sorts: state.sorting === "publish_date_desc" ? [{ field: "field_job_publishing_date", value: "DESC" }] : [],
  };
}

/** The vocabulary a path alias's term belongs to names its facet (contract: termsByAlias). */
export const VOCABULARY_FACETS: Readonly<Record<string, JobFacetField>> = {
  occupational_fields: "occupations",
  industries: "industry",
  employment_types: "employmentType",
  years_of_experience: "yearsOfExperience",
  remote_options: "remoteOptions",
};

/** Spec 9 (SEO): at most 2 clean facets in the path. */
export const MAX_CATEGORY_SEGMENTS = 2;
