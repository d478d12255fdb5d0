import { beforeEach, describe, expect, it, vi } from "vitest";
import { APPLY_JOB, APPLY_RESUME_PREFILL } from "~/features/applications/documents";
import { APP_CONFIG } from "~/lib/app-config";
import type { Route } from "./+types/job-apply";
import { loader } from "./job-apply";

const query = vi.fn();
const sessionOf = vi.fn();
vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));
vi.mock("~/env.server", () => ({ serverEnv: () => ({}) }));
vi.mock("~/lib/session.server", () => ({ sessionOf: (request: Request) => sessionOf(request) }));

const job = { id: "j1", slug: "health-worker", title: "Community Health Worker", state: "PUBLISHED" };
const applicant = {
  user: { id: "u1", name: "Zosia Kowalska", email: "zofia@example.org", roles: ["applicant"] },
};

/** The API's answers: the job, the site's resume flag, and the caller's resume (or null). */
function answering({ resumeFeature = true, myResume = null as unknown }) {
  query.mockImplementation(async ({ query: document }: { query: unknown }) => {
    if (document === APPLY_JOB) return { data: { job } };
    if (document === APP_CONFIG) {
      return { data: { getAppConfig: [{ key: "features", name: "resume", value: resumeFeature }] } };
    }
    if (document === APPLY_RESUME_PREFILL) return { data: { myResume } };
    throw new Error("unexpected query");
  });
}

const asked = (document: unknown) =>
  query.mock.calls.some(([options]) => (options as { query: unknown }).query === document);

function load() {
  return loader({
    request: new Request("http://site.test/job/health-worker/apply/basic-info"),
    params: { slug: "health-worker", step: "basic-info" },
  } as unknown as Route.LoaderArgs);
}

describe("quick apply route loader", () => {
  beforeEach(() => {
    query.mockReset();
    sessionOf.mockReset();
    sessionOf.mockResolvedValue(applicant);
  });

  it("prefills the basic info from the applicant's resume over the account's name", async () => {
    answering({
      myResume: { id: "r1", firstName: "Zofia", lastName: "Łukasiewicz", phone: "+48 12 555 0100" },
    });
    const answer = await load();
    expect(answer.prefill).toEqual({
      firstName: "Zofia",
      lastName: "Łukasiewicz",
      emailAddress: "zofia@example.org",
      phone: "+48 12 555 0100",
    });
    expect(answer.resume).toBe(true);
  });

  it("keeps the account's values where the resume has none", async () => {
    answering({ myResume: { id: "r1", firstName: null, lastName: "", phone: null } });
    const answer = await load();
    expect(answer.prefill).toEqual({
      firstName: "Zosia",
      lastName: "Kowalska",
      emailAddress: "zofia@example.org",
    });
    expect(answer.resume).toBe(true);
  });

  it("offers no resume without one, with the feature off, or to visitors", async () => {
    answering({ myResume: null });
    expect((await load()).resume).toBe(false);

    query.mockReset();
    answering({ resumeFeature: false, myResume: { id: "r1", firstName: "Zofia" } });
    const off = await load();
    expect(off.resume).toBe(false);
    expect(off.prefill.firstName).toBe("Zosia");
    expect(asked(APPLY_RESUME_PREFILL)).toBe(false);

    query.mockReset();
    sessionOf.mockResolvedValue(null);
    answering({ myResume: { id: "r1", firstName: "Zofia" } });
    const visitor = await load();
    expect(visitor).toMatchObject({ prefill: {}, resume: false });
    expect(asked(APPLY_RESUME_PREFILL)).toBe(false);
  });

  it("still answers the page when the resume cannot be read", async () => {
    query.mockImplementation(async ({ query: document }: { query: unknown }) => {
      if (document === APPLY_JOB) return { data: { job } };
      if (document === APP_CONFIG) return { data: { getAppConfig: [] } };
      throw new Error("resumes is down");
    });
    const answer = await load();
    expect(answer).toMatchObject({ resume: false, prefill: { firstName: "Zosia" } });
  });
});
