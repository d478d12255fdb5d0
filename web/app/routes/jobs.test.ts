import { beforeEach, describe, expect, it, vi } from "vitest";
import { JOB_CATEGORY_TERMS, JOB_SEARCH, LOCATION_SUGGESTIONS } from "~/features/search/documents";
import { ROUTE_ANSWER } from "~/lib/route-answer";
import { emptyFilters } from "~/features/search/job-search-params";
import { jobHit, jobResults } from "~/features/search/search-fixture";
import type { Route } from "./+types/jobs";
import { loader, meta } from "./jobs";

const query = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));
vi.mock("~/env.server", () => ({ serverEnv: () => ({ AUTH_URL: "https://jobs.example", SITE_LOCALES: ["en"] }) }));

type Answers = { search?: unknown; terms?: unknown[]; places?: unknown[]; landingPage?: unknown; route?: unknown };

const NOT_FOUND = { __typename: "ErrorResponse", code: 404, reason: "Not found" };

function answer({ search = jobResults([jobHit(1)]), terms = [], places = [], landingPage = null, route }: Answers) {
  query.mockImplementation(async ({ query: document }: { query: unknown }) => {
    if (document === JOB_SEARCH) {
      if (search instanceof Error) throw search;
      return { data: { jobSearch: search } };
    }
    if (document === JOB_CATEGORY_TERMS) return { data: { termsByAlias: terms } };
    if (document === LOCATION_SUGGESTIONS) return { data: { locationSuggestions: places } };
    if (document === ROUTE_ANSWER) {
      if (route instanceof Error) throw route;
      return { data: { route: route ?? (landingPage ? { __typename: "ContentResponse", content: landingPage } : NOT_FOUND) } };
    }
    throw new Error("unexpected query");
  });
}

function load(path: string, splat = "") {
  return loader({
    request: new Request(`http://site.test${path}`),
    params: { "*": splat },
  } as unknown as Route.LoaderArgs) as Promise<{ init: { status: number } | null; data: Record<string, unknown> }>;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error: unknown) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

function searchVariables() {
  const call = query.mock.calls.find(([options]) => options.query === JOB_SEARCH);
  return call?.[0].variables;
}

function searchInput() {
  return searchVariables()?.input;
}

