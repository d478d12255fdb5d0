import { BATCH_GROUP } from "~/lib/apollo/create-apollo-client";
import type { SearchClient } from "~/lib/search/place";
import type { JobHitTeaserData } from "~/lib/job-hit";
import type { TrainingOrganization } from "./TrainingCarousel";
import {
  HOME_JOBS,
  HOME_EMPLOYMENT_TYPES,
  HOME_ORGANIZATIONS,
  HOME_TOP_JOBS,
  HOME_TRAINING,
  HOME_VIDEO_JOBS,
  type HomeJobHit,
  type HomeOrganizationHit,
  type HomeTopJob,
} from "./documents";

/** Spec 9: featured jobs take positions 0 to 6 of a search's first page. */
export const FEATURED_JOB_POSITIONS = 7;
/** Spec 9: top jobs take positions 0 to 6 (the week's most viewed open jobs). */
export const TOP_JOB_POSITIONS = 7;
/** Spec 9: video jobs take positions 0 to 6 (the newest jobs whose page plays a video). */
export const VIDEO_JOB_POSITIONS = 7;
/** Asked for more than shown: some of the most viewed may have closed since. */
const TOP_JOB_CANDIDATES = 21;
/** Spec 9: training organizations take positions 0 to 50. */
export const TRAINING_ORGANIZATIONS = 50;
/** The employment types (URL aliases) of jobs that train people. */
export const TRAINING_EMPLOYMENT_TYPES = ["internship", "apprenticeship", "trainee"];
/** How many of the newest training jobs are read for their organizations' profiles (the search gives at most 50 at once). */
const TRAINING_JOBS_READ = 50;
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
  /** The open jobs most viewed in the last 7 days, most first (empty before anyone looked). */
  topJobs: JobHitTeaserData[];
  /** The newest open jobs whose page plays a video. */
  videoJobs: JobHitTeaserData[];
  latestJobs: HomeJobHit[];
  featuredOrganizations: HomeOrganizationHit[];
  /** Organizations with open internships, most of them first (the carousel). */
  trainingOrganizations: TrainingOrganization[];
  /** The job search for all of those jobs (null without any). */
  trainingJobsHref: string | null;
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

/** A job as the jobs service answers it, in the shape of a search hit's teaser. */
export function topJobTeaser(job: HomeTopJob): JobHitTeaserData {
  return {
    title: job.title,
    slug: job.slug,
    organizationName: job.organizationName,
    logoUrl: job.logo?.url ?? null,
    locations: job.locations.map(({ address }) => ({
      locality: address.locality,
      countryCode: address.countryCode,
      administrativeArea: address.administrativeArea,
    })),
    salary: job.salaryRange
      ? {
          currency: job.salaryRange.currencyCode,
          unit: job.salaryRange.salaryUnit,
          min: job.salaryRange.minSalary,
          max: job.salaryRange.maxSalary,
        }
      : null,
    remoteOptions: job.remoteOptions.map((term) => term.label),
    employmentTypes: job.employmentType.map((term) => term.label),
    publishedAt: typeof job.publishedAt === "string" ? job.publishedAt : null,
    featured: false,
  };
}

/** The week's most viewed open jobs; none when analytics cannot answer (the section stays out). */
async function loadTopJobs(client: SearchClient): Promise<JobHitTeaserData[]> {
  try {
    const { data } = await client.query({
      query: HOME_TOP_JOBS,
      variables: { limit: TOP_JOB_CANDIDATES },
      fetchPolicy: "no-cache",
      errorPolicy: "all",
    });
    return (data?.topJobs ?? [])
      .filter((job): job is HomeTopJob => job?.state === "PUBLISHED")
      .map(topJobTeaser);
  } catch {
    return [];
  }
}

/** The newest open jobs with a video; none when search cannot answer (the section stays out). */
async function loadVideoJobs(client: SearchClient): Promise<JobHitTeaserData[]> {
  try {
    const { data } = await client.query({
      query: HOME_VIDEO_JOBS,
      variables: { limit: VIDEO_JOB_POSITIONS },
      fetchPolicy: "no-cache",
      errorPolicy: "all",
    });
    const answer = data?.videoJobs;
    return answer?.__typename === "VideoJobs" ? answer.hits : [];
  } catch {
    return [];
  }
}

