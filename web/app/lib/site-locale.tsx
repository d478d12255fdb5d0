import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import { type NavigateOptions, type To, useNavigate as useRouterNavigate } from "react-router";
import { localizePath, siteLocales, type SiteLocales } from "./routes-i18n";

interface SiteLocale {
  /** The locale of the page's path (its prefix; none: the site's default). */
  locale: string;
  site: SiteLocales;
}

const SiteLocaleContext = createContext<SiteLocale>({ locale: "en", site: siteLocales(["en"]) });

/** The page's locale and the site's locales (from the root loader), for the links below. */
export function SiteLocaleProvider({ locale, site, children }: SiteLocale & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, site }), [locale, site]);
  return <SiteLocaleContext.Provider value={value}>{children}</SiteLocaleContext.Provider>;
}

export function useSiteLocale(): SiteLocale {
  return useContext(SiteLocaleContext);
}

/** A site path (`/organizations?x=1`) as the page's locale spells it (`/de/arbeitgeber-suchen?x=1`). */
export function localizeTo(to: To, { locale, site }: SiteLocale): To {
  const isSitePath = (path: string) => path.startsWith("/") && !path.startsWith("//");
  if (typeof to === "string") return isSitePath(to) ? localizePath(to, locale, site) : to;
  if (to.pathname && isSitePath(to.pathname)) return { ...to, pathname: localizePath(to.pathname, locale, site) };
  return to;
}

/** `localizeTo` for the page's locale. */
export function useLocalizeTo(): (to: To) => To {
  const siteLocale = useSiteLocale();
  return useCallback((to: To) => localizeTo(to, siteLocale), [siteLocale]);
}

/** React Router's navigate, to the path as the page's locale spells it (numbers go back and forth). */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => void | Promise<void> {
  const navigate = useRouterNavigate();
  const localize = useLocalizeTo();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => (typeof to === "number" ? navigate(to) : navigate(localize(to), options)),
    [navigate, localize],
  );
}
