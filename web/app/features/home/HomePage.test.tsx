import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { APP_CONFIG } from "~/lib/app-config";
import { I18nProvider } from "~/lib/i18n/I18nProvider";
import en from "~/lib/i18n/messages/en.json";
import type { HomeJobsQuery, HomeOrganizationsQuery, JobState } from "~/lib/graphql/generated/graphql";
import { LOCATION_SUGGESTIONS } from "~/lib/search/documents";
import type { SearchClient } from "~/lib/search/place";
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
import { HomePage, homeSearchHref } from "./HomePage";
import { loadHome, type HomeData } from "./load-home";

function job(n: number, featured = false): HomeJobHit {
  return {
    title: `${featured ? "Featured" : "Newest"} job ${n}`,
    slug: `job-${n}`,
    organizationName: `Organization ${n}`,
    logoUrl: null,
    locations: [{ locality: "Berlin", countryCode: "DE", administrativeArea: null }],
    salary: null,
    remoteOptions: [],
    employmentTypes: ["Full-time"],
    publishedAt: "2026-11-20T10:00:00+00:00",
    featured,
    hasVideo: false,
  };
}

function organization(n: number, featured: boolean): HomeOrganizationHit {
  return {
    name: `${featured ? "Featured" : "Other"} organization ${n}`,
    slug: `organization-${n}`,
    logoUrl: null,
    snippet: "Clean water for two million people.",
    industry: "Non-profit",
    openJobs: n,
    featured,
  };
}

/** A job as the jobs service answers it (the top jobs come from there, not from search). */
function topJob(n: number, state: JobState = "PUBLISHED"): HomeTopJob {
  return {
    id: `id-${n}`,
    state,
    title: `Viewed job ${n}`,
    slug: `viewed-${n}`,
    organizationName: `Organization ${n}`,
    logo: { url: `/logo-${n}.png` },
    locations: [{ address: { locality: "Hamburg", countryCode: "DE", administrativeArea: null } }],
    salaryRange: { minSalary: 40000, maxSalary: 50000, currencyCode: "EUR", salaryUnit: "YEAR" },
    remoteOptions: [{ label: "Hybrid" }],
    employmentType: [{ label: "Part-time" }],
    publishedAt: "2026-11-21T10:00:00+00:00",
  };
}

/** A job whose page plays a video, as videoJobs answers it. */
function videoJob(n: number) {
  return { ...job(n), title: `Video job ${n}`, slug: `video-${n}`, hasVideo: true };
}

const VIDEO_JOBS = { videoJobs: { __typename: "VideoJobs", hits: [videoJob(1), videoJob(2)] } };

/** A training job's hit: its organization, and the organization's profile with a cover or not. */
function trainingHit(organization: number, cover = true, slug: string | null = `trainer-${organization}`) {
  return {
    organizationId: `org-${organization}`,
    organizationName: `Trainer ${organization}`,
    organizationSlug: slug,
    logoUrl: null,
    job: {
      id: `job-${organization}`,
      organizationProfile: {
        id: `profile-${organization}`,
        cover: cover ? { url: `/cover-${organization}.jpg`, alt: "A workshop" } : null,
      },
    },
  };
}

const EMPLOYMENT_TYPES = {
  terms: [
    { tid: 3000, alias: "full-time" },
    { tid: 3004, alias: "internship" },
  ],
};

function trainingAnswer(hits: ReturnType<typeof trainingHit>[], counts: Record<string, number>) {
  return {
    jobSearch: {
      __typename: "JobSearchResults",
      hits,
      facets: [{ field: "company", values: Object.entries(counts).map(([value, count]) => ({ value, count })) }],
    },
  };
}

const TRAINING = trainingAnswer(
  [trainingHit(1), trainingHit(2, false), trainingHit(1), trainingHit(3, true, null)],
  { "org-1": 2, "org-2": 3, "org-3": 1 },
);

type JobsAnswer = HomeJobsQuery | Error;
type OrganizationsAnswer = HomeOrganizationsQuery | Error;

function jobsAnswer(hits: HomeJobHit[], total = 1234): HomeJobsQuery {
  return {
    jobSearch: {
      __typename: "JobSearchResults",
      total,
      hits,
      facets: [
        {
          field: "occupations",
          values: [
            { value: "23", label: "Nursing", count: 40 },
            { value: "24", label: "Engineering", count: 12 },
            // a term without an alias has no landing page: left out
            { value: "99", label: "Unnamed", count: 3 },
          ],
        },
      ],
    },
    terms: [
      { tid: 23, alias: "nursing" },
      { tid: 24, alias: "engineering" },
      { tid: 99, alias: null },
    ],
  };
}

