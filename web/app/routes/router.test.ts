import { beforeEach, describe, expect, it, vi } from "vitest";
import { ROUTE_ANSWER } from "~/lib/route-answer";
import type { Route } from "./+types/router";
import { loader } from "./router";

const query = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));

function load(router: string | null) {
  const url = new URL("http://site.test/router");
  if (router !== null) url.searchParams.set("router", router);
  return loader({ request: new Request(url), params: {} } as unknown as Route.LoaderArgs);
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error: unknown) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

function routeAnswers(route: unknown) {
  query.mockImplementation(async ({ query: document }: { query: unknown }) => {
    if (document !== ROUTE_ANSWER) throw new Error("unexpected query");
    if (route instanceof Error) throw route;
    return { data: { route } };
  });
}

describe("/router", () => {
  beforeEach(() => {
    query.mockReset();
  });

  it.each([
    [{ __typename: "Job", id: "j1", slug: "gardener-berlin" }, "/job/gardener-berlin?utm=x"],
    [{ __typename: "OrganizationProfile", id: "o1", slug: "green-harbor" }, "/organization/green-harbor?utm=x"],
    [{ __typename: "LandingPage", id: "l1", path: "/jobs/new-york" }, "/jobs/new-york?utm=x"],
  ])("sends content to its owner's page with the spec's 303 (%o)", async (content, location) => {
    routeAnswers({ __typename: "ContentResponse", content });
    const response = (await thrown(load("/some/path?utm=x"))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(location);
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ variables: { slug: "/some/path" } }));
  });

  it("answers a redirect with its own code", async () => {
    routeAnswers({ __typename: "RedirectResponse", code: 308, target: "/job/new" });
    const response = (await thrown(load("/job/old"))) as Response;
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe("/job/new");
  });

  it("shows the error page with the answer's code", async () => {
    routeAnswers({ __typename: "ErrorResponse", code: 410, reason: "Gone" });
    expect(await thrown(load("/job/old"))).toMatchObject({ init: { status: 410 } });
    routeAnswers({ __typename: "ErrorResponse", code: 404, reason: "Not found" });
    expect(await thrown(load("/nothing"))).toMatchObject({ init: { status: 404 } });
  });

  it("is a 503 when search cannot answer, and a 404 for a path off the site or none", async () => {
    routeAnswers(new Error("gateway down"));
    expect(await thrown(load("/job/x"))).toMatchObject({ init: { status: 503 } });
    for (const target of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/.//evil.example",
      "job/x",
    ]) {
      query.mockReset();
      expect(await thrown(load(target))).toMatchObject({ init: { status: 404 } });
      expect(query).not.toHaveBeenCalled();
    }
  });

  it("never follows a redirect off the site", async () => {
    routeAnswers({ __typename: "RedirectResponse", code: 301, target: "https://evil.example/" });
    expect(await thrown(load("/job/old"))).toMatchObject({ init: { status: 404 } });
  });
});
