import { data, redirect } from "react-router";
import { serverEnv } from "~/env.server";
import { AppliedNotice } from "~/features/applications/AppliedNotice";
import { JOB_BY_SLUG, type JobView } from "~/features/jobs/documents";
import { isGone } from "~/features/jobs/job-format";
import { GONE_JOB_TITLE, GoneJobPage, JobPage } from "~/features/jobs/JobPage";
import { loadSimilarJobs } from "~/features/jobs/similar-jobs";
import { JobAlertPrompt, type PromptJob } from "~/features/search/JobAlertPrompt";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { unlessUnavailable } from "~/lib/apollo/unavailable.server";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { metaDescriptors } from "~/lib/metatags";
import { resolveRoute, unknownPathResponse } from "~/lib/route-answer";
import { sessionOf } from "~/lib/session.server";
import { localizeForRequest } from "~/lib/site-locales.server";
import { reportVisit } from "~/lib/visits.server";
import type { Route } from "./+types/job";
import { localeLinks } from "~/lib/locale-links";
import type { ApolloHandle } from "~/lib/apollo/lazy-client";

/**
 * /job/{slug}: a former slug is a 301 to the current one (jobs knows its own; else search's
 * slug index may), a slug neither knows the error page with route's code (404), an expired or
 * archived job a 410 with noindex and no JSON-LD.
 */
// Rendered from the loader's data: the browser hydrates it without Apollo (lib/apollo/lazy-client).
export const handle: ApolloHandle = { hydratesWithoutApollo: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = requestApolloClient(request);
  const { data: answer } = await client.query({
    query: JOB_BY_SLUG,
    variables: { slug: params.slug },
    fetchPolicy: "no-cache",
  });
  const job = answer?.job;
  if (!job) {
    const path = `/job/${params.slug}`;
    throw unlessUnavailable(unknownPathResponse(await resolveRoute(client, path), request, path, (target) =>
      localizeForRequest(request, target),
    ));
  }
  if (job.slug !== params.slug) {
    throw redirect(localizeForRequest(request, `/job/${encodeURIComponent(job.slug)}${new URL(request.url).search}`), 301);
  }
  const origin = new URL(serverEnv().AUTH_URL).origin;
  // server-rendered with the page; a gone job's page offers them too (UI.md)
  const similarJobs = await loadSimilarJobs(client, job.id);
  if (isGone(job.state)) {
    return data({ job, origin, signedIn: false, gone: true as const, similarJobs }, { status: 410 });
  }
  // counted for the recruiter's figures whatever the visitor's consent (ADR 0037); never awaited
  void reportVisit(request, "job", job.id);
  // signed in: the bookmark button toggles (job.bookmarked is the caller's); else it leads away
  const signedIn = (await sessionOf(request)) !== null;
  const env = serverEnv();
  // visitors answer the captcha to report a job (signed-in reporters do not)
  const captcha =
    env.CAPTCHA_SCRIPT_URL && env.CAPTCHA_SITE_KEY ? { scriptUrl: env.CAPTCHA_SCRIPT_URL, siteKey: env.CAPTCHA_SITE_KEY } : null;
  return { job, origin, signedIn, gone: false as const, similarJobs, captcha };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { job, gone } = loaderData;
  const intl = routeIntl(matches);
  if (gone) {
    return [
      { title: documentTitle(intl, GONE_JOB_TITLE, { title: job.title }) },
      { name: "robots", content: "noindex" },
    ];
  }
  return localeLinks(metaDescriptors(job.metatags, documentTitle(intl, job.title), loaderData.origin), matches);
}

export default function JobRoute({ loaderData }: Route.ComponentProps) {
  const { job, origin, signedIn, gone, similarJobs } = loaderData;
  const captcha = gone ? null : loaderData.captcha;
  if (gone) {
    return (
      <GoneJobPage title={job.title} organizationSlug={job.organizationProfile?.slug} similarJobs={similarJobs} />
    );
  }
  return (
    <JobPage
      job={job}
      origin={origin}
      bookmarked={job.bookmarked ?? false}
      appliedNotice={job.myApplication ? <AppliedNotice application={job.myApplication} /> : null}
      signedIn={signedIn}
      similarJobs={similarJobs}
      captcha={captcha}
      alertPrompt={<JobAlertPrompt job={promptJob(job)} signedIn={signedIn} captcha={captcha} />}
    />
  );
}

/** What the job alert prompt needs of the job: its occupations and its first place on the map. */
function promptJob(job: JobView): PromptJob {
  const address = job.locations.find(
    (location) => location.address?.lat != null && location.address.lon != null,
  )?.address;
  return {
    id: job.id,
    type: job.type,
    organizationId: job.organization?.id ?? null,
    occupations: job.occupationalField,
    place:
      address?.lat != null && address.lon != null
        ? { label: address.locality ?? "", lat: address.lat, lon: address.lon }
        : null,
  };
}
