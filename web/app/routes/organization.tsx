import { redirect } from "react-router";
import { OPEN_JOBS } from "~/features/jobs/documents";
import { OpenPositions } from "~/features/jobs/OpenPositions";
import { ORGANIZATION_PUBLIC_PROFILE } from "~/features/organizations/profile/profile-query";
import { OrganizationProfilePage } from "~/features/organizations/profile/OrganizationProfilePage";
import { offeredSocialNetworks } from "~/features/organizations/social-networks";
import { useAppConfig } from "~/lib/app-config";
import { serverEnv } from "~/env.server";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { unlessUnavailable } from "~/lib/apollo/unavailable.server";
import { lowercasePathRedirect } from "~/lib/lowercase-path";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { metaDescriptors } from "~/lib/metatags";
import { resolveRoute, unknownPathResponse } from "~/lib/route-answer";
import { ContactOrganization } from "~/features/organizations/profile/ContactForm";
import { sessionOf } from "~/lib/session.server";
import { localizeForRequest } from "~/lib/site-locales.server";
import { reportVisit } from "~/lib/visits.server";
import type { Route } from "./+types/organization";
import { localeLinks } from "~/lib/locale-links";

/**
 * The loader decides what the path shows before anything renders: a former slug is a permanent
 * redirect to the current one (organizations knows its own; else search's slug index may), a
 * slug neither knows the error page with route's code (404).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const lowercase = lowercasePathRedirect(request);
  if (lowercase) throw lowercase;
  const client = requestApolloClient(request);
  const { data: answer } = await client.query({
    query: ORGANIZATION_PUBLIC_PROFILE,
    variables: { slug: params.slug },
    fetchPolicy: "no-cache",
  });
  const profile = answer?.organizationProfile;
  if (!profile) {
    const path = `/organization/${params.slug}`;
    throw unlessUnavailable(unknownPathResponse(await resolveRoute(client, path), request, path, (target) =>
      localizeForRequest(request, target),
    ));
  }
  if (profile.slug !== params.slug) {
    throw redirect(
      localizeForRequest(request, `/organization/${encodeURIComponent(profile.slug)}${new URL(request.url).search}`),
      301,
    );
  }
  // counted for the organization's figures whatever the visitor's consent (ADR 0037)
  void reportVisit(request, "organization", profile.organization?.id);
  const env = serverEnv();
  const session = await sessionOf(request);
  return {
    profile,
    origin: new URL(env.AUTH_URL).origin,
    openJobs: await openJobsOf(request, profile.organization?.id),
    captcha: env.CAPTCHA_SCRIPT_URL && env.CAPTCHA_SITE_KEY ? { scriptUrl: env.CAPTCHA_SCRIPT_URL, siteKey: env.CAPTCHA_SITE_KEY } : null,
    prefill: session ? { name: session.user.name ?? "", email: session.user.email ?? "" } : {},
    // Spec 2: a sent contact message leads to /dashboard when logged in, to / when anonymous.
    afterContact: session ? "/dashboard" : "/",
  };
}

/** The organization's published jobs; the page still renders (with its empty state) if jobs fails. */
async function openJobsOf(request: Request, organizationId: string | undefined) {
  if (!organizationId) return [];
  try {
    const client = requestApolloClient(request);
  const { data: answer } = await client.query({
      query: OPEN_JOBS,
      variables: { organizationId, limit: 20, offset: 0 },
      fetchPolicy: "no-cache",
    });
    return answer?.openJobs.jobs ?? [];
  } catch {
    return [];
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return localeLinks(
    metaDescriptors(
      loaderData.profile.metatags,
      documentTitle(routeIntl(matches), loaderData.profile.name),
      loaderData.origin,
    ),
    matches,
  );
}

export default function OrganizationRoute({ loaderData }: Route.ComponentProps) {
  const { profile, origin, openJobs, captcha, prefill, afterContact } = loaderData;
  const { config } = useAppConfig();
  return (
    <OrganizationProfilePage
      profile={profile}
      origin={origin}
      socialNetworks={offeredSocialNetworks(config)}
      openPositions={openJobs.length > 0 ? <OpenPositions jobs={openJobs} /> : undefined}
      contact={
        profile.organization ? (
          <ContactOrganization organizationId={profile.organization.id} organizationName={profile.name} captcha={captcha} prefill={prefill} afterSent={afterContact} />
        ) : undefined
      }
    />
  );
}
