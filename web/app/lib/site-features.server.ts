import { data } from "react-router";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { APP_CONFIG } from "~/lib/app-config";
import { redirectTo } from "~/lib/redirect";
import { FEATURE_DEFAULTS, resumeGate, type SiteFeatures, siteFeatures } from "~/lib/site-features";
import { localizeForRequest } from "~/lib/site-locales.server";

/**
 * The site's feature flags for a loader (getAppConfig through the request's client). When the
 * gateway cannot answer, the platform's defaults: a page's guard never fails a request for it.
 */
export async function requestSiteFeatures(request: Request): Promise<SiteFeatures> {
  try {
    const { data } = await requestApolloClient(request).query({ query: APP_CONFIG });
    return siteFeatures(data?.getAppConfig ?? []);
  } catch {
    return FEATURE_DEFAULTS;
  }
}

/**
 * The root loader's guard of the resume pages (`resumeGate`), for the page pattern a request
 * matched: with the resume feature off, a permanent redirect to /404 in the request's locale,
 * or a 404. The web server answers the redirects of documents before any page renders
 * (server/redirects.ts); this answers them for the pages' data requests (client navigation)
 * too. Other pages do not ask for the configuration.
 */
export async function guardResumePages(request: Request, pattern: string): Promise<void> {
  const gate = resumeGate(pattern);
  if (gate === null) return;
  const features = await requestSiteFeatures(request);
  if (features.resume) return;
  if (gate === "moved-to-404") throw redirectTo(localizeForRequest(request, "/404"), 301);
  throw data(null, { status: 404 });
}
