import { data, redirect } from "react-router";
import { serverEnv } from "~/env.server";
import { APPLY_JOB } from "~/features/applications/documents";
import {
  LinkApplyPage,
  NotOpenPage,
} from "~/features/applications/ApplyElsewhere";
import { QuickApplyPage } from "~/features/applications/QuickApplyPage";
import {
  isStep,
  splitName,
  stepPath,
} from "~/features/applications/quick-apply";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { defineMessages } from "~/lib/i18n/define-messages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { sessionOf } from "~/lib/session.server";
import type { Route } from "./+types/job-apply";

const messages = defineMessages({
  apply: { id: "applications.apply.documentTitle", defaultMessage: "Apply" },
  applyFor: { id: "applications.apply.documentTitle.job", defaultMessage: "Apply: {title}" },
});

/**
 * /job/{slug}/apply/{step}: quick apply for ON_SITE (and EMAIL) jobs; a LINK job's apply button
 * goes to its applicationLink. Visitors and signed-in applicants alike; a signed-in applicant's
 * name and address are prefilled.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isStep(params.step)) throw redirect(stepPath(params.slug, "basic-info"));
  const { data: answer } = await requestApolloClient(request).query({
    query: APPLY_JOB,
    variables: { slug: params.slug },
    fetchPolicy: "no-cache",
  });
  const job = answer?.job;
  if (!job) throw data(null, { status: 404 });
  if (job.slug !== params.slug)
    throw redirect(stepPath(job.slug, params.step), 301);
  const session = await sessionOf(request);
  const env = serverEnv();
  return {
    job,
    step: params.step,
    open: job.state === "PUBLISHED" || params.step === "success",
    prefill: session
      ? { ...splitName(session.user.name), emailAddress: session.user.email }
      : {},
    captcha:
      env.CAPTCHA_SCRIPT_URL && env.CAPTCHA_SITE_KEY
        ? { scriptUrl: env.CAPTCHA_SCRIPT_URL, siteKey: env.CAPTCHA_SITE_KEY }
        : null,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const intl = routeIntl(matches);
  return [
    {
      title: loaderData
        ? documentTitle(intl, messages.applyFor, { title: loaderData.job.title })
        : documentTitle(intl, messages.apply),
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function JobApplyRoute({ loaderData }: Route.ComponentProps) {
  const { job, step, open, prefill, captcha } = loaderData;
  if (!open) return <NotOpenPage job={job} />;
  if (job.applicationWorkflow === "LINK") return <LinkApplyPage job={job} />;
  return (
    <QuickApplyPage job={job} step={step} prefill={prefill} captcha={captcha} />
  );
}