function organizationsAnswer(hits: HomeOrganizationHit[], total = 56): HomeOrganizationsQuery {
  return { organizationSearch: { __typename: "OrganizationSearchResults", total, hits } };
}

/** A search client answering the home page's two queries, keeping what it was asked. */
function fakeClient(
  jobs: JobsAnswer,
  organizations: OrganizationsAnswer,
  topJobs: (HomeTopJob | null)[] | Error = [],
  training: unknown = TRAINING,
  videoJobs: unknown = VIDEO_JOBS,
) {
  const asked: { query: unknown; variables?: unknown }[] = [];
  const client = {
    query: async (options: { query: unknown; variables?: unknown }) => {
      asked.push(options);
      const answer =
        options.query === HOME_JOBS
          ? jobs
          : options.query === HOME_ORGANIZATIONS
            ? organizations
            : options.query === HOME_TOP_JOBS
              ? topJobs instanceof Error
                ? topJobs
                : { topJobs }
              : options.query === HOME_VIDEO_JOBS
                ? videoJobs
              : options.query === HOME_EMPLOYMENT_TYPES
                ? EMPLOYMENT_TYPES
                : options.query === HOME_TRAINING
                  ? training
                  : null;
      if (answer === null) throw new Error("unexpected query");
      if (answer instanceof Error) throw answer;
      return { data: answer };
    },
  } as unknown as SearchClient;
  return { client, asked };
}

const BOARD = {
  jobs: jobsAnswer([job(1, true), job(2, true), job(3), job(4), job(5)]),
  organizations: organizationsAnswer([
    organization(1, true),
    organization(2, true),
    organization(3, true),
    organization(4, true),
    organization(5, true),
    organization(6, true),
    organization(7, false),
  ]),
};

function features(values: Record<string, boolean>): MockLink.MockedResponse {
  return {
    request: { query: APP_CONFIG },
    result: {
      data: {
        getAppConfig: Object.entries(values).map(([name, value]) => ({
          __typename: "AppConfigEntry",
          key: "features",
          name,
          value,
        })),
      },
    },
  };
}

function JobsProbe() {
  const location = useLocation();
  return <p data-testid="jobs-url">{`${location.pathname}${location.search}`}</p>;
}

/** `/` with the home loader over a fake search client, and a /jobs page that shows its URL. */
function renderHome(
  {
    jobs = BOARD.jobs,
    organizations = BOARD.organizations,
    topJobs = [topJob(1), topJob(2)],
    training = TRAINING,
    videoJobs = VIDEO_JOBS,
  }: {
    jobs?: JobsAnswer;
    organizations?: OrganizationsAnswer;
    topJobs?: HomeTopJob[] | Error;
    training?: unknown;
    videoJobs?: unknown;
  } = {},
  mocks: MockLink.MockedResponse[] = [],
) {
  const { client, asked } = fakeClient(jobs, organizations, topJobs, training, videoJobs);
  function Page() {
    return <HomePage data={useLoaderData() as HomeData} />;
  }
  const Stub = createRoutesStub([
    { path: "/", Component: Page, loader: () => loadHome(client) },
    { path: "/jobs", Component: JobsProbe },
  ]);
  // env="test": no transitions or portals, so the place suggestions are visible to queries.
  render(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
    {
      wrapper: ({ children }) => (
        <MantineProvider env="test">
          <I18nProvider locale="en" messages={en}>
            {children}
          </I18nProvider>
        </MantineProvider>
      ),
    },
  );
  return asked;
}

