import { resolveRoute, type LandingPageView, type RouteResolution } from "~/lib/route-answer";
import {
  JOB_CATEGORY_TERMS,
  JOB_SEARCH,
  ORGANIZATION_SEARCH,
  type JobSearchResultsView,
  type OrganizationSearchResultsView,
} from "./documents";
import {
  resolvePlace,
  SEARCH_UNAVAILABLE_MESSAGE,
  type SearchClient,
  type SearchOutcome,
} from "~/lib/search/place";
import {
  buildJobSearchInput,
  jobSearchPath,
  MAX_CATEGORY_SEGMENTS,
  parseJobSearchParams,
  VOCABULARY_FACETS,
  type CategorySelection,
  type JobSearchState,
} from "./job-search-params";
import {
  buildOrganizationSearchInput,
  parseOrganizationSearchParams,
  type OrganizationSearchState,
} from "./organization-search-params";


// Shared with the other search pages (lib/search/place); the job search's modules and tests name them here.
export {
  resolvePlace,
  SEARCH_UNAVAILABLE_MESSAGE,
  suggestionToGeo,
  type PlaceSuggestion,
  type SearchClient,
  type SearchOutcome,
} from "~/lib/search/place";

export interface JobSearchPageData {
  state: JobSearchState;
  categories: CategorySelection[];
  outcome: SearchOutcome<JobSearchResultsView>;
  /** Problems with the request the page explains (a place that could not be found). */
  notices: string[];
  /** The path's curated title, intro and description, when it has one (ADR 0016). */
  landingPage?: LandingPageView | null;
}

export interface OrganizationSearchPageData {
  state: OrganizationSearchState;
  outcome: SearchOutcome<OrganizationSearchResultsView>;
}

/** Splits the optional category path of `/jobs/[[...taxonomy]]` into its aliases. */
export function taxonomySegments(splat: string | undefined): string[] {
  return (splat ?? "").split("/").filter((segment) => segment.length > 0);
}

/**
 * The facet values the path's aliases name, in path order; null when the path is not a search
 * page (an unknown or repeated alias, a term no facet shows, more than two segments): a 404.
 */
export async function resolveCategories(
  client: SearchClient,
  aliases: readonly string[],
): Promise<CategorySelection[] | null> {
  if (aliases.length === 0) return [];
  if (aliases.length > MAX_CATEGORY_SEGMENTS || new Set(aliases).size !== aliases.length) return null;
  const { data } = await client.query({
    query: JOB_CATEGORY_TERMS,
    variables: { aliases: [...aliases] },
    fetchPolicy: "no-cache",
  });
  const terms = data?.termsByAlias ?? [];
  const categories: CategorySelection[] = [];
  for (const alias of aliases) {
    const term = terms.find((candidate) => candidate.alias === alias);
    const field = term ? VOCABULARY_FACETS[term.vocabulary] : undefined;
    if (!term || !field) return null;
    categories.push({ alias, field, value: String(term.tid), label: term.label });
  }
  return categories;
}

/** Runs the job search; a failure to reach the API reads as "unavailable", never a crash. */
export async function searchJobs(
  client: SearchClient,
  state: JobSearchState,
  categories: readonly CategorySelection[],
  signedIn = false,
): Promise<SearchOutcome<JobSearchResultsView>> {
  try {
    const { data } = await client.query({
      query: JOB_SEARCH,
      // a visitor's hits ask no bookmark (always false): the gateway then never calls jobs
      variables: { input: buildJobSearchInput(state, categories), signedIn },
      fetchPolicy: "no-cache",
    });
    const answer = data?.jobSearch;
    if (!answer) return { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE };
    switch (answer.__typename) {
      case "JobSearchResults":
        return { kind: "results", results: answer };
      case "SearchErrors":
        return { kind: "errors", messages: errorMessages(answer) };
      case "SearchUnavailable":
        return { kind: "unavailable", message: answer.message || SEARCH_UNAVAILABLE_MESSAGE };
    }
  } catch {
    return { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE };
  }
}

