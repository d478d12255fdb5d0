import { beforeEach, describe, expect, it, vi } from "vitest";
import { SIMILAR_JOBS } from "~/features/jobs/documents";
import { publishedJob, similarHit } from "~/features/jobs/job-fixture";
import type { Route } from "./+types/job";
import { loader, meta } from "./job";

const query = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));
const sessionOf = vi.fn();
const env = vi.hoisted(() => ({ AUTH_URL: "https://jobs.example", SITE_LOCALES: ["en"] }));
vi.mock("~/env.server", () => ({ serverEnv: () => env }));
vi.mock("~/lib/session.server", () => ({ sessionOf: (request: Request) => sessionOf(request) }));

function load(path: string, slug: string) {
  return loader({
    request: new Request(`http://site.test${path}`),
    params: { slug },
  } as unknown as Route.LoaderArgs);
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error: unknown) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

describe("job route loader", () => {
  beforeEach(() => {
    query.mockReset();
    sessionOf.mockReset();
    sessionOf.mockResolvedValue(null);
  });

  it("answers a public job with the site's origin", async () => {
    query.mockResolvedValue({ data: { job: publishedJob } });
    await expect(load("/job/gardener-berlin", "gardener-berlin")).resolves.toEqual({
      job: publishedJob,
      origin: "https://jobs.example",
      signedIn: false,
      gone: false,
      similarJobs: [],
      captcha: null,
    });
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ variables: { slug: "gardener-berlin" } }));
  });

  it("loads the similar jobs on the server, never the job itself", async () => {
    query.mockImplementation(async ({ query: document }: { query: unknown }) =>
      document === SIMILAR_JOBS
        ? { data: { recommendedJobs: { __typename: "RecommendedJobs", hits: [similarHit("job-2"), similarHit(publishedJob.id)] } } }
        : { data: { job: publishedJob } },
    );
    const answer = (await load("/job/gardener-berlin", "gardener-berlin")) as { similarJobs: { job: { id: string } }[] };
    expect(answer.similarJobs.map((hit) => hit.job.id)).toEqual(["job-2"]);
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ query: SIMILAR_JOBS, variables: { jobId: publishedJob.id } }));
  });

  it("shows the job page without similar jobs when search fails", async () => {
    query.mockImplementation(async ({ query: document }: { query: unknown }) => {
      if (document === SIMILAR_JOBS) throw new Error("search is down");
      return { data: { job: publishedJob } };
    });
    await expect(load("/job/gardener-berlin", "gardener-berlin")).resolves.toMatchObject({ similarJobs: [] });
  });

  it("tells the page a signed-in caller may bookmark", async () => {
    query.mockResolvedValue({ data: { job: { ...publishedJob, bookmarked: true } } });
    sessionOf.mockResolvedValue({ sub: "u1" });
    await expect(load("/job/gardener-berlin", "gardener-berlin")).resolves.toMatchObject({
      job: { bookmarked: true },
      signedIn: true,
    });
  });

  it("is a 404 for an unknown slug", async () => {
    query.mockResolvedValue({ data: { job: null } });
    expect(await thrown(load("/job/nothing", "nothing"))).toMatchObject({ init: { status: 404 } });
  });

  it("asks search's slug index about a slug jobs does not know, and follows its redirect", async () => {
    query
      .mockResolvedValueOnce({ data: { job: null } })
      .mockResolvedValueOnce({ data: { route: { __typename: "RedirectResponse", code: 301, target: "/job/gardener-berlin" } } });
    const response = (await thrown(load("/job/gardener-old?x=1", "gardener-old"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/job/gardener-berlin?x=1");
    expect(query).toHaveBeenLastCalledWith(expect.objectContaining({ variables: { slug: "/job/gardener-old" } }));
  });

  it("is a 404 when the slug index names this very job, has no answer, an off-site target or fails", async () => {
    for (const route of [
      { __typename: "ContentResponse", content: { __typename: "Job", id: "j1", slug: "nothing" } },
      { __typename: "ErrorResponse", code: 404, reason: "Not found" },
      { __typename: "RedirectResponse", code: 301, target: "//evil.example/job" },
      { __typename: "RedirectResponse", code: 301, target: "https://evil.example/job" },
    ]) {
      query.mockReset();
      query.mockResolvedValueOnce({ data: { job: null } }).mockResolvedValueOnce({ data: { route } });
      expect(await thrown(load("/job/nothing", "nothing"))).toMatchObject({ init: { status: 404 } });
    }
    query.mockReset();
    query.mockResolvedValueOnce({ data: { job: null } }).mockRejectedValueOnce(new Error("search is down"));
    expect(await thrown(load("/job/nothing", "nothing"))).toMatchObject({ init: { status: 404 } });
  });

  it("answers the slug index's error code, and sends a path it names content of to the content's page", async () => {
    query
      .mockResolvedValueOnce({ data: { job: null } })
      .mockResolvedValueOnce({ data: { route: { __typename: "ErrorResponse", code: 410, reason: "Gone" } } });
    expect(await thrown(load("/job/gone", "gone"))).toMatchObject({ init: { status: 410 } });

    query.mockReset();
    query.mockResolvedValueOnce({ data: { job: null } }).mockResolvedValueOnce({
      data: { route: { __typename: "ContentResponse", content: { __typename: "Job", id: "j1", slug: "gardener-berlin" } } },
    });
    const response = (await thrown(load("/job/Gardener-Berlin?x=1", "Gardener-Berlin"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/job/gardener-berlin?x=1");
  });

  it("redirects a former slug to the current one for good", async () => {
    query.mockResolvedValue({ data: { job: publishedJob } });
    const response = (await thrown(load("/job/gardener-old?x=1", "gardener-old"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/job/gardener-berlin?x=1");
  });

  it("keeps a page of a second locale in its locale when it redirects", async () => {
    env.SITE_LOCALES = ["en", "de"];
    try {
      query.mockResolvedValue({ data: { job: publishedJob } });
      const response = (await thrown(load("/de/job/gardener-old", "gardener-old"))) as Response;
      expect(response.headers.get("Location")).toBe("/de/job/gardener-berlin");
      query.mockReset();
      query
        .mockResolvedValueOnce({ data: { job: null } })
        .mockResolvedValueOnce({ data: { route: { __typename: "RedirectResponse", code: 301, target: "/job/gardener-berlin" } } });
      const moved = (await thrown(load("/de/job/older", "older"))) as Response;
      expect(moved.headers.get("Location")).toBe("/de/job/gardener-berlin");
    } finally {
      env.SITE_LOCALES = ["en"];
    }
  });

  it.each(["EXPIRED", "ARCHIVED"] as const)("answers 410 for a job %s", async (state) => {
    query.mockResolvedValue({ data: { job: { ...publishedJob, state } } });
    const answer = (await load("/job/gardener-berlin", "gardener-berlin")) as unknown as { init: { status: number }; data: { gone: boolean } };
    expect(answer.init.status).toBe(410);
    expect(answer.data.gone).toBe(true);
  });
});

describe("job route meta", () => {
  it("turns the job's metatags into the title, description, canonical and og:image", () => {
    const descriptors = meta({ loaderData: { job: publishedJob, origin: "https://jobs.example", gone: false } } as unknown as Route.MetaArgs);
    expect(descriptors).toEqual([
      { title: "Gardener | Acme Foundation" },
      { name: "description", content: "Grow things in Berlin." },
      { tagName: "link", rel: "canonical", href: "https://jobs.example/job/gardener-berlin" },
      { property: "og:image", content: "https://jobs.example/logo.png" },
    ]);
  });

  it("makes a canonical path absolute with the site's origin", () => {
    const job = { ...publishedJob, metatags: [{ meta: "canonical", value: "/job/gardener-berlin" }] };
    const descriptors = meta({ loaderData: { job, origin: "https://jobs.example", gone: false } } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({ tagName: "link", rel: "canonical", href: "https://jobs.example/job/gardener-berlin" });
  });

  it("says noindex for a gone job", () => {
    const descriptors = meta({ loaderData: { job: publishedJob, origin: "https://jobs.example", gone: true } } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({ name: "robots", content: "noindex" });
  });
});