describe("home page loader", () => {
  it("asks for the first 13 positions newest first, the busiest categories and the organizations", async () => {
    const { client, asked } = fakeClient(BOARD.jobs, BOARD.organizations);
    const data = await loadHome(client);
    expect(asked.map((options) => options.query)).toEqual([
      HOME_JOBS,
      HOME_ORGANIZATIONS,
      HOME_TOP_JOBS,
      HOME_VIDEO_JOBS,
      HOME_EMPLOYMENT_TYPES,
      HOME_TRAINING,
    ]);
    // spec 9: video jobs take positions 0-6
    expect(asked[3]?.variables).toEqual({ limit: 7 });
    expect(data.videoJobs.map((hit) => hit.slug)).toEqual(["video-1", "video-2"]);
    // spec 9: featured jobs take positions 0-6, then six of the newest
    expect(asked[0]?.variables).toEqual({ last: 12, categories: 8 });
    expect(data.jobCount).toBe(1234);
    expect(data.organizationCount).toBe(56);
    expect(data.featuredJobs.map((hit) => hit.slug)).toEqual(["job-1", "job-2"]);
    expect(data.latestJobs.map((hit) => hit.slug)).toEqual(["job-3", "job-4", "job-5"]);
    // spec 9: featured organizations take positions 0-4; the others are not featured
    expect(data.featuredOrganizations.map((hit) => hit.slug)).toEqual([
      "organization-1",
      "organization-2",
      "organization-3",
      "organization-4",
      "organization-5",
    ]);
    expect(data.categories).toEqual([
      { label: "Nursing", count: 40, href: "/jobs/nursing" },
      { label: "Engineering", count: 12, href: "/jobs/engineering" },
    ]);
    expect(data.jobsUnavailable).toBe(false);
  });

  it("keeps at most seven featured and six latest jobs", async () => {
    const hits = [...Array.from({ length: 8 }, (_, i) => job(i + 1, true)), ...Array.from({ length: 8 }, (_, i) => job(i + 20))];
    const { client } = fakeClient(jobsAnswer(hits), BOARD.organizations);
    const data = await loadHome(client);
    expect(data.featuredJobs).toHaveLength(7);
    expect(data.latestJobs.map((hit) => hit.slug)).toEqual(["job-20", "job-21", "job-22", "job-23", "job-24", "job-25"]);
  });

  it("keeps the week's seven most viewed jobs still open, leaving out the featured ones", async () => {
    const viewed = [
      topJob(1),
      null, // no longer shown to anyone
      topJob(2, "ARCHIVED"), // the recruiter's own closed job
      topJob(3),
      ...Array.from({ length: 10 }, (_, i) => topJob(i + 4)),
    ];
    const featured = { ...topJob(3), slug: "job-1" }; // already at the top as a featured job
    viewed[3] = featured;
    const { client, asked } = fakeClient(BOARD.jobs, BOARD.organizations, viewed);
    const data = await loadHome(client);
    expect(asked[2]?.variables).toEqual({ limit: 21 });
    expect(data.topJobs.map((hit) => hit.slug)).toEqual(["viewed-1", "viewed-4", "viewed-5", "viewed-6", "viewed-7", "viewed-8", "viewed-9"]);
    expect(data.topJobs[0]).toEqual({
      title: "Viewed job 1",
      slug: "viewed-1",
      organizationName: "Organization 1",
      logoUrl: "/logo-1.png",
      locations: [{ locality: "Hamburg", countryCode: "DE", administrativeArea: null }],
      salary: { currency: "EUR", unit: "YEAR", min: 40000, max: 50000 },
      remoteOptions: ["Hybrid"],
      employmentTypes: ["Part-time"],
      publishedAt: "2026-11-21T10:00:00+00:00",
      featured: false,
    });
  });

  it("shows each organization with open internships once, most internships first, with its cover", async () => {
    const { client, asked } = fakeClient(BOARD.jobs, BOARD.organizations);
    const data = await loadHome(client);
    // the internships' id from the vocabulary; the 50 newest read (search's most), 50 organizations counted
    expect(asked.find((options) => options.query === HOME_TRAINING)?.variables).toEqual({
      conditions: [{ field: "employmentType", value: "3004" }],
      last: 49,
      organizations: 50,
    });
    // Trainer 3 has no public profile (no slug): no page to show
    expect(data.trainingOrganizations).toEqual([
      {
        organizationId: "org-2",
        name: "Trainer 2",
        slug: "trainer-2",
        logoUrl: null,
        cover: null,
        count: 3,
        jobsHref: "/jobs?employmentType=3004&company=org-2",
      },
      {
        organizationId: "org-1",
        name: "Trainer 1",
        slug: "trainer-1",
        logoUrl: null,
        cover: { url: "/cover-1.jpg", alt: "A workshop" },
        count: 2,
        jobsHref: "/jobs?employmentType=3004&company=org-1",
      },
    ]);
    expect(data.trainingJobsHref).toBe("/jobs?employmentType=3004");
  });

  it("keeps at most 50 training organizations", async () => {
    const hits = Array.from({ length: 60 }, (_, i) => trainingHit(i + 1));
    const { client } = fakeClient(BOARD.jobs, BOARD.organizations, [], trainingAnswer(hits, {}));
    expect((await loadHome(client)).trainingOrganizations).toHaveLength(50);
  });

  it("leaves out what search cannot answer instead of failing", async () => {
    const { client } = fakeClient(
      { jobSearch: { __typename: "SearchUnavailable", message: "down" }, terms: [] },
      new Error("network"),
      new Error("network"),
      new Error("network"),
      new Error("network"),
    );
    expect(await loadHome(client)).toEqual({
      jobCount: null,
      organizationCount: null,
      featuredJobs: [],
      topJobs: [],
      videoJobs: [],
      trainingOrganizations: [],
      trainingJobsHref: null,
      latestJobs: [],
      featuredOrganizations: [],
      categories: [],
      jobsUnavailable: true,
    });
  });
});

