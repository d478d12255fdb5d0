import { describe, expect, it } from "vitest";
import { localeLinks, withLocaleLinks } from "./locale-links";
import { siteLocales } from "./routes-i18n";

const canonical = (href: string) => ({ tagName: "link", rel: "canonical", href });
const alternate = (hrefLang: string, href: string) => ({ tagName: "link", rel: "alternate", hrefLang, href });

describe("withLocaleLinks", () => {
  const site = siteLocales(["en", "de", "fr"]);

  it("gives a page of a site with one locale no alternates and keeps its canonical", () => {
    const descriptors = [{ title: "Nurse | Jobboard" }, canonical("https://jobs.example/job/nurse")];
    expect(withLocaleLinks(descriptors, "en", siteLocales(["en"]))).toEqual(descriptors);
  });

  it("makes the canonical the page's own locale's and names every locale's URL, x-default the default's", () => {
    const links = withLocaleLinks([{ title: "Nurse" }, canonical("https://jobs.example/job/nurse")], "de", site);
    expect(links).toEqual([
      { title: "Nurse" },
      canonical("https://jobs.example/de/job/nurse"),
      alternate("en", "https://jobs.example/job/nurse"),
      alternate("de", "https://jobs.example/de/job/nurse"),
      alternate("fr", "https://jobs.example/fr/job/nurse"),
      alternate("x-default", "https://jobs.example/job/nurse"),
    ]);
  });

  it("translates route names per locale and keeps the query (a search's page)", () => {
    const links = withLocaleLinks([canonical("https://jobs.example/organizations?page=2")], "en", site);
    expect(links).toContainEqual(canonical("https://jobs.example/organizations?page=2"));
    expect(links).toContainEqual(alternate("de", "https://jobs.example/de/arbeitgeber-suchen?page=2"));
    const jobs = withLocaleLinks([canonical("https://jobs.example/jobs/nursing")], "fr", site);
    expect(jobs).toContainEqual(canonical("https://jobs.example/fr/emploi/nursing"));
    expect(jobs).toContainEqual(alternate("en", "https://jobs.example/jobs/nursing"));
  });

  it("takes a canonical already in another locale's form as the same page", () => {
    const links = withLocaleLinks([canonical("https://jobs.example/de/arbeitgeber-suchen")], "fr", site);
    expect(links).toContainEqual(canonical("https://jobs.example/fr/organizations"));
    expect(links).toContainEqual(alternate("de", "https://jobs.example/de/arbeitgeber-suchen"));
  });

  it("keeps a path canonical a path", () => {
    const links = withLocaleLinks([canonical("/organization/acme")], "de", site);
    expect(links).toContainEqual(canonical("/de/organization/acme"));
    expect(links).toContainEqual(alternate("x-default", "/organization/acme"));
  });

  it("leaves a page without a canonical as it is", () => {
    expect(withLocaleLinks([{ title: "Log in" }], "de", site)).toEqual([{ title: "Log in" }]);
  });
});

describe("localeLinks", () => {
  it("reads the page's locale and the site's locales from the root loader", () => {
    const matches = [{ id: "root", loaderData: { locale: "de", site: { defaultLocale: "en", locales: ["en", "de"] } } }];
    expect(localeLinks([canonical("https://jobs.example/jobs")], matches)).toEqual([
      canonical("https://jobs.example/de/jobs"),
      alternate("en", "https://jobs.example/jobs"),
      alternate("de", "https://jobs.example/de/jobs"),
      alternate("x-default", "https://jobs.example/jobs"),
    ]);
    expect(localeLinks([canonical("https://jobs.example/jobs")], undefined)).toEqual([canonical("https://jobs.example/jobs")]);
  });
});
