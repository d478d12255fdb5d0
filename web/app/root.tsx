import {
  ColorSchemeScript,
  MantineProvider,
  mantineHtmlProps,
  Text,
  Title,
} from "@mantine/core";
import mantineCoreStyles from "@mantine/core/styles.css?url";
import mantineChartsStyles from "@mantine/charts/styles.css?url";
import mantineProgressStyles from "@mantine/nprogress/styles.css?url";
import { type ReactNode, Suspense, useEffect } from "react";
import { useIntl } from "react-intl";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import { AppShell } from "~/components/AppShell";
import { configureAnalytics, rememberUtmSource } from "~/lib/analytics";
import { useAppConfig } from "~/lib/app-config";
import { featuresOf } from "~/lib/site-features";
import { AccountNavItem } from "~/features/identity/AccountNavItem";
import {
  canSearchResumes,
  DashboardBottomMenu,
  DashboardSidebar,
} from "~/features/identity/DashboardMenus";
import { MasqueradeBanner } from "~/features/identity/MasqueradeBanner";
import { SessionProvider, useSession } from "~/features/identity/session";
import { SessionTrackers } from "~/features/identity/SessionTrackers";
import { serverEnv } from "~/env.server";
import { publicSession } from "~/lib/session-claims";
import { sessionOf } from "~/lib/session.server";
import { beginPageRender } from "~/lib/apollo/page-render.server";
import { guardResumePages } from "~/lib/site-features.server";
import { ApolloBootstrapScript } from "~/lib/apollo/bootstrap";
import { apolloNeeded, LazyApolloProvider, loadedWhenRendered } from "~/lib/apollo/lazy-client";
import { logClientError } from "~/lib/client-log";
import { CookieConsent } from "~/components/CookieConsent";
import { TagLibrary } from "~/components/TagLibrary";
import { CookieConsentProvider, readCookieConsent } from "~/lib/cookie-consent";
import { compiledCatalogue } from "~/lib/i18n/catalogues.server";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { documentTitle } from "~/lib/i18n/document-title";
import { I18nProvider } from "~/lib/i18n/I18nProvider";
import { DEFAULT_LOCALE, isLocale, localeFromCookie } from "~/lib/i18n/locales";
import { localeOfRoute, resolveLocalizedPath, siteLocales } from "~/lib/routes-i18n";
import { useNonce } from "~/lib/csp-nonce";
import { RootStylesheets } from "~/lib/root-stylesheets";
import { SiteLocaleProvider } from "~/lib/site-locale";
import { serverSiteLocales } from "~/lib/site-locales.server";
import { basePattern } from "~/route-table";
import { cssVariablesResolver, theme } from "~/lib/theme";
import { mantineCssVariables, MantineCssVariablesOnce } from "~/lib/mantine-css-variables";

// what MantineProvider would write at every render (ADR 0064)
const MANTINE_CSS_VARIABLES = mantineCssVariables(theme, cssVariablesResolver);


// Mantine's stylesheets come with the code of its components, per route, in the build
// (scripts/mantine-styles-plugin.ts); the development server links them whole. app.css after them.
const DEV_STYLESHEETS = import.meta.env.DEV ? [mantineCoreStyles, mantineProgressStyles, mantineChartsStyles] : [];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...DEV_STYLESHEETS.map((href) => ({ rel: "stylesheet", href })),
  { rel: "stylesheet", href: appStyles },
];

// Parts with Apollo queries, loaded where they render (lib/apollo/lazy-client): the re-consent
// modal for a signed-in user, the help of an error page.
const ReconsentModal = loadedWhenRendered("app/features/consent/ReconsentModal.tsx", () =>
  import("~/features/consent/ReconsentModal").then((module) => module.ReconsentModal),
);
const NotFoundHelp = loadedWhenRendered("app/features/search/NotFoundHelp.tsx", () =>
  import("~/features/search/NotFoundHelp").then((module) => module.NotFoundHelp),
);

/** The not-found route's pattern: it answers its own 404 (with this loader's data). */
const NOT_FOUND_PATTERN = "/*";

