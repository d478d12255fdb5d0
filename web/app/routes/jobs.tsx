import type { IntlShape } from "react-intl";
import { data } from "react-router";
import { serverEnv } from "~/env.server";
import { clientRole, isAdminLike } from "~/features/identity/roles";
import { useSession } from "~/features/identity/session";
import { jobSearchHeading, JobSearchPage } from "~/features/search/JobSearchPage";
import { jobSearchPath } from "~/features/search/job-search-params";
import { loadJobSearch, outcomeStatus, taxonomySegments } from "~/features/search/load-search";
import { jobSearchMetaDescriptors, jobSearchSeo } from "~/features/search/search-seo";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { sessionOf } from "~/lib/session.server";
import { unlessUnavailable } from "~/lib/apollo/unavailable.server";
import { defineMessages } from "~/lib/i18n/define-messages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { lowercasePathRedirect } from "~/lib/lowercase-path";
import { localizeForRequest } from "~/lib/site-locales.server";
import { unknownPathResponse } from "~/lib/route-answer";
import type { Route } from "./+types/jobs";
import { localeLinks } from "~/lib/locale-links";
import type { ApolloHandle } from "~/lib/apollo/lazy-client";

/**
 * /jobs and /jobs/{alias}[/{alias}]: the search runs here, so the first paint (and a visitor
 * without JavaScript) has the results; the slug index's redirect for the path wins; a path that
 * is neither a category nor a landing page is the error page with route's code (404).
 */
// Rendered from the loader's data: the browser hydrates it without Apollo (lib/apollo/lazy-client).
export const handle: ApolloHandle = { hydratesWithoutApollo: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const lowercase = lowercasePathRedirect(request);
  if (lowercase) throw lowercase;
  const url = new URL(request.url);
  // signed in: the hits carry the caller's bookmarks; a visitor's search asks none
  const signedIn = (await sessionOf(request)) !== null;
  const { page, route } = await loadJobSearch(requestApolloClient(request), url, params["*"], signedIn);
  if (!page || route?.kind === "redirect") {
    const path = jobSearchPath(taxonomySegments(params["*"]).map((alias) => ({ alias: alias.toLowerCase() })));
    throw unlessUnavailable(unknownPathResponse(route ?? { kind: "unavailable" }, request, path, (target) =>
      localizeForRequest(request, target),
    ));
  }
  const env = serverEnv();
  const origin = new URL(env.AUTH_URL).origin;
  // visitors answer the captcha to create a job alert (signed-in applicants do not)
  const captcha =
    env.CAPTCHA_SCRIPT_URL && env.CAPTCHA_SITE_KEY ? { scriptUrl: env.CAPTCHA_SCRIPT_URL, siteKey: env.CAPTCHA_SITE_KEY } : null;
  return data({ ...page, origin, captcha }, { status: outcomeStatus(page.outcome) });
}

/**
 * Spec 9 (SEO): at most 2 clean facets (path segments plus facet query values) are indexable;
 * more is noindex with the canonical at the two-facet parent; an empty page is noindex. A
 * landing page's title and description replace the search's.
 */
const messages = defineMessages({
  description: {
    id: "search.jobs.description",
    defaultMessage: "{heading}: Search by keyword, place and category, and apply in minutes.",
  },
  descriptionCount: {
    id: "search.jobs.description.count",
    defaultMessage: "{heading}: {total, number} open positions. Search by keyword, place and category, and apply in minutes.",
  },
});

/** What a search result page says of itself when no landing page describes it. */
export function jobSearchDescription(heading: string, total: number | null, intl: IntlShape = SITE_INTL): string {
  return total === null
    ? intl.formatMessage(messages.description, { heading })
    : intl.formatMessage(messages.descriptionCount, { heading, total });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const intl = routeIntl(matches);
  const { outcome, state, categories, origin, landingPage } = loaderData;
  const results = outcome.kind === "results" ? outcome.results : null;
  const seo = jobSearchSeo({
    state,
    categories,
    total: results ? results.total : null,
    apiNoindex: results?.metadata.noindex ?? true,
    landingPath: landingPage?.path,
  });
  const descriptors = jobSearchMetaDescriptors({
    seo,
    apiMetatags: results?.metadata.metatags ?? [],
    landingPage,
    fallbackTitle: documentTitle(intl, jobSearchHeading(state, categories, intl)),
    fallbackDescription: jobSearchDescription(jobSearchHeading(state, categories, intl), results?.total ?? null, intl),
    origin,
  });
  return localeLinks(descriptors, matches);
}

export default function JobsRoute({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const signedIn = session.status === "authenticated";
  const role = clientRole(session.data?.user.roles);
  return (
    <JobSearchPage
      data={loaderData}
      signedIn={signedIn}
      showBookmarks={role === "ANON" || role === "APPLICANT"}
      // updateLandingPage is declared for admin-like users only
      canEditLanding={signedIn && isAdminLike(session.data?.user.roles ?? [])}
      captcha={loaderData.captcha}
    />
  );
}
