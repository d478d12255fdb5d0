// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_CONFIG } from "~/lib/app-config";
import { resumeGate } from "~/lib/site-features";
import { guardResumePages, requestSiteFeatures } from "~/lib/site-features.server";
import { basePattern, LOCALIZED_ROUTES, PAGE_ROUTES } from "~/route-table";

const query = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));

function siteAnswers(resume: boolean | Error) {
  query.mockImplementation(async ({ query: document }: { query: unknown }) => {
    if (document !== APP_CONFIG) throw new Error("unexpected query");
    if (resume instanceof Error) throw resume;
    return { data: { getAppConfig: [{ __typename: "AppConfigEntry", key: "features", name: "resume", value: resume }] } };
  });
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error: unknown) {
    return error;
  }
  return null;
}

/** The root loader's guard for a path, with the pattern the route table matched it with. */
function guard(path: string, pattern: string) {
  return guardResumePages(new Request(`http://site.test${path}`), basePattern(pattern));
}

beforeAll(() => {
  vi.stubEnv("AUTH_SECRET", "x".repeat(40));
  vi.stubEnv("SITE_LOCALES", "en,de,en-GB");
});

describe("the resume pages with the resume feature", () => {
  beforeEach(() => {
    query.mockReset();
  });

  it("tells the applicant's resume pages from resume search and other pages", () => {
    expect(resumeGate("/resume")).toBe("moved-to-404");
    expect(resumeGate("/resume/contact-requests")).toBe("moved-to-404");
    expect(resumeGate("/resume/wizard/:step")).toBe("moved-to-404");
    expect(resumeGate("/resume-alert/edit/:id")).toBe("moved-to-404");
    expect(resumeGate("/resumes")).toBe("not-found");
    expect(resumeGate("/jobs/*")).toBeNull();
    expect(resumeGate("/resume-tips")).toBeNull();
  });

  it("off: /resume/contact-requests in every locale form goes permanently to /404 in its locale", async () => {
    siteAnswers(false);
    const forms = [
      "resume/contact-requests",
      ...LOCALIZED_ROUTES.filter((route) => route.base === "/resume/contact-requests").map((route) => route.path),
    ];
    expect(forms).toEqual(expect.arrayContaining(["de/lebenslauf/contact-requests", "en-gb/cv/contact-requests"]));
    const targets: Record<string, string> = {};
    for (const form of forms) {
      const response = (await thrown(guard(`/${form}`, `/${form}`))) as Response;
      expect(response).toBeInstanceOf(Response);
      expect([301, 308]).toContain(response.status);
      targets[form] = response.headers.get("Location") ?? "";
    }
    expect(targets["resume/contact-requests"]).toBe("/404");
    expect(targets["de/lebenslauf/contact-requests"]).toBe("/de/404");
    expect(targets["en-gb/cv/contact-requests"]).toBe("/en-gb/404");
  });

  it("off: resume search is no page", async () => {
    siteAnswers(false);
    expect(await thrown(guard("/resumes", "/resumes"))).toMatchObject({ init: { status: 404 } });
    expect(await thrown(guard("/de/bewerbersuche", "/de/bewerbersuche"))).toMatchObject({ init: { status: 404 } });
  });

  it("on: the pages render (nothing thrown); other pages never ask for the configuration", async () => {
    siteAnswers(true);
    expect(await thrown(guard("/resume/contact-requests", "/resume/contact-requests"))).toBeNull();
    expect(await thrown(guard("/resumes", "/resumes"))).toBeNull();
    query.mockReset();
    expect(await thrown(guard("/jobs/gardening", "/jobs/*"))).toBeNull();
    expect(query).not.toHaveBeenCalled();
  });

  it("uses the platform's defaults (resume on) when the gateway cannot answer", async () => {
    siteAnswers(new Error("gateway down"));
    expect((await requestSiteFeatures(new Request("http://site.test/resume"))).resume).toBe(true);
    expect(await thrown(guard("/resume/contact-requests", "/resume/contact-requests"))).toBeNull();
  });

  it("the route table serves the contact requests page", () => {
    expect(PAGE_ROUTES).toContainEqual(["resume/contact-requests", "routes/resume-contact-requests.tsx"]);
  });
});
