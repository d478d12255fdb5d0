import type { JobSearchInput, SearchGeoLocationInput } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { cleanText, facetValues, parseNumber, parsePage, queryString } from "./search-url";

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

/** Spec 9: facet limit 100 per facet, minimum count 1. */
export const FACET_LIMIT = 100;

/** Spec 9: the radius options; this site's default is 50 miles (a mile is 1.6 km here). */
export const RADIUS_OPTIONS = [5, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS = 50;
export const DEFAULT_UNIT = "mi";
export const MILES_MULTIPLIER = 1.6;

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

/**
 * Where to search: a place picked from the suggestions (a city with coordinates, or a whole
 * country or state), or text typed without picking (the loader looks it up).
 */
export type GeoSelection =
  | { locationType: "locality"; label: string; lat: number; lon: number }
  | { locationType: "country"; label: string; country: string }
  | { locationType: "administrative_area_level_1"; label: string; country: string; administrativeArea: string }
  | { locationType: null; label: string };

export type JobFilters = Record<JobFacetField, string[]>;

export interface JobSearchState {
  search: string;
  geo: GeoSelection | null;
  /** In DEFAULT_UNIT; kept even without a place so the select remembers it. */
  radius: number;
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
  radius: DEFAULT_RADIUS,
  filters: emptyFilters(),
  sorting: "relevancy",
  page: 1,
};

const MAX_PLACE_LENGTH = 200;

function place(params: URLSearchParams, key: string): string {
  return cleanText(params.get(key)).slice(0, MAX_PLACE_LENGTH);
}

/** The place of a search URL (spec 2's keys), shared by the job and resume searches. */
export function parseGeo(params: URLSearchParams): GeoSelection | null {
  const label = place(params, "geo_location");
  const country = place(params, "country").toUpperCase();
  const area = place(params, "administrative_area_level_1");
  const lat = parseNumber(params.get("lat"));
  const lon = parseNumber(params.get("lon"));
  if (area && country) {
    return {
      locationType: "administrative_area_level_1",
      label: label || `${area}, ${country}`,
      country,
      administrativeArea: area,
    };
  }
  if (lat !== null && lon !== null) return { locationType: "locality", label: label || `${lat}, ${lon}`, lat, lon };
  if (country) return { locationType: "country", label: label || country, country };
  if (label) return { locationType: null, label };
  return null;
}

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
    // says so); nonsense falls back to the default.
    radius: radius !== null && radius > 0 ? radius : DEFAULT_RADIUS,
    filters,
    sorting: SORTINGS.find((option) => option === sorting) ?? "relevancy",
    page: parsePage(params.get("page")),
  };
}

function coordinate(value: number): string {
  return String(Math.round(value * 1e5) / 1e5);
}

/** True for a whole area (a country, an administrative area): it is searched without a radius. */
export function isAreaLocationType(locationType: string | null | undefined): boolean {
  return locationType === "country" || (locationType ?? "").startsWith("administrative_area_level_");
}

/** A place's query parameters (spec 2's keys); the radius only where one applies, when not the default. */
export function serializePlace(params: URLSearchParams, geo: GeoSelection | null, radius: number): void {
  if (!geo) return;
  params.set("geo_location", geo.label);
  if (geo.locationType === "locality") {
    params.set("lat", coordinate(geo.lat));
    params.set("lon", coordinate(geo.lon));
  } else if (geo.locationType === "country") {
    params.set("country", geo.country);
  } else if (geo.locationType === "administrative_area_level_1") {
    params.set("country", geo.country);
    params.set("administrative_area_level_1", geo.administrativeArea);
  }
  if (!isAreaLocationType(geo.locationType) && radius !== DEFAULT_RADIUS) params.set("radius", String(radius));
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

/** A place as the search API takes it (contract: geoLocation); null for text never found. */
export function geoInput(geo: GeoSelection, radius: number): SearchGeoLocationInput | null {
  switch (geo.locationType) {
    case "locality":
      return { locationType: "locality", label: geo.label, lat: geo.lat, lon: geo.lon, radius, unit: DEFAULT_UNIT };
    case "country":
      return { locationType: "country", label: geo.label, country: geo.country };
    case "administrative_area_level_1":
      return {
        locationType: "administrative_area_level_1",
        label: geo.label,
        country: geo.country,
        administrativeArea: geo.administrativeArea,
      };
    case null:
      // Typed but never found: the loader looked it up and could not; no place filter.
      return null;
  }
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

/** A distance in km as this site says it: "12 mi". */
export function formatDistance(km: number): string {
  const miles = km / MILES_MULTIPLIER;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} ${DEFAULT_UNIT}`;
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
