// @vitest-environment node
import { readFileSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createWebApp } from "./app";
import {
  COMPANY_SIZE_SEGMENTS,
  DEFAULT_REDIRECT_CONFIG,
  gatewayRedirectConfig,
  permanentRedirect,
  redirectConfigFrom,
  type RedirectConfig,
} from "./redirects";

const SITE: RedirectConfig = {
  contactFormUrl: "https://forms.example.org/jobboard-contact",
  resumeEnabled: true,
  legacyJobCategories: {
    "green-jobs": "environmental-protection-and-conservation",
  },
  localChapters: ["chicago-chapter"],
  productPrefixes: ["premium"],
};

const go = (path: string, search = "", config: RedirectConfig = SITE) =>
  permanentRedirect(path, search, config);

describe("spec 2's permanent redirects, a row each", () => {
  it("/companies goes to /organizations, query kept", () => {
    expect(go("/companies")).toEqual({
      status: 301,
      location: "/organizations",
    });
    expect(go("/companies/", "?page=2")).toEqual({
      status: 301,
      location: "/organizations?page=2",
    });
  });

  it("the size segments are the organization_sizes vocabulary's English aliases, in order", () => {
    const data = JSON.parse(
      readFileSync(
        new URL(
          "../../services/search/src/search/taxonomy/data/organization_sizes.json",
          import.meta.url,
        ),
        "utf8",
      ),
    ) as { terms: { weight: number; aliases: { en: string } }[] };
    const aliases = [...data.terms]
      .sort((a, b) => a.weight - b.weight)
      .map((term) => term.aliases.en);
    expect(aliases).toEqual([...COMPANY_SIZE_SEGMENTS]);
  });

  it.each(COMPANY_SIZE_SEGMENTS)(
    "/companies/%s/{rest} drops the size segment",
    (size) => {
      expect(go(`/companies/${size}/health`, "?search=x")).toEqual({
        status: 301,
        location: "/organizations/health?search=x",
      });
      expect(go(`/companies/${size}`)).toEqual({
        status: 301,
        location: "/organizations",
      });
    },
  );

  it("/companies/{path} goes to /organizations/{path}", () => {
    expect(go("/companies/health/boston")).toEqual({
      status: 301,
      location: "/organizations/health/boston",
    });
  });

  it.each([
    ["leadership-executive-board", "/jobs/management-and-leadership"],
    ["it-computer-engineering", "/jobs/software-development"],
    ["community-services", "/jobs/community-organizing"],
    ["controlling-finance", "/jobs/finance-and-accounting"],
    ["administration-customer-service", "/jobs/administration-and-office"],
    ["education-training", "/jobs/education-and-teaching"],
    ["marketing-communications-pr", "/jobs/communications-and-marketing"],
    ["resource-development", "/jobs/fundraising-and-development"],
    ["human-resources-hr", "/jobs/human-resources"],
    ["contractor", "/jobs/contract"],
    ["other-1", "/jobs"],
    ["other-3", "/jobs"],
  ])("the legacy category /jobs/%s goes to %s", (legacy, target) => {
    expect(go(`/jobs/${legacy}`, "?page=2")).toEqual({
      status: 301,
      location: `${target}?page=2`,
    });
  });

  it("a site's own legacy categories extend the table", () => {
    expect(go("/jobs/green-jobs")).toEqual({
      status: 301,
      location: "/jobs/environmental-protection-and-conservation",
    });
    expect(go("/jobs/green-jobs", "", DEFAULT_REDIRECT_CONFIG)).toBeNull();
  });

  it("current category paths are not redirected", () => {
    expect(go("/jobs/software-development")).toBeNull();
    expect(go("/jobs/contract")).toBeNull();
    expect(go("/jobs")).toBeNull();
  });

  it.each([
    ["no-work-experience-required", "/jobs/no-work-experience-required"],
    ["none", "/jobs/no-work-experience-required"],
    ["1-2-years", "/jobs/1-2-years-experience"],
    ["3-5", "/jobs/3-5-years-experience"],
    ["more-10-years", "/jobs/more-10-years-experience"],
    ["6-10-years-experience", "/jobs/6-10-years-experience"],
  ])("/jobs/field_job_experience_term/%s goes to %s", (token, target) => {
    expect(go(`/jobs/field_job_experience_term/${token}`)).toEqual({
      status: 301,
      location: target,
    });
  });

  it("/jobs/field_job_degree_level/{x}/{rest} goes to /jobs/{rest}", () => {
    expect(
      go("/jobs/field_job_degree_level/bachelor/software-development/remote"),
    ).toEqual({
      status: 301,
      location: "/jobs/software-development/remote",
    });
    expect(go("/jobs/field_job_degree_level/master")).toEqual({
      status: 301,
      location: "/jobs",
    });
  });

  it("legacy local chapter and {product}-* slugs become a keyword search", () => {
    expect(go("/jobs/chicago-chapter")).toEqual({
      status: 301,
      location: "/jobs?search=chicago-chapter",
    });
    expect(go("/jobs/premium-nurse-boston")).toEqual({
      status: 301,
      location: "/jobs?search=premium-nurse-boston",
    });
    expect(go("/jobs/premium")).toBeNull();
  });

  it("/manage/job and /search/resume go to /user/login", () => {
    expect(go("/manage/job")).toEqual({ status: 301, location: "/user/login" });
    expect(go("/search/resume")).toEqual({
      status: 301,
      location: "/user/login",
    });
  });

  it("/job-bookmarks-anon goes to /jobs#save-search", () => {
    expect(go("/job-bookmarks-anon")).toEqual({
      status: 301,
      location: "/jobs#save-search",
    });
  });

  it("/contact goes to the configured external contact form", () => {
    expect(go("/contact")).toEqual({
      status: 301,
      location: SITE.contactFormUrl,
    });
  });

  it("with the resume flag off, the resume paths go to /404", () => {
    const off = { ...SITE, resumeEnabled: false };
    expect(go("/resume", "", off)).toEqual({ status: 301, location: "/404" });
    expect(go("/resume/edit", "", off)).toEqual({
      status: 301,
      location: "/404",
    });
    expect(go("/resume-alert/edit/42", "", off)).toEqual({
      status: 301,
      location: "/404",
    });
    expect(go("/resume", "", SITE)).toBeNull();
    expect(go("/resumes", "", off)).toBeNull();
  });
});

