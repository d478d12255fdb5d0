/**
 * Translated route names and locale prefixes (spec 2). A site names its locales in `SITE_LOCALES`
 * (the web's environment; the first is its default). This site speaks en only, so its paths
 * carry no prefix and nothing is translated; a site that enables more locales gets:
 *
 * - a locale prefix on internal paths of every locale but the default one (`/de/lebenslauf`),
 * - the route names of its language (`resume` -> `lebenslauf` in de, `jobs` -> `emploi` in fr),
 *   a name matching a path's leading segments exactly or as a wildcard prefix (`jobs/*`: the
 *   rest of the path, e.g. a category alias, is kept).
 *
 * `localizePath` goes from a route path to the public path, `resolveLocalizedPath` back.
 * `localizedPatterns` gives `routes.ts` every locale's form of a route pattern, and
 * `localeOfRoute` tells the root loader whether this site serves the form a request matched.
 */

/** A route name and its translation; `*` at the end matches the rest of the path. */
export interface RouteTranslation {
  route: string;
  translated: string;
}

/** Spec 2's route names per locale, the most specific first. */
export const ROUTE_TRANSLATIONS: Readonly<Record<string, readonly RouteTranslation[]>> = {
  "en-GB": [
    { route: "resume/wizard/job-preferences", translated: "cv/wizard/job-preferences" },
    { route: "resume/wizard/import", translated: "cv/wizard/import" },
    { route: "resume/wizard", translated: "cv/wizard" },
    { route: "resume/edit", translated: "cv/edit" },
    { route: "resumes", translated: "cvs" },
    { route: "resume/*", translated: "cv/*" },
  ],
  de: [
    { route: "resume/wizard/personal-info", translated: "lebenslauf/wizard/personal-info" },
    { route: "resume/wizard/job-preferences", translated: "lebenslauf/wizard/job-preferences" },
    { route: "resume/wizard/import", translated: "lebenslauf/wizard/import" },
    { route: "resume/wizard", translated: "lebenslauf/wizard" },
    { route: "resume/edit", translated: "lebenslauf/edit" },
    { route: "resumes", translated: "bewerbersuche" },
    { route: "resume/*", translated: "lebenslauf/*" },
    { route: "organizations", translated: "arbeitgeber-suchen" },
    { route: "contact", translated: "kontakt" },
  ],
  fr: [{ route: "jobs/*", translated: "emploi/*" }],
};

export interface SiteLocales {
  defaultLocale: string;
  locales: readonly string[];
}

/** A site's locales from its `SITE_LOCALES` list (the first is the default). */
export function siteLocales(locales: readonly string[]): SiteLocales {
  const [defaultLocale = "en"] = locales;
  return { defaultLocale, locales: locales.length > 0 ? [...locales] : [defaultLocale] };
}

function segments(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}

/** The path's segments after a name's, or null when the name (exactly, or as `name/*`) does not match. */
function rest(pathSegments: readonly string[], name: string): string[] | null {
  const wildcard = name.endsWith("/*");
  const nameSegments = segments(wildcard ? name.slice(0, -2) : name);
  if (pathSegments.length < nameSegments.length) return null;
  if (!nameSegments.every((segment, index) => pathSegments[index] === segment)) return null;
  const remaining = pathSegments.slice(nameSegments.length);
  if (remaining.length > 0 && !wildcard) return null;
  return remaining;
}

function translate(path: string, pairs: readonly { from: string; to: string }[]): string {
  const pathSegments = segments(path);
  for (const { from, to } of pairs) {
    const remaining = rest(pathSegments, from);
    if (remaining !== null) {
      const target = segments(to.endsWith("/*") ? to.slice(0, -2) : to);
      return `/${[...target, ...remaining].join("/")}`;
    }
  }
  return `/${pathSegments.join("/")}`;
}

function prefixed(site: SiteLocales, locale: string): boolean {
  return site.locales.length > 1 && locale !== site.defaultLocale;
}

