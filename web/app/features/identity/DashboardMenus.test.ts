import { describe, expect, it } from "vitest";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { FEATURE_DEFAULTS, type SiteFeatures } from "~/lib/site-features";
import { canSearchResumes, dashboardMenu } from "./DashboardMenus";

describe("whose menu", () => {
  it("visitors, job seekers and organization users each have their own kind", () => {
    expect(dashboardMenu(null).kind).toBe("visitor");
    expect(dashboardMenu(["applicant"]).kind).toBe("jobseeker");
    expect(dashboardMenu(["recruiter"]).kind).toBe("organization");
    expect(dashboardMenu(["administrator"]).kind).toBe("organization");
  });

  it("administrators get the administration items too", () => {
    const labels = (roles: string[]) =>
      dashboardMenu(roles).items.map((item) => item.label);
    expect(labels(["administrator"])).toContain("Jobs to review");
    expect(labels(["recruiter"])).not.toContain("Jobs to review");
  });
});

describe("the resume feature's items", () => {
  const on = { ...FEATURE_DEFAULTS, resume: true };
  const off = { ...FEATURE_DEFAULTS, resume: false };
  const links = (roles: string[] | null, features: SiteFeatures) =>
    dashboardMenu(roles, SITE_INTL, features).items.map((item) => [item.label, item.to]);

  it("Resumes is for recruiters and administrators, with the feature on", () => {
    expect(links(["recruiter"], on)).toContainEqual(["Resumes", "/resumes"]);
    expect(links(["administrator"], on)).toContainEqual(["Resumes", "/resumes"]);
    expect(links(["recruiter"], off)).not.toContainEqual(["Resumes", "/resumes"]);
    expect(links(["applicant"], on)).not.toContainEqual(["Resumes", "/resumes"]);
    expect(links(null, on)).not.toContainEqual(["Resumes", "/resumes"]);
    expect(canSearchResumes(["recruiter"], on)).toBe(true);
    expect(canSearchResumes(["site_admin"], on)).toBe(true);
    expect(canSearchResumes(["recruiter"], off)).toBe(false);
    expect(canSearchResumes(["applicant"], on)).toBe(false);
    expect(canSearchResumes(null, on)).toBe(false);
  });

  it("My resume and Contact requests are the applicant's, with the feature on", () => {
    expect(links(["applicant"], on)).toEqual(
      expect.arrayContaining([
        ["My resume", "/resume"],
        ["Contact requests", "/resume/contact-requests"],
      ]),
    );
    const without = links(["applicant"], off).map(([label]) => label);
    expect(without).not.toContain("My resume");
    expect(without).not.toContain("Contact requests");
    expect(without).toContain("My applications");
    expect(links(null, on).map(([label]) => label)).not.toContain("My resume");
    expect(links(["recruiter"], on).map(([label]) => label)).not.toContain("My resume");
  });
});

describe("the menus' icons", () => {
  const roleSets: (string[] | null)[] = [null, ["applicant"], ["recruiter"], ["administrator"]];
  const featureSets: SiteFeatures[] = [
    { ...FEATURE_DEFAULTS, resume: true },
    { ...FEATURE_DEFAULTS, resume: false },
  ];

  it("every item has an icon of its own: no two items of a menu share one", () => {
    for (const roles of roleSets) {
      for (const features of featureSets) {
        const icons = dashboardMenu(roles, SITE_INTL, features).items.map((item) => item.icon);
        expect(icons.every((icon) => typeof icon === "object" || typeof icon === "function")).toBe(true);
        expect(new Set(icons).size).toBe(icons.length);
      }
    }
  });

  it("the same page has the same icon in every menu", () => {
    const iconOf = new Map<string, unknown>();
    for (const roles of roleSets) {
      for (const item of dashboardMenu(roles, SITE_INTL, featureSets[0]).items) {
        if (!iconOf.has(item.to)) iconOf.set(item.to, item.icon);
        expect(item.icon).toBe(iconOf.get(item.to));
      }
    }
  });
});
