// @vitest-environment node
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { localeOfRoute, siteLocales, type SiteLocales } from "./lib/routes-i18n";
import { basePattern } from "./route-table";
import routes from "./routes";

/** The route table as React Router matches it (the server and the browser alike). */
const table: RouteObject[] = routes.map((entry) => ({
  id: entry.id ?? entry.file,
  path: entry.path,
  index: entry.index,
  handle: { file: entry.file },
}));

/** What the server answers for a path: the page module and the locale, or null for a 404. */
function resolve(pathname: string, site: SiteLocales) {
  const matches = matchRoutes(table, pathname);
  const leaf = matches?.at(-1);
  if (!leaf) return null;
  const file = (leaf.route.handle as { file: string }).file;
  const pattern = `/${leaf.route.path ?? ""}`;
  if (file === "routes/not-found.tsx") return null;
  const locale = localeOfRoute(pathname, { pattern, base: basePattern(pattern) }, site);
  return locale === null ? null : { file, locale, params: leaf.params };
}

const EN_ONLY = siteLocales(["en"]);
const EN_DE_FR = siteLocales(["en", "de", "fr"]);

describe("the route table with a second locale enabled (spec 2)", () => {
  it("serves the other locales' prefixed, translated paths as their pages", () => {
    expect(resolve("/de/arbeitgeber-suchen", EN_DE_FR)).toMatchObject({ file: "routes/organizations.tsx", locale: "de" });
    expect(resolve("/fr/emploi", EN_DE_FR)).toMatchObject({ file: "routes/jobs.tsx", locale: "fr" });
    expect(resolve("/fr/emploi/nursing/full-time", EN_DE_FR)).toMatchObject({
      file: "routes/jobs.tsx",
      locale: "fr",
      params: { "*": "nursing/full-time" },
    });
    expect(resolve("/de/job/gardener-berlin", EN_DE_FR)).toMatchObject({
      file: "routes/job.tsx",
      locale: "de",
      params: { slug: "gardener-berlin" },
    });
    expect(resolve("/de", EN_DE_FR)).toMatchObject({ file: "routes/home.tsx", locale: "de" });
    expect(resolve("/organizations", EN_DE_FR)).toMatchObject({ file: "routes/organizations.tsx", locale: "en" });
  });

  it("answers 404 for another locale's form of a path", () => {
    for (const path of ["/de/organizations", "/arbeitgeber-suchen", "/en-gb/jobs", "/fr/jobs", "/en/jobs"]) {
      expect(resolve(path, EN_DE_FR)).toBeNull();
    }
  });

  it("keeps this en-only site to its own paths: no prefixes, no translated names", () => {
    expect(resolve("/organizations", EN_ONLY)).toMatchObject({ file: "routes/organizations.tsx", locale: "en" });
    expect(resolve("/jobs/nursing", EN_ONLY)).toMatchObject({ file: "routes/jobs.tsx", locale: "en" });
    for (const path of ["/de/arbeitgeber-suchen", "/fr/emploi", "/de", "/arbeitgeber-suchen"]) {
      expect(resolve(path, EN_ONLY)).toBeNull();
    }
  });
});
