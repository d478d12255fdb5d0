import { describe, expect, it } from "vitest";
import { localizePath, resolveLocalizedPath, SITE_LOCALES, type SiteLocales } from "./routes-i18n";

const MULTILINGUAL: SiteLocales = { defaultLocale: "en", locales: ["en", "en-GB", "de", "fr"] };

describe("translated routes and locale prefixes (spec 2)", () => {
  it("leaves this site's paths alone: en only, no prefix", () => {
    expect(SITE_LOCALES.locales).toEqual(["en"]);
    expect(localizePath("/resume/edit", "en")).toBe("/resume/edit");
    expect(resolveLocalizedPath("/jobs/nursing")).toEqual({ locale: "en", routePath: "/jobs/nursing" });
  });

  it.each([
    ["/resumes", "en-GB", "/en-gb/cvs"],
    ["/resume", "en-GB", "/en-gb/cv"],
    ["/resume/edit", "en-GB", "/en-gb/cv/edit"],
    ["/resume/wizard/import", "en-GB", "/en-gb/cv/wizard/import"],
    ["/resume/wizard/job-preferences", "en-GB", "/en-gb/cv/wizard/job-preferences"],
    ["/resumes", "de", "/de/bewerbersuche"],
    ["/resume/wizard/personal-info", "de", "/de/lebenslauf/wizard/personal-info"],
    ["/resume/42", "de", "/de/lebenslauf/42"],
    ["/organizations", "de", "/de/arbeitgeber-suchen"],
    ["/contact", "de", "/de/kontakt"],
    ["/jobs", "fr", "/fr/emploi"],
    ["/jobs/nursing/full-time?page=2", "fr", "/fr/emploi/nursing/full-time?page=2"],
    ["/organizations", "fr", "/fr/organizations"],
    ["/jobs/nursing", "en", "/jobs/nursing"],
    ["/", "de", "/de"],
  ])("%s in %s is %s, and back", (routePath, locale, publicPath) => {
    expect(localizePath(routePath, locale, MULTILINGUAL)).toBe(publicPath);
    expect(resolveLocalizedPath(publicPath, MULTILINGUAL)).toEqual({
      locale,
      routePath: routePath === "/" ? "/" : routePath,
    });
  });

  it("does not translate a name that only starts like a route (organizations-x)", () => {
    expect(localizePath("/organizations-x", "de", MULTILINGUAL)).toBe("/de/organizations-x");
    expect(localizePath("/contact/form", "de", MULTILINGUAL)).toBe("/de/contact/form");
  });
});