export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  // a page request: the render's own query (the site's configuration) goes out with the loaders'
  beginPageRender(request, context.pageRender);
  const site = serverSiteLocales();
  const { pathname } = new URL(request.url);
  // Spec 2: a path in the form of a locale the site does not serve (`/de/...` on an en-only
  // site, another default's route names) is no page here.
  // React Router's pattern joins the matched route paths: `organizations`, `de/job/:slug`, `/`
  const matched = pattern.startsWith("/") ? pattern : `/${pattern}`;
  const pathLocale =
    matched === NOT_FOUND_PATTERN
      ? resolveLocalizedPath(pathname, site).locale
      : localeOfRoute(pathname, { pattern: matched, base: basePattern(matched) }, site);
  if (!isLocale(pathLocale)) throw data(null, { status: 404 });
  if (matched !== NOT_FOUND_PATTERN) await guardResumePages(request, basePattern(matched));
  const claims = await sessionOf(request);
  const cookies = request.headers.get("cookie");
  // With several locales the path says which; an en-only site keeps the visitor's own choice.
  const locale = site.locales.length > 1 ? pathLocale : localeFromCookie(cookies);
  return {
    session: claims ? publicSession(claims) : null,
    cookieConsent: readCookieConsent(cookies),
    // The first render has its messages (no request from the browser for them). The site's own
    // language needs none: its texts are the defaultMessages in the code, and its catalogue (some
    // 80 KB) would only weigh down every page's HTML and each revalidation of this loader. The
    // others go compiled: the browser's react-intl has no ICU parser (lib/i18n/compile-messages).
    locale,
    messages: locale === DEFAULT_LOCALE ? {} : compiledCatalogue(locale),
    pathLocale,
    site,
    tagManagerUrl: serverEnv().TAG_MANAGER_URL ?? null,
  };
}

const EN_ONLY = siteLocales([DEFAULT_LOCALE]);

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const locale = rootData?.locale ?? DEFAULT_LOCALE;
  const nonce = useNonce();
  const handles = useMatches().map((match) => match.handle);
  const needsApollo = apolloNeeded({ handles, signedIn: Boolean(rootData?.session), failed: false });
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Sets the remembered (or the system's) scheme before the first paint: no flash. */}
        <ColorSchemeScript defaultColorScheme="auto" nonce={nonce} suppressHydrationWarning />
        <Meta />
        <RootStylesheets nonce={nonce} />
        <Links />
      </head>
      <body>
        {/* Mantine's variables, the same for every page: made once, not at each render by the
            provider (written where it writes them, before its classes) */}
        <MantineCssVariablesOnce css={MANTINE_CSS_VARIABLES} />
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          withCssVariables={false}
        >
          {/* a page in another locale (a link of the language picker) starts over in it */}
          <I18nProvider key={locale} locale={locale} messages={rootData?.messages}>
            <SiteLocaleProvider locale={rootData?.pathLocale ?? DEFAULT_LOCALE} site={rootData?.site ?? EN_ONLY}>
              <LazyApolloProvider needed={needsApollo}>{children}</LazyApolloProvider>
            </SiteLocaleProvider>
          </I18nProvider>
        </MantineProvider>
        <ScrollRestoration />
        <ApolloBootstrapScript />
        <Scripts />
      </body>
    </html>
  );
}

/** Spec 4: the terms re-consent modal, for a signed-in user when the site asks for it. */
function ConsentGate() {
  const { config } = useAppConfig();
  const session = useSession();
  // Consent is the person's own act: never asked while an administrator acts as them.
  const user =
    session.status === "authenticated" && !session.data?.masqueraded
      ? session.data?.user
      : undefined;
  const active = config.flag("consent", "terms_reconsent");
  if (!active || !user?.email) return null;
  return (
    <Suspense fallback={null}>
      <ReconsentModal active={active} mail={user.email} />
    </Suspense>
  );
}

/** lib/analytics' conversion settings from getAppConfig, and the landing URL's utm source. */
function AnalyticsSetup() {
  const { config } = useAppConfig();
  const { search } = useLocation();
  const conversionApi = config.flag("analytics", "conversion_api");
  const listed = config.value("analytics", "conversion_events");
  const events = Array.isArray(listed)
    ? listed.filter((item): item is string => typeof item === "string").join(",")
    : "";
  useEffect(() => {
    configureAnalytics({
      conversionApi,
      conversionEvents: events ? events.split(",") : [],
    });
  }, [conversionApi, events]);
  useEffect(() => rememberUtmSource(search), [search]);
  return null;
}

