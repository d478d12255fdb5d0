import type { MetaDescriptor } from "react-router";
import { localizePath, resolveLocalizedPath, siteLocales, type SiteLocales } from "~/lib/routes-i18n";

/** The canonical link among a page's meta descriptors, if it has one. */
function canonicalOf(descriptors: readonly MetaDescriptor[]): string | null {
  for (const descriptor of descriptors) {
    if ("tagName" in descriptor && descriptor.tagName === "link" && descriptor.rel === "canonical") {
      return typeof descriptor.href === "string" ? descriptor.href : null;
    }
  }
  return null;
}

/**
 * Spec 2 (with more than one locale, internal paths get a locale prefix) and issue 31: on a site
 * with several locales a page's canonical URL is its own locale's (`/de/job/x` on the German
 * page, `/fr/emploi/...` on the French search), and `hreflang` alternates name the same page in
 * every locale of the site, with `x-default` at the default locale's. The canonical may come as
 * the route path (the API's) or already localized: both give the same page. One locale, or no
 * canonical: the descriptors as they are.
 */
export function withLocaleLinks(
  descriptors: readonly MetaDescriptor[],
  locale: string,
  site: SiteLocales,
): MetaDescriptor[] {
  const canonical = canonicalOf(descriptors);
  if (!canonical || site.locales.length < 2) return [...descriptors];
  const url = new URL(canonical, "http://site.invalid");
  const absolute = (path: string) => (canonical.startsWith("/") ? path : `${url.origin}${path}`);
  const { routePath } = resolveLocalizedPath(`${url.pathname}${url.search}`, site);
  const localized = (target: string) => absolute(localizePath(routePath, target, site));
  const alternates: MetaDescriptor[] = [
    ...site.locales.map((target) => ({ tagName: "link", rel: "alternate", hrefLang: target, href: localized(target) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localized(site.defaultLocale) },
  ];
  return [
    ...descriptors.map((descriptor) =>
      "tagName" in descriptor && descriptor.tagName === "link" && descriptor.rel === "canonical"
        ? { ...descriptor, href: localized(site.locales.includes(locale) ? locale : site.defaultLocale) }
        : descriptor,
    ),
    ...alternates,
  ];
}

interface RootLocaleData {
  locale?: unknown;
  site?: { defaultLocale?: unknown; locales?: unknown };
}

/** `withLocaleLinks` for a route's `meta`, with the page's locale and the site's locales from the root loader. */
export function localeLinks(
  descriptors: readonly MetaDescriptor[],
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] | undefined,
): MetaDescriptor[] {
  const root = matches?.find((match) => match?.id === "root")?.loaderData as RootLocaleData | undefined;
  const locales = root?.site?.locales;
  if (typeof root?.locale !== "string" || !Array.isArray(locales)) return [...descriptors];
  const site = siteLocales(locales.filter((value): value is string => typeof value === "string"));
  return withLocaleLinks(descriptors, root.locale, site);
}