/**
 * The organizations that train people (open internships): each once, with its profile's cover,
 * most internships first, at most 50. None when search cannot answer (the carousel stays out).
 */
type TrainingAnswer = Pick<HomeData, "trainingOrganizations" | "trainingJobsHref">;
const NO_TRAINING: TrainingAnswer = { trainingOrganizations: [], trainingJobsHref: null };

/**
 * The training organizations' two queries go in batches of their own: the employment types
 * answer at once, and the training search goes while the page's other queries (the slowest, the
 * week's most viewed jobs, crosses analytics and jobs) are still out, instead of after them.
 */
export const TRAINING_BATCH = { [BATCH_GROUP]: "home-training" };

async function loadTraining(client: SearchClient): Promise<TrainingAnswer> {
  try {
    const { data: vocabulary } = await client.query({
      query: HOME_EMPLOYMENT_TYPES,
      fetchPolicy: "no-cache",
      context: TRAINING_BATCH,
    });
    const types = (vocabulary?.terms ?? []).filter((term) => TRAINING_EMPLOYMENT_TYPES.includes(term.alias ?? ""));
    if (types.length === 0) return NO_TRAINING;
    const { data } = await client.query({
      query: HOME_TRAINING,
      variables: {
        conditions: types.map((term) => ({ field: "employmentType", value: String(term.tid) })),
        last: TRAINING_JOBS_READ - 1,
        organizations: TRAINING_ORGANIZATIONS,
      },
      fetchPolicy: "no-cache",
      errorPolicy: "all",
      context: TRAINING_BATCH,
    });
    const search = data?.jobSearch;
    if (search?.__typename !== "JobSearchResults") return NO_TRAINING;
    const counts = new Map(
      (search.facets.find((facet) => facet.field === "company")?.values ?? []).map((value) => [value.value, value.count]),
    );
    const employmentTypes = types.map((term) => String(term.tid)).join(",");
    const jobsHref = `/jobs?employmentType=${employmentTypes}`;
    const found = new Map<string, TrainingOrganization>();
    for (const hit of search.hits) {
      // an organization without a public profile has no page to show
      if (found.has(hit.organizationId) || !hit.organizationSlug) continue;
      const cover = hit.job?.organizationProfile?.cover;
      found.set(hit.organizationId, {
        organizationId: hit.organizationId,
        name: hit.organizationName,
        slug: hit.organizationSlug,
        logoUrl: hit.logoUrl ?? null,
        cover: cover ? { url: cover.url, alt: cover.alt } : null,
        count: counts.get(hit.organizationId) ?? 1,
        jobsHref: `${jobsHref}&company=${encodeURIComponent(hit.organizationId)}`,
      });
    }
    const trainingOrganizations = [...found.values()]
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, TRAINING_ORGANIZATIONS);
    return { trainingOrganizations, trainingJobsHref: trainingOrganizations.length > 0 ? jobsHref : null };
  } catch {
    return NO_TRAINING;
  }
}

/**
 * The home page's data, read in the route's loader so the first paint shows a live board: the
 * counts, the featured, the most viewed, the video and the newest jobs, the featured organizations and the busiest
 * categories. Either search failing leaves its sections out; the page itself always renders.
 */
export async function loadHome(client: SearchClient): Promise<HomeData> {
  const [jobs, organizations, topJobs, videoJobs, training] = await Promise.all([
    loadJobs(client),
    loadOrganizations(client),
    loadTopJobs(client),
    loadVideoJobs(client),
    loadTraining(client),
  ]);
  // a featured job is already at the top of the page: the top list shows the others
  const featured = new Set(jobs.featuredJobs.map((hit) => hit.slug));
  return {
    ...jobs,
    ...organizations,
    ...training,
    topJobs: topJobs.filter((job) => !featured.has(job.slug)).slice(0, TOP_JOB_POSITIONS),
    videoJobs,
  };
}