function errorMessages(answer: { message: string; errors: readonly { message: string }[] }): string[] {
  const messages = answer.errors.map((error) => error.message);
  return messages.length > 0 ? [...new Set(messages)] : [answer.message];
}

/** A city landing page's place, unless the URL chose a place of its own. */
function withLandingPlace(state: JobSearchState, landingPage: LandingPageView | null): JobSearchState {
  const place = landingPage?.place;
  if (!place || state.geo) return state;
  return { ...state, geo: { locationType: "locality", label: place.label, lat: place.lat, lon: place.lon } };
}

/** A /jobs path's search page, and what search's slug index says of the path (null for /jobs). */
export interface JobSearchLoad {
  /** null when the path names no search page (a 404, unless the route redirects). */
  page: JobSearchPageData | null;
  route: RouteResolution | null;
}

/** The landing page standing on the path, if route names one. */
function landingPageOf(route: RouteResolution | null): LandingPageView | null {
  return route?.kind === "content" && route.content.__typename === "LandingPage" ? route.content : null;
}

/**
 * /jobs and /jobs/{alias}[/{alias}]: the path goes through route (its landing page, or a
 * redirect, which wins) while its aliases are read as terms. A path whose aliases are no terms
 * may still be a city landing page (/jobs/new-york): it searches around the page's place.
 */
export async function loadJobSearch(
  client: SearchClient,
  url: URL,
  splat: string | undefined,
  signedIn = false,
): Promise<JobSearchLoad> {
  const aliases = taxonomySegments(splat).map((alias) => alias.toLowerCase());
  const routed = aliases.length > 0 ? resolveRoute(client, jobSearchPath(aliases.map((alias) => ({ alias })))) : null;
  let categories: CategorySelection[] | null;
  try {
    categories = await resolveCategories(client, aliases);
  } catch {
    // The terms could not be read: search without the path's selection rather than fail.
    const route = await routed;
    return {
      page: {
        state: parseJobSearchParams(url.searchParams),
        categories: [],
        outcome: { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE },
        notices: [],
        landingPage: landingPageOf(route),
      },
      route,
    };
  }
  const route = await routed;
  if (route?.kind === "redirect") return { page: null, route };
  const landingPage = landingPageOf(route);
  if (!categories && landingPage?.place) categories = [];
  if (!categories) return { page: null, route };
  const parsed = withLandingPlace(parseJobSearchParams(url.searchParams), landingPage);
  const { state, notice } = await resolvePlace(client, parsed);
  const outcome = await searchJobs(client, state, categories, signedIn);
  return { page: { state, categories, outcome, notices: notice ? [notice] : [], landingPage }, route };
}

/** /organizations. */
export async function loadOrganizationSearch(client: SearchClient, url: URL): Promise<OrganizationSearchPageData> {
  const state = parseOrganizationSearchParams(url.searchParams);
  try {
    const { data } = await client.query({
      query: ORGANIZATION_SEARCH,
      variables: { input: buildOrganizationSearchInput(state) },
      fetchPolicy: "no-cache",
    });
    const answer = data?.organizationSearch;
    if (!answer) return { state, outcome: { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE } };
    switch (answer.__typename) {
      case "OrganizationSearchResults":
        return { state, outcome: { kind: "results", results: answer } };
      case "SearchErrors":
        return { state, outcome: { kind: "errors", messages: errorMessages(answer) } };
      case "SearchUnavailable":
        return { state, outcome: { kind: "unavailable", message: answer.message || SEARCH_UNAVAILABLE_MESSAGE } };
    }
  } catch {
    return { state, outcome: { kind: "unavailable", message: SEARCH_UNAVAILABLE_MESSAGE } };
  }
}

/** The status a search page answers with: 503 when the index is down, 400 for refused input. */
export function outcomeStatus(outcome: SearchOutcome<unknown>): number {
  if (outcome.kind === "unavailable") return 503;
  if (outcome.kind === "errors") return 400;
  return 200;
}
