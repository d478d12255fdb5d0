import type { SearchClient } from "~/lib/search/place";
import { HOME_JOBS, HOME_ORGANIZATIONS, type HomeJobHit, type HomeOrganizationHit } from "./documents";

/** Spec 9: featured jobs take positions 0 to 6 of a search's first page. */
export const FEATURED_JOB_POSITIONS = 7;
/** How many of the newest (not featured) jobs the home page lists. */
export const LATEST_JOB_COUNT = 6;
/** Spec 9: featured organizations take positions 0 to 4. */
export const FEATURED_ORGANIZATION_POSITIONS = 5;
/** How many occupational fields the home page offers as entry points. */
export const HOME_CATEGORY_COUNT = 8;

export interface HomeCategory {
  label: string;
  count: number;
  /** The category's landing page: /jobs/{alias}. */
  href: string;
}

/** What the home page shows; a part the search could not answer is null (its section stays out). */
export interface HomeData {
  /** Open jobs on the site (the job search's total). */
  jobCount: number | null;
  /** Published organization profiles (the organization search's total). */
  organizationCount: number | null;
  featuredJobs: HomeJobHit[];
  latestJobs: HomeJobHit[];
  featuredOrganizations: HomeOrganizationHit[];
  categories: HomeCategory[];
  /** The job search could not answer: the page says so and offers /jobs. */
  jobsUnavailable: boolean;
}

type JobsAnswer = Pick<HomeData, "jobCount" | "featuredJobs" | "latestJobs" | "categories" | "jobsUnavailable">;
type OrganizationsAnswer = Pick<HomeData, "organizationCount" | "featuredOrganizations">;

const NO_JOBS: JobsAnswer = { jobCount: null, featuredJobs: [], latestJobs: [], categories: [], jobsUnavailable: true };
const NO_ORGANIZATIONS: OrganizationsAnswer = { organizationCount: null, featuredOrganizations: [] };

async function loadJobs(client: SearchClient): Promise<JobsAnswer> {
  let data;
  try {
    ({ data } = await client.query({
      query: HOME_JOBS,
      variables: { last: FEATURED_JOB_POSITIONS + LATEST_JOB_COUNT - 1, categories: HOME_CATEGORY_COUNT },
      fetchPolicy: "no-cache",
    }));
  } catch {
    return NO_JOBS;
  }
  const search = data?.jobSearch;
  if (search?.__typename !== "JobSearchResults") return NO_JOBS;
  // Featured jobs come first (the search pins them); the rest are the newest.
  const featuredJobs = search.hits.filter((hit) => hit.featured).slice(0, FEATURED_JOB_POSITIONS);
  const latestJobs = search.hits.filter((hit) => !hit.featured).slice(0, LATEST_JOB_COUNT);
  const aliases = new Map((data?.terms ?? []).map((term) => [String(term.tid), term.alias]));
  const facet = search.facets.find((candidate) => candidate.field === "occupations");
  const categories = (facet?.values ?? []).flatMap((value) => {
    const alias = aliases.get(value.value);
    return alias ? [{ label: value.label, count: value.count, href: `/jobs/${encodeURIComponent(alias)}` }] : [];
  });
  return { jobCount: search.total, featuredJobs, latestJobs, categories, jobsUnavailable: false };
}

async function loadOrganizations(client: SearchClient): Promise<OrganizationsAnswer> {
  let data;
  try {
    ({ data } = await client.query({ query: HOME_ORGANIZATIONS, fetchPolicy: "no-cache" }));
  } catch {
    return NO_ORGANIZATIONS;
  }
  const search = data?.organizationSearch;
  if (search?.__typename !== "OrganizationSearchResults") return NO_ORGANIZATIONS;
  return {
    organizationCount: search.total,
    featuredOrganizations: search.hits.filter((hit) => hit.featured).slice(0, FEATURED_ORGANIZATION_POSITIONS),
  };
}

/**
 * The home page's data, read in the route's loader so the first paint shows a live board: the
 * counts, the featured and the newest jobs, the featured organizations and the busiest
 * categories. Either search failing leaves its sections out; the page itself always renders.
 */
export async function loadHome(client: SearchClient): Promise<HomeData> {
  const [jobs, organizations] = await Promise.all([loadJobs(client), loadOrganizations(client)]);
  return { ...jobs, ...organizations };
}
