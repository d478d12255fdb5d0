import type { MockLink } from "@apollo/client/testing";
import { APP_CONFIG } from "~/lib/app-config";
import type {
  JobSearchHitView,
  JobSearchResultsView,
  OrganizationSearchResultsView,
  SearchFacetView,
} from "./documents";

/** A search hit as the gateway answers it (the jobs subgraph resolves job { id bookmarked }). */
export function jobHit(n: number, overrides: Partial<JobSearchHitView> = {}): JobSearchHitView {
  return {
    job: { id: `job-${n}`, bookmarked: false },
    title: `Gardener ${n}`,
    slug: `gardener-${n}`,
    organizationId: "0b6f2c3e-9a7d-4e59-8d57-1f5e0c3a9b21",
    organizationName: "Acme Foundation",
    organizationSlug: "acme",
    logoUrl: "https://cdn.example/logo.png",
    snippet: "Grow things.",
    locations: [{ locality: "Berlin", countryCode: "DE", administrativeArea: null }],
    salary: { currency: "EUR", unit: "year", min: 40000, max: 55000 },
    remoteOptions: [],
    employmentTypes: ["Full time"],
    publishedAt: "2026-11-20T09:00:00+00:00",
    featured: false,
    hasVideo: false,
    distanceKm: null,
    ...overrides,
  };
}

export function facet(field: string, values: [string, string, number][]): SearchFacetView {
  return {
    field,
    values: values.map(([value, label, count]) => ({ value, label, count })),
  };
}

export const INDUSTRY_LABELS = Array.from(
  { length: 34 },
  (_, index) => `Industry ${String(index + 1).padStart(2, "0")}`,
);

export const JOB_FACETS: SearchFacetView[] = [
  facet("remoteOptions", [["31", "Hybrid", 4]]),
  facet("employmentType", [
    ["11", "Full time", 12],
    ["12", "Part time", 5],
  ]),
  facet(
    "industry",
    INDUSTRY_LABELS.map((label, index) => [String(100 + index), label, 40 - index]),
  ),
];

export function jobResults(
  hits: JobSearchHitView[],
  overrides: Partial<JobSearchResultsView> = {},
): JobSearchResultsView {
  return {
    __typename: "JobSearchResults",
    total: hits.length,
    hits,
    facets: JOB_FACETS,
    metadata: {
      metatags: [{ meta: "description", value: "Jobs at non-profits." }],
      sorting: "relevancy",
      page: 1,
      pageSize: 10,
      radius: null,
      unit: null,
      noindex: hits.length === 0,
    },
    ...overrides,
  };
}

export function organizationResults(count: number, total = count): OrganizationSearchResultsView {
  return {
    __typename: "OrganizationSearchResults",
    total,
    hits: Array.from({ length: count }, (_, index) => ({
      name: `Organization ${index + 1}`,
      slug: `organization-${index + 1}`,
      logoUrl: null,
      snippet: "Clean water for everyone.",
      industry: "Non-profit",
      occupations: [],
      countries: ["DE"],
      openJobs: index,
      featured: index === 0,
    })),
    facets: [facet("industry", [["5", "Non-profit", 7]])],
    metadata: {
      metatags: [],
      sorting: "relevancy",
      page: 1,
      pageSize: 12,
      radius: null,
      unit: null,
      noindex: false,
    },
  };
}

/** The site's configuration as getAppConfig answers it: its distances (this site's: 50 mi, 1.6). */
export function siteGeoConfig(
  geo: { default_radius: number; default_unit: string; radius_multiplier: number } = {
    default_radius: 50,
    default_unit: "mi",
    radius_multiplier: 1.6,
  },
): MockLink.MockedResponse {
  return {
    request: { query: APP_CONFIG },
    result: {
      data: {
        getAppConfig: Object.entries(geo).map(([name, value]) => ({ __typename: "AppConfigEntry", key: "geo", name, value })),
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}