describe("the site's redirect settings", () => {
  it("come from getAppConfig entries, defaults for what is missing or malformed", () => {
    expect(redirectConfigFrom([])).toEqual(DEFAULT_REDIRECT_CONFIG);
    expect(
      redirectConfigFrom([
        {
          key: "contact",
          name: "form_url",
          value: "https://forms.example.org/c",
        },
        { key: "features", name: "resume", value: false },
        { key: "redirects", name: "job_categories", value: { a: "b", bad: 3 } },
        { key: "redirects", name: "local_chapters", value: ["x", 1] },
        { key: "redirects", name: "product_prefixes", value: "nope" },
      ]),
    ).toEqual({
      contactFormUrl: "https://forms.example.org/c",
      resumeEnabled: false,
      legacyJobCategories: { a: "b" },
      localChapters: ["x"],
      productPrefixes: [],
    });
  });
});

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.map((s) => new Promise((resolve) => s.close(resolve))),
  );
  servers = [];
});

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the web server", () => {
  it("answers the redirects from the gateway's site settings before any page renders", async () => {
    const asked: string[] = [];
    const gateway = await serve((req, res) => {
      asked.push(String(req.headers["x-frontend"]));
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          data: {
            getAppConfig: [
              {
                key: "contact",
                name: "form_url",
                value: "https://forms.example.org/hello",
              },
              { key: "features", name: "resume", value: false },
            ],
          },
        }),
      );
    });
    const web = await serve(
      createWebApp({
        gatewayUrl: `${gateway}/graphql`,
        pageHandler: (_req, res) => res.status(200).send("page"),
        redirects: gatewayRedirectConfig({
          gatewayUrl: `${gateway}/graphql`,
          frontend: "jobboard/en",
        }),
      }),
    );
    const get = (path: string) =>
      fetch(`${web}${path}`, { redirect: "manual" });

    const contact = await get("/contact");
    expect(contact.status).toBe(301);
    expect(contact.headers.get("location")).toBe(
      "https://forms.example.org/hello",
    );
    const companies = await get("/companies/more-100/health?page=3");
    expect(companies.status).toBe(301);
    expect(companies.headers.get("location")).toBe(
      "/organizations/health?page=3",
    );
    expect((await get("/resume")).headers.get("location")).toBe("/404");
    const page = await get("/organizations");
    expect(page.status).toBe(200);
    expect(await page.text()).toBe("page");
    expect(asked).toEqual(["jobboard/en"]); // cached after the first ask
  });

  it("redirects a second locale's prefixed, translated paths to targets in that locale", async () => {
    const web = await serve(
      createWebApp({
        gatewayUrl: "http://127.0.0.1:9/graphql",
        pageHandler: (_req, res) => res.status(200).send("page"),
        redirects: async () => SITE,
        siteLocales: { defaultLocale: "en", locales: ["en", "de", "fr"] },
      }),
    );
    const location = async (path: string) =>
      (await fetch(`${web}${path}`, { redirect: "manual" })).headers.get("location");
    expect(await location("/de/kontakt")).toBe(SITE.contactFormUrl);
    expect(await location("/de/companies?page=3")).toBe("/de/arbeitgeber-suchen?page=3");
    expect(await location("/fr/emploi/human-resources-hr")).toBe("/fr/emploi/human-resources");
    expect(await location("/companies")).toBe("/organizations");
    const page = await fetch(`${web}/de/arbeitgeber-suchen`, { redirect: "manual" });
    expect(page.status).toBe(200);
  });

  it("uses the defaults when the gateway cannot answer", async () => {
    const config = gatewayRedirectConfig({
      gatewayUrl: "http://127.0.0.1:9/graphql",
      frontend: "jobboard/en",
    });
    expect(await config()).toEqual(DEFAULT_REDIRECT_CONFIG);
  });
});
