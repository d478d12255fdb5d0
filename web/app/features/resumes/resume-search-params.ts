import type { ResumeAlertSearchInput, ResumeSearchInput } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import {
  FACET_LIMIT,
  geoInput,
  parseGeo,
  serializePlace,
  type GeoSelection,
} from "~/lib/search/geo";
import { cleanText, facetValues, parseNumber, parsePage, queryString } from "~/lib/search/search-url";

/** Spec 2: resume listing pages show 10 results. */
export const RESUME_PAGE_SIZE = 10;
export const RESUME_SEARCH_PATH = "/resumes";

/** Spec 9: the resume facets, in the order the page shows them (OR within, AND across). */
export const RESUME_FACET_FIELDS = ["careerStatus", "languages", "skills", "occupations", "region", "fieldOfStudy"] as const;
export type ResumeFacetField = (typeof RESUME_FACET_FIELDS)[number];

/** The facets whose values are words the documents keep (not term ids). */
const KEYWORD_FACETS: ReadonlySet<ResumeFacetField> = new Set(["careerStatus", "region"]);

export const RESUME_FACET_TITLES: Record<ResumeFacetField, Message> = defineMessages({
  careerStatus: { id: "resumes.facet.careerStatus", defaultMessage: "Career status" },
  languages: { id: "resumes.facet.languages", defaultMessage: "Languages" },
  skills: { id: "resumes.facet.skills", defaultMessage: "Skills" },
  occupations: { id: "resumes.facet.occupations", defaultMessage: "Occupational field" },
  region: { id: "resumes.facet.region", defaultMessage: "Region" },
  fieldOfStudy: { id: "resumes.facet.fieldOfStudy", defaultMessage: "Field of study" },
});

/** Relevance (no explicit sort) or the last update first (contract: sorts changed DESC). */
export const RESUME_SORTINGS = ["relevancy", "changed_desc"] as const;
export type ResumeSorting = (typeof RESUME_SORTINGS)[number];
export const RESUME_DATE_SORT_FIELD = "changed";

export type ResumeFilters = Record<ResumeFacetField, string[]>;

export interface ResumeSearchState {
  search: string;
  geo: GeoSelection | null;
  /** In the site's unit, null for the site's default. */
  radius: number | null;
  filters: ResumeFilters;
  sorting: ResumeSorting;
  page: number;
  /** The resume alert whose search the page edits (opened from /resume-alert/edit/{id}). */
  alert?: string;
}

const ALERT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function emptyResumeFilters(): ResumeFilters {
  return Object.fromEntries(RESUME_FACET_FIELDS.map((field) => [field, []])) as unknown as ResumeFilters;
}

/** Reads a /resumes URL's query (spec 2's keys): unknown keys are ignored, bad values fall back. */
export function parseResumeSearchParams(params: URLSearchParams): ResumeSearchState {
  const filters = emptyResumeFilters();
  for (const field of RESUME_FACET_FIELDS) {
    filters[field] = facetValues(params.getAll(field), KEYWORD_FACETS.has(field) ? "keyword" : "term");
  }
  const radius = parseNumber(params.get("radius"));
  const sorting = params.get("sorting");
  return {
    search: cleanText(params.get("search")),
    geo: parseGeo(params),
    radius: radius !== null && radius > 0 ? radius : null,
    filters,
    sorting: RESUME_SORTINGS.find((option) => option === sorting) ?? "relevancy",
    page: parsePage(params.get("page")),
    ...(ALERT_ID.test(params.get("alert") ?? "") ? { alert: params.get("alert") ?? "" } : {}),
  };
}

/** The query parameters of a state, defaults left out, in a stable order. */
export function serializeResumeSearch(state: ResumeSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set("search", state.search);
  serializePlace(params, state.geo, state.radius);
  for (const field of RESUME_FACET_FIELDS) {
    if (state.filters[field].length > 0) params.set(field, state.filters[field].join(","));
  }
  if (state.sorting !== "relevancy") params.set("sorting", state.sorting);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.alert) params.set("alert", state.alert);
  return params;
}

export function resumeSearchHref(state: ResumeSearchState): string {
  return `${RESUME_SEARCH_PATH}${queryString(serializeResumeSearch(state))}`;
}

/** The state with one facet value added or removed; a new selection starts at page 1. */
export function toggleResumeFilter(state: ResumeSearchState, field: ResumeFacetField, value: string): ResumeSearchState {
  const current = state.filters[field];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...state, filters: { ...state.filters, [field]: next }, page: 1 };
}

export function activeResumeFilterCount(filters: ResumeFilters): number {
  return RESUME_FACET_FIELDS.reduce((sum, field) => sum + filters[field].length, 0);
}

/**
 * The resume search request: every resume facet counted (limit 100, OR, min count 1); each
 * facet's selection an OR group tagged `facet:{field}` (its own counts ignore it), the groups
 * ANDed; a whole area is sent without a radius.
 */
export function buildResumeSearchInput(state: ResumeSearchState, language = "en"): Required<ResumeSearchInput> {
  return {
    language,
    facets: RESUME_FACET_FIELDS.map((field) => ({ field, limit: FACET_LIMIT, operator: "or", minCount: 1, missing: false })),
    conditionGroups: RESUME_FACET_FIELDS.filter((field) => state.filters[field].length > 0).map((field) => ({
      conditions: state.filters[field].map((value) => ({ field, value, operator: "=" })),
      conjunction: "OR",
      tags: [`facet:${field}`],
    })),
    fulltext: state.search ? { keys: state.search } : null,
    geoLocation: state.geo ? geoInput(state.geo, state.radius) : null,
    range: null,
    page: state.page,
    sorts: state.sorting === "changed_desc" ? [{ field: RESUME_DATE_SORT_FIELD, value: "DESC" }] : [],
  };
}

/** The page's search as a resume alert keeps it: no facet counts, sorting or paging. */
export function resumeAlertSearch(state: ResumeSearchState, language = "en"): ResumeAlertSearchInput {
  const { conditionGroups, fulltext, geoLocation } = buildResumeSearchInput(state, language);
  return { language, conditionGroups, fulltext, geoLocation };
}
