import { describe, expect, it } from "vitest";
import { LOCALES } from "./i18n/locales";
import {
  localeOfRoute,
  localizedPatterns,
  localizePath,
  resolveLocalizedPath,
  siteLocales,
  type SiteLocales,
} from "./routes-i18n";

const MULTILINGUAL: SiteLocales = { defaultLocale: "en", locales: ["en", "en-GB", "de", "fr"] };
const EN_ONLY = siteLocales(["en"]);

describe("translated routes and locale prefixes (spec 2)", () => {
  it("leaves this site's paths alone: en only, no prefix", () => {
    expect(EN_ONLY).toEqual({ defaultLocale: "en", locales: ["en"] });
    expect(localizePath("/resume/edit", "en", EN_ONLY)).toBe("/resume/edit");
    expect(localizePath("/organizations", "de", EN_ONLY)).toBe("/organizations");
    expect(resolveLocalizedPath("/jobs/nursing", EN_ONLY)).toEqual({ locale: "en", routePath: "/jobs/nursing" });
    expect(resolveLocalizedPath("/de/arbeitgeber-suchen", EN_ONLY)).toEqual({
      locale: "en",
      routePath: "/de/arbeitgeber-suchen",
    });
  });

  // a path already written as localizePath writes it comes back as it is; the others are
  // normalized as ever (empty segments and a trailing slash dropped, a second query cut)
  it.each([
    ["/", "/", "/de"],
    ["/jobs", "/jobs", "/de/jobs"],
    ["/job/a-b%20c", "/job/a-b%20c", "/de/job/a-b%20c"],
    ["/jobs/it?page=2&x=/y", "/jobs/it?page=2&x=/y", "/de/jobs/it?page=2&x=/y"],
    ["/?q=1", "/?q=1", "/de?q=1"],
    ["/#top", "/#top", "/de#top"],
    ["/jobs/", "/jobs", "/de/jobs"],
    ["//x", "/x", "/de/x"],
    ["/a//b", "/a/b", "/de/a/b"],
    ["/jobs?x=1#h", "/jobs?x=1", "/de/jobs?x=1"],
    ["/a?x?y", "/a?x", "/de/a?x"],
    ["", "/", "/de"],
    ["jobs", "/jobs", "/de/jobs"],
  ])("writes %j as %j on an en-only site and as %j in de", (path, enOnly, german) => {
    expect(localizePath(path, "en", EN_ONLY)).toBe(enOnly);
    expect(localizePath(path, "en", MULTILINGUAL)).toBe(enOnly);
    expect(localizePath(path, "de", MULTILINGUAL)).toBe(german);
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

describe("the route table's localized forms and which a site serves", () => {
  it("gives every locale's prefixed form, and the unprefixed translation for a site whose default it is", () => {
    const forms = localizedPatterns("/organizations", LOCALES);
    expect(forms).toEqual(
      expect.arrayContaining([
        { locale: "en", pattern: "/en/organizations" },
        { locale: "en-GB", pattern: "/en-gb/organizations" },
        { locale: "de", pattern: "/de/arbeitgeber-suchen" },
        { locale: "de", pattern: "/arbeitgeber-suchen" },
        { locale: "fr", pattern: "/fr/organizations" },
      ]),
    );
    expect(forms).toHaveLength(5);
    expect(localizedPatterns("/jobs/*", LOCALES)).toContainEqual({ locale: "fr", pattern: "/fr/emploi/*" });
    expect(localizedPatterns("/job/:slug", LOCALES)).toContainEqual({ locale: "de", pattern: "/de/job/:slug" });
    expect(localizedPatterns("/", LOCALES).map((form) => form.pattern)).toEqual(["/en", "/en-gb", "/de", "/fr"]);
  });

  const EN_DE_FR = siteLocales(["en", "de", "fr"]);
  it.each([
    // [site, request path, matched pattern, its base, the locale or null for a 404]
    [EN_ONLY, "/organizations", "/organizations", "/organizations", "en"],
    [EN_ONLY, "/de/arbeitgeber-suchen", "/de/arbeitgeber-suchen", "/organizations", null],
    [EN_ONLY, "/arbeitgeber-suchen", "/arbeitgeber-suchen", "/organizations", null],
    [EN_ONLY, "/fr/emploi/nursing", "/fr/emploi/*", "/jobs/*", null],
    [EN_DE_FR, "/de/arbeitgeber-suchen", "/de/arbeitgeber-suchen", "/organizations", "de"],
    [EN_DE_FR, "/fr/emploi/nursing", "/fr/emploi/*", "/jobs/*", "fr"],
    [EN_DE_FR, "/fr/emploi", "/fr/emploi/*", "/jobs/*", "fr"],
    [EN_DE_FR, "/de/job/gardener", "/de/job/:slug", "/job/:slug", "de"],
    [EN_DE_FR, "/de", "/de", "/", "de"],
    [EN_DE_FR, "/organizations", "/organizations", "/organizations", "en"],
    // de's route names without its prefix, en's under it, or a locale the site lacks: none
    [EN_DE_FR, "/arbeitgeber-suchen", "/arbeitgeber-suchen", "/organizations", null],
    [EN_DE_FR, "/en/organizations", "/en/organizations", "/organizations", null],
    [EN_DE_FR, "/en-gb/organizations", "/en-gb/organizations", "/organizations", null],
    // a site whose default is de: its names without a prefix, en's under /en
    [siteLocales(["de", "en"]), "/arbeitgeber-suchen", "/arbeitgeber-suchen", "/organizations", "de"],
    [siteLocales(["de", "en"]), "/organizations", "/organizations", "/organizations", null],
    [siteLocales(["de", "en"]), "/en/organizations", "/en/organizations", "/organizations", "en"],
  ] as const)("%o: %s (%s) is in %s", (site, pathname, pattern, base, locale) => {
    expect(localeOfRoute(pathname, { pattern, base }, site)).toBe(locale);
  });
});