/** The cookie banner naming the site (getAppConfig's site.name). */
function SiteCookieConsent() {
  const { config } = useAppConfig();
  return <CookieConsent siteName={config.text("site", "name", "")} />;
}

/**
 * The shell with the site's settings (logo target, feature flags) from getAppConfig, and the
 * cookie banner first after the skip link: a visitor who has not chosen meets it before the
 * header on the keyboard and with a screen reader, and the browser gets it in the first part of
 * the HTML (at the end, after the page, it came last and was painted after everything else).
 */
function SiteShell({ children }: { children: ReactNode }) {
  const { config } = useAppConfig();
  const session = useSession();
  const roles = session.status === "authenticated" ? (session.data?.user.roles ?? null) : null;
  return (
    <AppShell
      showResumes={canSearchResumes(roles, featuresOf(config))}
      accountItem={<AccountNavItem />}
      sidebar={<DashboardSidebar />}
      bottomMenu={<DashboardBottomMenu />}
      logoTarget={config.text("navigation", "logo_link", "/")}
      siteName={config.text("site", "name", "")}
      notice={<SiteCookieConsent />}
    >
      {children}
    </AppShell>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <CookieConsentProvider initial={loaderData.cookieConsent}>
      <SessionProvider initial={loaderData.session}>
        <TagLibrary src={loaderData.tagManagerUrl} />
        <SessionTrackers />
        <AnalyticsSetup />
        <MasqueradeBanner />
        <ConsentGate />
        <SiteShell>
          <Outlet />
        </SiteShell>
      </SessionProvider>
    </CookieConsentProvider>
  );
}

const errorMessages = defineMessages({
  notFound: { id: "error.notFound.title", defaultMessage: "Page not found" },
  notFoundText: { id: "error.notFound.text", defaultMessage: "The page you asked for does not exist or has moved." },
  forbidden: { id: "error.forbidden.title", defaultMessage: "Access denied" },
  forbiddenText: {
    id: "error.forbidden.text",
    defaultMessage: "You do not have access to this page. Log in with an account that has.",
  },
  error: { id: "error.other.documentTitle", defaultMessage: "Error" },
  errorHeading: { id: "error.other.title", defaultMessage: "Something went wrong" },
  errorText: { id: "error.other.text", defaultMessage: "The page could not be shown. Please try again in a moment." },
  gone: { id: "error.gone.title", defaultMessage: "Page gone" },
  goneHeading: { id: "error.gone.heading", defaultMessage: "This page is gone" },
  goneText: { id: "error.gone.text", defaultMessage: "The page you asked for is no longer available." },
});

function errorCopy(error: unknown): {
  title: Message;
  heading: Message;
  text: Message;
} {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      title: errorMessages.notFound,
      heading: errorMessages.notFound,
      text: errorMessages.notFoundText,
    };
  }
  if (isRouteErrorResponse(error) && error.status === 410) {
    return {
      title: errorMessages.gone,
      heading: errorMessages.goneHeading,
      text: errorMessages.goneText,
    };
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return {
      title: errorMessages.forbidden,
      heading: errorMessages.forbidden,
      text: errorMessages.forbiddenText,
    };
  }
  return {
    title: errorMessages.error,
    heading: errorMessages.errorHeading,
    text: errorMessages.errorText,
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const intl = useIntl();
  const copy = errorCopy(error);
  useEffect(() => {
    // a page that broke is news for the operators; a 404 or a 403 is not
    if (!isRouteErrorResponse(error)) logClientError("render", error);
  }, [error]);
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const gone = isRouteErrorResponse(error) && (error.status === 404 || error.status === 410);
  return (
    <CookieConsentProvider initial={rootData?.cookieConsent ?? null}>
      <SessionProvider initial={rootData?.session ?? null}>
        <SiteShell>
          <title>{documentTitle(intl, copy.title)}</title>
          <Title order={1}>{intl.formatMessage(copy.heading)}</Title>
          <Text mt="md">{intl.formatMessage(copy.text)}</Text>
          {gone ? (
            <LazyApolloProvider needed>
              <Suspense fallback={null}>
                <NotFoundHelp pathname={pathname} />
              </Suspense>
            </LazyApolloProvider>
          ) : null}
        </SiteShell>
      </SessionProvider>
    </CookieConsentProvider>
  );
}
