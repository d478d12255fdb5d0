import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { APP_CONFIG } from "~/lib/app-config";
import { redirectTo } from "~/lib/redirect";
import { FEATURE_DEFAULTS, type SiteFeatures, siteFeatures } from "~/lib/site-features";
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
 * Spec 2: with the resume feature off, the applicant's resume pages (/resume and beneath it)
 * go permanently to /404, in the request's locale. The web server answers this for the page
 * itself (server/redirects.ts); this guard answers it for a page's data requests too.
 */
export async function requireResumeFeature(request: Request): Promise<SiteFeatures> {
  const features = await requestSiteFeatures(request);
  if (!features.resume) throw redirectTo(localizeForRequest(request, "/404"), 301);
  return features;
}