describe("HomePage", () => {
  it("shows the live counts, featured and latest jobs, categories and featured organizations", async () => {
    renderHome();
    const featured = await screen.findByRole("list", { name: "Featured jobs" });
    const featuredJobs = within(featured).getAllByRole("article");
    expect(featuredJobs).toHaveLength(2);
    expect(within(featuredJobs[0] as HTMLElement).getByRole("link", { name: "Featured job 1" })).toHaveAttribute(
      "href",
      "/job/job-1",
    );
    expect(within(featuredJobs[0] as HTMLElement).getByText("Featured")).toBeInTheDocument();
    const latest = screen.getByRole("list", { name: "Latest jobs" });
    expect(within(latest).getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Newest job 3",
      "Newest job 4",
      "Newest job 5",
    ]);
    // the week's most viewed open jobs, as the jobs service describes them
    const top = screen.getByRole("list", { name: "Most viewed this week" });
    const topJobs = within(top).getAllByRole("article");
    expect(within(topJobs[0] as HTMLElement).getByRole("link", { name: "Viewed job 1" })).toHaveAttribute(
      "href",
      "/job/viewed-1",
    );
    expect(topJobs[0]).toHaveTextContent("Hamburg");
    expect(topJobs[0]).toHaveTextContent("Part-time");
    // the newest jobs whose page plays a video, each with its badge
    const videos = within(screen.getByRole("list", { name: "Jobs with a video" })).getAllByRole("article");
    expect(videos).toHaveLength(2);
    expect(within(videos[0] as HTMLElement).getByRole("link", { name: "Video job 1" })).toHaveAttribute("href", "/job/video-1");
    expect(within(videos[0] as HTMLElement).getByText("Video")).toBeInTheDocument();
    expect(topJobs).toHaveLength(2);

    // the training organizations' carousel: slides that are links, and buttons that name themselves
    const carousel = screen.getByRole("group", { name: "Organizations offering internships" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const slides = within(carousel).getAllByRole("listitem");
    expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 of 2", "2 of 2"]);
    expect(within(slides[0] as HTMLElement).getByRole("link", { name: "T Trainer 2" })).toHaveAttribute(
      "href",
      "/organization/trainer-2",
    );
    expect(within(slides[0] as HTMLElement).getByRole("link", { name: "3 internships" })).toHaveAttribute(
      "href",
      "/jobs?employmentType=3004&company=org-2",
    );
    expect((slides[1] as HTMLElement).querySelector("img.training-cover")).toHaveAttribute("src", "/cover-1.jpg");
    expect((slides[0] as HTMLElement).querySelector("img.training-cover")).toBeNull(); // no cover: a tinted box
    expect(within(carousel).getByRole("button", { name: "Previous organizations" })).toBeDisabled();
    expect(within(carousel).getByRole("button", { name: "Next organizations" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All internships" })).toHaveAttribute("href", "/jobs?employmentType=3004");

    const counts = screen.getByRole("list", { name: "The board in numbers" });
    expect(within(counts).getByRole("link", { name: "1,234 open jobs" })).toHaveAttribute("href", "/jobs");
    expect(within(counts).getByRole("link", { name: "56 organizations" })).toHaveAttribute("href", "/organizations");

    expect(screen.getByRole("heading", { level: 2, name: "Browse by occupational field" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Nursing: 40 jobs" })).toHaveAttribute("href", "/jobs/nursing");
    expect(screen.getByRole("link", { name: "Engineering: 12 jobs" })).toHaveAttribute("href", "/jobs/engineering");
    expect(screen.queryByRole("link", { name: /Unnamed/ })).not.toBeInTheDocument();

    const organizations = screen.getByRole("list", { name: "Featured organizations" });
    expect(within(organizations).getAllByRole("article")).toHaveLength(5);
    expect(within(organizations).getByRole("link", { name: "Featured organization 1" })).toHaveAttribute(
      "href",
      "/organization/organization-1",
    );
    expect(screen.queryByText("Other organization 7")).not.toBeInTheDocument();
  });

  it("shows no featured sections when nothing is featured", async () => {
    renderHome({
      jobs: jobsAnswer([job(3), job(4)]),
      organizations: organizationsAnswer([organization(7, false)]),
    });
    await screen.findByRole("list", { name: "Latest jobs" });
    expect(screen.queryByRole("heading", { name: "Featured jobs" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Featured organizations" })).not.toBeInTheDocument();
  });

  it("says when the jobs cannot be shown, and keeps the search", async () => {
    renderHome({
      jobs: new Error("network"),
      organizations: new Error("network"),
      topJobs: new Error("network"),
      training: new Error("network"),
      videoJobs: new Error("network"),
    });
    expect(await screen.findByText("The latest jobs cannot be shown right now. Try the job search in a moment.")).toBeInTheDocument();
    expect(screen.getByRole("search", { name: "Search jobs" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "The board in numbers" })).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Most viewed this week" })).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Jobs with a video" })).not.toBeInTheDocument();
  });

  it("searches /jobs with the keywords and the chosen place, as the job search reads them", async () => {
    const user = userEvent.setup();
    const berlin: MockLink.MockedResponse = {
      request: { query: LOCATION_SUGGESTIONS, variables: { text: "Be", limit: 8 } },
      result: {
        data: {
          locationSuggestions: [
            {
              __typename: "LocationSuggestion",
              label: "Berlin, Berlin, DE",
              locationType: "locality",
              country: "DE",
              administrativeArea: "Berlin",
              lat: 52.52,
              lon: 13.405,
            },
          ],
        },
      },
    };
    renderHome({}, [berlin]);
    const form = await screen.findByRole("search", { name: "Search jobs" });
    expect(form).toHaveAttribute("action", "/jobs");
    await user.type(within(form).getByRole("searchbox", { name: "Keywords" }), "nurse");
    await user.type(within(form).getByRole("textbox", { name: "Location" }), "Be");
    await user.click(await screen.findByRole("option", { name: "Berlin, Berlin, DE" }, { timeout: 15_000 }));
    await user.click(within(form).getByRole("button", { name: "Search" }));
    expect(await screen.findByTestId("jobs-url")).toHaveTextContent(
      "/jobs?search=nurse&geo_location=Berlin,+Berlin,+DE&lat=52.52&lon=13.405",
    );
  });

  it("offers the calls to action of the site's features", async () => {
    renderHome();
    await screen.findByRole("list", { name: "Latest jobs" });
    expect(screen.getByRole("link", { name: "Create a job alert" })).toHaveAttribute("href", "/jobs#save-search");
    expect(screen.getByRole("link", { name: "Build your resume" })).toHaveAttribute("href", "/resume/wizard");
    expect(screen.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/job/wizard");
    expect(screen.getByRole("link", { name: "See products and prices" })).toHaveAttribute("href", "/my-products");
  });

  it("hides the resume and recruiter calls to action when the site has those features off", async () => {
    renderHome({}, [features({ resume: false, recruiter: false })]);
    await screen.findByRole("list", { name: "Latest jobs" });
    await waitFor(() => expect(screen.queryByRole("link", { name: "Build your resume" })).not.toBeInTheDocument());
    expect(screen.queryByRole("link", { name: "Post a job" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "See products and prices" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a job alert" })).toBeInTheDocument();
  });
});

describe("homeSearchHref", () => {
  it("keeps the job search's parameters and leaves the defaults out", () => {
    expect(homeSearchHref(new URLSearchParams("search=&geo_location=&radius=50"))).toBe("/jobs");
    expect(homeSearchHref(new URLSearchParams("search=  data   analyst &geo_location=Germany&country=DE&radius=25"))).toBe(
      "/jobs?search=data+analyst&geo_location=Germany&country=DE",
    );
    expect(homeSearchHref(new URLSearchParams("search=x&geo_location=Paris&lat=48.85&lon=2.35&radius=25"))).toBe(
      "/jobs?search=x&geo_location=Paris&lat=48.85&lon=2.35&radius=25",
    );
  });
});
