import { serverEnv } from "~/env.server";
import { localizePath, resolveLocalizedPath, siteLocales, type SiteLocales } from "~/lib/routes-i18n";

/** This site's locales (`SITE_LOCALES`; the first is its default). */
export function serverSiteLocales(): SiteLocales {
  return siteLocales(serverEnv().SITE_LOCALES);
}

/** The locale a request's path is in: its prefix's, else the site's default (spec 2). */
export function requestPathLocale(request: Request): string {
  return resolveLocalizedPath(new URL(request.url).pathname, serverSiteLocales()).locale;
}

/** A site path as the request's locale spells it (a loader's redirect stays in the page's locale). */
export function localizeForRequest(request: Request, path: string): string {
  return localizePath(path, requestPathLocale(request), serverSiteLocales());
}