function localeSegment(locale: string): string {
  return locale.toLowerCase();
}

/**
 * A path as `localizePath` writes it when it has nothing to translate: `/` or `/a/b` (no empty
 * segment, no trailing slash), then at most one query or fragment (the rest of a second one is
 * dropped below).
 */
const WRITTEN_AS_IS = /^\/(?:[^/?#]+(?:\/[^/?#]+)*)?(?:[?#][^?#]*)?$/;

/** A route path (`/resume/edit?x=1`) as the public path of `locale` (`/de/lebenslauf/edit?x=1`). */
export function localizePath(routePath: string, locale: string, site: SiteLocales): string {
  if (!site.locales.includes(locale)) return routePath;
  // Every link of every page comes here: a locale without a prefix or translated names (this
  // en-only site's) leaves a path that is already as below written unchanged, without taking it
  // apart and putting it back together.
  if (!prefixed(site, locale) && !ROUTE_TRANSLATIONS[locale] && WRITTEN_AS_IS.test(routePath)) return routePath;
  const [path = "/", query] = routePath.split(/(?=[?#])/, 2);
  const pairs = (ROUTE_TRANSLATIONS[locale] ?? []).map(({ route, translated }) => ({ from: route, to: translated }));
  const translated = translate(path, pairs);
  const localized = prefixed(site, locale)
    ? `/${localeSegment(locale)}${translated === "/" ? "" : translated}`
    : translated;
  return `${localized}${query ?? ""}`;
}

/** A public path back to its locale and route path (unknown prefixes are the default locale's). */
export function resolveLocalizedPath(publicPath: string, site: SiteLocales): { locale: string; routePath: string } {
  const [path = "/", query] = publicPath.split(/(?=[?#])/, 2);
  const [first, ...others] = segments(path);
  const locale =
    site.locales.find((candidate) => prefixed(site, candidate) && localeSegment(candidate) === first) ??
    site.defaultLocale;
  const localPath = locale === site.defaultLocale ? path : `/${others.join("/")}`;
  const pairs = (ROUTE_TRANSLATIONS[locale] ?? []).map(({ route, translated }) => ({ from: translated, to: route }));
  return { locale, routePath: `${translate(localPath, pairs)}${query ?? ""}` };
}

/**
 * Every form a route pattern (`/organizations`, `/jobs/*`, `/job/:slug`) takes in `locales`
 * other than itself: prefixed, for a site where the locale is not the default
 * (`/de/arbeitgeber-suchen`), and translated without a prefix, for a site whose default it is
 * (`/arbeitgeber-suchen`). The route table serves them all; `localeOfRoute` keeps a site to its own.
 */
export function localizedPatterns(pattern: string, locales: readonly string[]): { locale: string; pattern: string }[] {
  const forms = new Map<string, string>();
  for (const locale of locales) {
    const everyonePrefixed: SiteLocales = { defaultLocale: "", locales };
    const itsOwnDefault: SiteLocales = { defaultLocale: locale, locales: [locale] };
    for (const site of [everyonePrefixed, itsOwnDefault]) {
      const form = localizePath(pattern, locale, site);
      if (form !== pattern && !forms.has(form)) forms.set(form, locale);
    }
  }
  return [...forms].map(([form, locale]) => ({ locale, pattern: form }));
}

/**
 * The locale of a request the route table matched with `pattern` (one of `base`'s forms, or
 * `base` itself), when the site serves the path in that form: its prefix names one of the
 * site's locales (none: the default) and the pattern is that locale's form of the route. Null
 * for another site's form (`/de/...` where de is not enabled, `/organizations` where the default
 * locale calls it otherwise): a 404.
 */
export function localeOfRoute(
  pathname: string,
  { pattern, base }: { pattern: string; base: string },
  site: SiteLocales,
): string | null {
  const { locale } = resolveLocalizedPath(pathname, site);
  return localizePath(base, locale, site) === pattern ? locale : null;
}