describe("jobs route loader", () => {
  beforeEach(() => {
    query.mockReset();
  });

  it("asks a visitor's hits for no bookmark (always false for them: the gateway calls no jobs service)", async () => {
    answer({});
    await load("/jobs?search=nurse");
    expect(searchVariables()).toMatchObject({ signedIn: false });
  });

  it("searches with the URL's filters and answers the results", async () => {
    answer({});
    const answered = await load("/jobs?search=nurse&employmentType=12,12,x&page=2");
    expect(answered.init?.status).toBe(200);
    expect(answered.data.outcome).toMatchObject({ kind: "results" });
    expect(answered.data.origin).toBe("https://jobs.example");
    expect(searchInput()).toMatchObject({
      fulltext: { keys: "nurse" },
      page: 2,
      conditionGroups: [
        { conditions: [{ field: "employmentType", value: "12", operator: "=" }], tags: ["facet:employmentType"] },
      ],
    });
  });

  it("selects facet values through the category path", async () => {
    answer({ terms: [{ tid: 23, vocabulary: "occupational_fields", label: "Nursing", alias: "nursing" }] });
    const answered = await load("/jobs/nursing", "nursing");
    expect(answered.data.categories).toEqual([
      { alias: "nursing", field: "occupations", value: "23", label: "Nursing" },
    ]);
    expect(query).toHaveBeenCalledWith(
      expect.objectContaining({ query: JOB_CATEGORY_TERMS, variables: { aliases: ["nursing"] } }),
    );
    expect(searchInput().conditionGroups).toEqual([
      {
        conditions: [{ field: "occupations", value: "23", operator: "=" }],
        conjunction: "OR",
        tags: ["facet:occupations"],
      },
    ]);
  });

  it.each([
    ["an unknown alias", "/jobs/nowhere", "nowhere"],
    ["more than two aliases", "/jobs/a/b/c", "a/b/c"],
    ["a repeated alias", "/jobs/nursing/nursing", "nursing/nursing"],
  ])("is a 404 for %s", async (_, path, splat) => {
    answer({ terms: [{ tid: 23, vocabulary: "occupational_fields", label: "Nursing", alias: "nursing" }] });
    expect(await thrown(load(path, splat))).toMatchObject({ init: { status: 404 } });
  });

  it("is a 404 for a term no job facet shows", async () => {
    answer({ terms: [{ tid: 61, vocabulary: "skills", label: "Composting", alias: "composting" }] });
    expect(await thrown(load("/jobs/composting", "composting"))).toMatchObject({ init: { status: 404 } });
  });

  it("redirects an upper-case path to the lowercase one for good", async () => {
    const response = (await thrown(load("/Jobs/Nursing?search=x", "Nursing"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/jobs/nursing?search=x");
  });

  it("looks up a place typed without picking a suggestion", async () => {
    answer({
      places: [
        {
          label: "Berlin, Berlin, DE",
          locationType: "locality",
          country: "DE",
          administrativeArea: "Berlin",
          lat: 52.52,
          lon: 13.405,
        },
      ],
    });
    const answered = await load("/jobs?geo_location=berlin&radius=25");
    expect(searchInput().geoLocation).toEqual({
      locationType: "locality",
      label: "Berlin, Berlin, DE",
      lat: 52.52,
      lon: 13.405,
      radius: 25,
    });
    expect(answered.data.notices).toEqual([]);
  });

  it("searches everywhere, and says so, when a typed place is unknown", async () => {
    answer({ places: [] });
    const answered = await load("/jobs?geo_location=atlantis");
    expect(searchInput().geoLocation).toBeNull();
    expect(answered.data.notices).toEqual([expect.stringContaining("“atlantis”")]);
  });

  it("answers refused input with 400 and the messages, without crashing", async () => {
    answer({
      search: {
        __typename: "SearchErrors",
        message: "refused",
        errors: [
          { message: "The radius is one of 5, 25, 50, 100, 200.", field: "geo_location.radius", code: "OUT_OF_RANGE" },
        ],
      },
    });
    const answered = await load("/jobs?lat=1&lon=2&radius=7");
    expect(answered.init?.status).toBe(400);
    expect(answered.data.outcome).toEqual({ kind: "errors", messages: ["The radius is one of 5, 25, 50, 100, 200."] });
  });

  it.each([
    [
      "the index is down",
      { __typename: "SearchUnavailable", message: "The index is unavailable." },
      "The index is unavailable.",
    ],
    [
      "the gateway fails",
      new Error("Response not successful"),
      "Search is unavailable right now. Please try again in a few minutes.",
    ],
  ])("answers 503 with a message when %s", async (_, search, message) => {
    answer({ search });
    const answered = await load("/jobs?search=x");
    expect(answered.init?.status).toBe(503);
    expect(answered.data.outcome).toEqual({ kind: "unavailable", message });
  });
});

describe("jobs route meta", () => {
  const base = {
    state: { page: 1, search: "", geo: null, radius: 50, filters: {}, sorting: "relevancy" },
    categories: [],
    notices: [],
    origin: "https://jobs.example",
  };

  it("uses the metatags, an absolute canonical and robots noindex when the API says so", () => {
    const results = jobResults([], {
      metadata: { ...jobResults([]).metadata, noindex: true, metatags: [{ meta: "canonical", value: "/jobs" }] },
    });
    const descriptors = meta({
      loaderData: { ...base, outcome: { kind: "results", results } },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({ tagName: "link", rel: "canonical", href: "https://jobs.example/jobs" });
    expect(descriptors).toContainEqual({ name: "robots", content: "noindex" });
    expect(descriptors).toContainEqual({ title: "Jobs | Jobboard" });
  });

  it("is indexable with the page's own canonical when the API allows it", () => {
    const results = jobResults([jobHit(1)]);
    const descriptors = meta({
      loaderData: {
        ...base,
        categories: [{ alias: "nursing", field: "occupations", value: "23", label: "Nursing" }],
        outcome: { kind: "results", results },
      },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://jobs.example/jobs/nursing",
    });
    expect(descriptors).toContainEqual({ title: "Nursing jobs | Jobboard" });
    expect(descriptors).toContainEqual({ name: "description", content: "Jobs at non-profits." });
    expect(descriptors).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("describes itself when neither a landing page nor the API gives a description", () => {
    const results = jobResults([jobHit(1)], {
      total: 1234,
      metadata: { ...jobResults([]).metadata, metatags: [{ meta: "title", value: "1234 jobs | Jobboard" }] },
    });
    const descriptors = meta({
      loaderData: { ...base, outcome: { kind: "results", results } },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({
      name: "description",
      content: "Jobs: 1,234 open positions. Search by keyword, place and category, and apply in minutes.",
    });
  });

  it("says noindex when the search could not run", () => {
    const descriptors = meta({
      loaderData: { ...base, outcome: { kind: "unavailable", message: "down" } },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({ name: "robots", content: "noindex" });
  });
});

const NURSING = { alias: "healthcare-and-nursing", field: "occupations", value: "1032", label: "Healthcare & Nursing" };
const FULL_TIME = { alias: "full-time", field: "employmentType", value: "3000", label: "Full-time" };

function landing(path: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: "LandingPage",
    id: "lp-1",
    title: "Full-time nursing jobs",
    path,
    intro: "<p>Care work.</p>",
    description: "Full-time nursing jobs at non-profits.",
    place: null,
    metatags: [
      { meta: "title", value: "Full-time nursing jobs | Jobboard" },
      { meta: "description", value: "Full-time nursing jobs at non-profits." },
      { meta: "canonical", value: path },
    ],
    ...overrides,
  };
}

describe("jobs route: landing pages and SEO", () => {
  beforeEach(() => {
    query.mockReset();
  });

  const state = { page: 1, search: "", geo: null, radius: 50, filters: emptyFilters(), sorting: "relevancy" };

  it("a landing page's title and description are the page's, with its path as canonical", () => {
    const path = "/jobs/healthcare-and-nursing/full-time";
    const descriptors = meta({
      loaderData: {
        state,
        categories: [NURSING, FULL_TIME],
        notices: [],
        origin: "https://jobs.example",
        landingPage: landing(path),
        outcome: { kind: "results", results: jobResults([jobHit(1)]) },
      },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toEqual([
      { title: "Full-time nursing jobs | Jobboard" },
      { name: "description", content: "Full-time nursing jobs at non-profits." },
      { tagName: "link", rel: "canonical", href: `https://jobs.example${path}` },
    ]);
  });

  it("a three-facet landing page is noindex with the canonical at its two-facet parent", () => {
    const path = "/jobs/healthcare-and-nursing/full-time";
    const descriptors = meta({
      loaderData: {
        state: { ...state, filters: { ...emptyFilters(), remoteOptions: ["3302"] }, page: 3 },
        categories: [NURSING, FULL_TIME],
        notices: [],
        origin: "https://jobs.example",
        landingPage: landing(path),
        outcome: { kind: "results", results: jobResults([jobHit(1)]) },
      },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({ name: "robots", content: "noindex" });
    expect(descriptors).toContainEqual({ tagName: "link", rel: "canonical", href: `https://jobs.example${path}` });
    expect(descriptors.filter((d) => "tagName" in d && d.tagName === "link")).toHaveLength(1);
  });

  it("shows a landing page's title and intro, and searches a city page around its place", async () => {
    answer({
      landingPage: landing("/jobs/new-york", {
        title: "Non-profit jobs in New York",
        place: { label: "New York, New York, US", lat: 40.71, lon: -74.01 },
      }),
    });
    const answered = await load("/jobs/new-york", "new-york");
    expect(answered.init?.status).toBe(200);
    expect(answered.data.landingPage).toMatchObject({ title: "Non-profit jobs in New York" });
    expect(answered.data.categories).toEqual([]);
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ query: ROUTE_ANSWER, variables: { slug: "/jobs/new-york" } }));
    expect(searchInput().geoLocation).toMatchObject({ locationType: "locality", lat: 40.71, lon: -74.01 });
  });

  it("is still a 404 for an unknown path without a landing page", async () => {
    answer({});
    expect(await thrown(load("/jobs/nowhere", "nowhere"))).toMatchObject({ init: { status: 404 } });
  });

  it("follows the slug index's redirect for a search path, before any search runs", async () => {
    answer({
      terms: [{ tid: 23, vocabulary: "occupational_fields", label: "Nursing", alias: "nursing" }],
      route: { __typename: "RedirectResponse", code: 301, target: "/jobs/healthcare-and-nursing" },
    });
    const response = (await thrown(load("/jobs/nursing?page=2", "nursing"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/jobs/healthcare-and-nursing?page=2");
    expect(searchInput()).toBeUndefined();
  });

  it("searches a category path when route cannot answer", async () => {
    answer({
      terms: [{ tid: 23, vocabulary: "occupational_fields", label: "Nursing", alias: "nursing" }],
      route: new Error("search is down"),
    });
    const answered = await load("/jobs/nursing", "nursing");
    expect(answered.init?.status).toBe(200);
    expect(answered.data.landingPage).toBeNull();
  });
});
