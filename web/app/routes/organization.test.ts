import { beforeEach, describe, expect, it, vi } from "vitest";
import { acmeProfile } from "~/features/organizations/profile/profile-fixture";
import type { Route } from "./+types/organization";
import { loader, meta } from "./organization";

const query = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({
  requestApolloClient: () => ({ query }),
}));
vi.mock("~/env.server", () => ({
  serverEnv: () => ({ AUTH_URL: "https://jobs.example", SITE_LOCALES: ["en"] }),
}));
vi.mock("~/lib/session.server", () => ({
  sessionOf: () => Promise.resolve(null),
}));

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

describe("organization route loader", () => {
  beforeEach(() => {
    query.mockReset();
  });

  it("answers the profile and the public origin", async () => {
    query.mockResolvedValue({ data: { organizationProfile: acmeProfile } });
    await expect(load("/organization/acme", "acme")).resolves.toEqual({
      profile: acmeProfile,
      origin: "https://jobs.example",
      openJobs: [],
      captcha: null,
      prefill: {},
      afterContact: "/",
    });
    expect(query).toHaveBeenCalledWith(
      expect.objectContaining({ variables: { slug: "acme" } }),
    );
  });

  it("follows search's slug index for a slug organizations does not know", async () => {
    query
      .mockResolvedValueOnce({ data: { organizationProfile: null } })
      .mockResolvedValueOnce({
        data: { route: { __typename: "RedirectResponse", code: 301, target: "/organization/acme" } },
      });
    const response = (await thrown(load("/organization/acme-old", "acme-old"))) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/organization/acme");
    expect(query).toHaveBeenLastCalledWith(
      expect.objectContaining({ variables: { slug: "/organization/acme-old" } }),
    );
  });

  it("answers the organization's open jobs beside the profile", async () => {
    const job = { id: "j1", slug: "gardener", title: "Gardener" };
    query
      .mockResolvedValueOnce({ data: { organizationProfile: acmeProfile } })
      .mockResolvedValueOnce({ data: { openJobs: { total: 1, jobs: [job] } } });
    await expect(load("/organization/acme", "acme")).resolves.toMatchObject({
      openJobs: [job],
    });
    expect(query).toHaveBeenLastCalledWith(
      expect.objectContaining({
        variables: { organizationId: "org-1", limit: 20, offset: 0 },
      }),
    );
  });

  it("still renders the profile when the jobs cannot be loaded", async () => {
    query
      .mockResolvedValueOnce({ data: { organizationProfile: acmeProfile } })
      .mockRejectedValueOnce(new Error("jobs is down"));
    await expect(load("/organization/acme", "acme")).resolves.toMatchObject({
      openJobs: [],
    });
  });

  it("is a 404 for an unknown slug", async () => {
    query.mockResolvedValue({ data: { organizationProfile: null } });
    expect(await thrown(load("/organization/nobody", "nobody"))).toMatchObject({
      init: { status: 404 },
    });
  });

  it("redirects a former slug to the current one for good", async () => {
    query.mockResolvedValue({ data: { organizationProfile: acmeProfile } });
    const response = (await thrown(
      load("/organization/acme-old", "acme-old"),
    )) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/organization/acme");
  });

  it("redirects an uppercase path to lowercase before asking the gateway", async () => {
    const response = (await thrown(
      load("/Organization/ACME", "ACME"),
    )) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/organization/acme");
    expect(query).not.toHaveBeenCalled();
  });

  it("turns the metatags into meta descriptors", () => {
    const descriptors = meta({
      loaderData: { profile: acmeProfile, origin: "https://jobs.example" },
    } as unknown as Route.MetaArgs);
    expect(descriptors).toEqual([
      { title: "Acme Foundation | Jobboard" },
      { name: "description", content: "Clean water projects." },
      {
        tagName: "link",
        rel: "canonical",
        href: "https://jobs.example/organization/acme",
      },
    ]);
  });
});
