import { data, redirect } from "react-router";
import { serverEnv } from "~/env.server";
import { APPLY_JOB, APPLY_RESUME_PREFILL } from "~/features/applications/documents";
import {
  LinkApplyPage,
  NotOpenPage,
} from "~/features/applications/ApplyElsewhere";
import { QuickApplyPage } from "~/features/applications/QuickApplyPage";
import {
  isStep,
  prefillFromResume,
  splitName,
  stepPath,
  type Draft,
} from "~/features/applications/quick-apply";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { defineMessages } from "~/lib/i18n/define-messages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { SessionClaims } from "~/lib/session-claims";
import { sessionOf } from "~/lib/session.server";
import { requestSiteFeatures } from "~/lib/site-features.server";
import type { Route } from "./+types/job-apply";

const messages = defineMessages({
  apply: { id: "applications.apply.documentTitle", defaultMessage: "Apply" },
  applyFor: { id: "applications.apply.documentTitle.job", defaultMessage: "Apply: {title}" },
});

/**
 * A signed-in applicant's prefill: the account's name and address, then what their resume holds
 * (name, phone) where the site has resumes on; `resume` says they have one to apply with (ADR
 * 0033). A resume that cannot be read leaves the account's prefill: applying never fails for it.
 */
async function applicantPrefill(
  request: Request,
  session: SessionClaims | null,
): Promise<{ prefill: Partial<Draft>; resume: boolean }> {
  if (!session) return { prefill: {}, resume: false };
  const prefill = { ...splitName(session.user.name), emailAddress: session.user.email };
  if (!session.user.roles.includes("applicant")) return { prefill, resume: false };
  const features = await requestSiteFeatures(request);
  if (!features.resume) return { prefill, resume: false };
  try {
    const { data: own } = await requestApolloClient(request).query({
      query: APPLY_RESUME_PREFILL,
      fetchPolicy: "no-cache",
    });
    const resume = own?.myResume;
    if (!resume) return { prefill, resume: false };
    return { prefill: { ...prefill, ...prefillFromResume(resume) }, resume: true };
  } catch {
    return { prefill, resume: false };
  }
}

/**
 * /job/{slug}/apply/{step}: quick apply for ON_SITE (and EMAIL) jobs; a LINK job's apply button
 * goes to its applicationLink. Visitors and signed-in applicants alike; a signed-in applicant's
 * name and address are prefilled, and from their resume when they have one.
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
  const { prefill, resume } = await applicantPrefill(request, session);
  const env = serverEnv();
  return {
    job,
    step: params.step,
    open: job.state === "PUBLISHED" || params.step === "success",
    prefill,
    resume,
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
  const { job, step, open, prefill, resume, captcha } = loaderData;
  if (!open) return <NotOpenPage job={job} />;
  if (job.applicationWorkflow === "LINK") return <LinkApplyPage job={job} />;
  return (
    <QuickApplyPage
      job={job}
      step={step}
      prefill={prefill}
      resume={resume}
      captcha={captcha}
    />
  );
}
