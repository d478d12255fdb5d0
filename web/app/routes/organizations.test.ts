import { beforeEach, describe, expect, it, vi } from "vitest";
import { ORGANIZATION_SEARCH } from "~/features/search/documents";
import { organizationResults } from "~/features/search/search-fixture";
import type { Route } from "./+types/organizations";
import { loader, meta } from "./organizations";

const query = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));
vi.mock("~/env.server", () => ({ serverEnv: () => ({ AUTH_URL: "https://jobs.example", SITE_LOCALES: ["en"] }) }));

function load(path: string) {
  return loader({
    request: new Request(`http://site.test${path}`),
    params: {},
  } as unknown as Route.LoaderArgs) as Promise<{
    init: { status: number } | null;
    data: Record<string, unknown>;
  }>;
}

describe("organizations route loader", () => {
  beforeEach(() => {
    query.mockReset();
  });

  it("searches with the URL's text, facets and page", async () => {
    query.mockResolvedValue({ data: { organizationSearch: organizationResults(12, 30) } });
    const answered = await load("/organizations?search=water&industry=5,5,x&page=3");
    expect(answered.init?.status).toBe(200);
    expect(query).toHaveBeenCalledWith(
      expect.objectContaining({
        query: ORGANIZATION_SEARCH,
        variables: {
          input: expect.objectContaining({
            fulltext: { keys: "water" },
            page: 3,
            conditionGroups: [
              {
                conditions: [{ field: "industry", value: "5", operator: "=" }],
                conjunction: "OR",
                tags: ["facet:industry"],
              },
            ],
          }),
        },
      }),
    );
  });

  it("answers 503 when the gateway fails, never a crash", async () => {
    query.mockRejectedValue(new Error("Response not successful"));
    const answered = await load("/organizations");
    expect(answered.init?.status).toBe(503);
    expect(answered.data.outcome).toMatchObject({ kind: "unavailable" });
  });
});

describe("organizations route head", () => {
  it("describes the directory with its count and has an absolute canonical (Lighthouse SEO)", async () => {
    query.mockResolvedValue({ data: { organizationSearch: organizationResults(12, 30) } });
    const answered = await load("/organizations?page=2");
    const descriptors = meta({ loaderData: answered.data } as unknown as Route.MetaArgs);
    expect(descriptors).toContainEqual({
      name: "description",
      content: "30 organizations hiring here: their profiles, open positions, benefits and how they work.",
    });
    expect(descriptors).toContainEqual({ tagName: "link", rel: "canonical", href: "https://jobs.example/organizations?page=2" });
  });
});
