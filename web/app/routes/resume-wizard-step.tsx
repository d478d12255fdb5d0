import { data } from "react-router";
import { keepsAResume } from "~/features/resumes/wizard/access";
import { isResumeStep } from "~/features/resumes/wizard/resume-form";
import { RESUME_WIZARD_TITLE, ResumeWizardPage } from "~/features/resumes/wizard/ResumeWizardPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-wizard-step";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), RESUME_WIZARD_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** /resume/wizard/<step>: one of the wizard's steps; another name is not a page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => keepsAResume(user.roles));
  if (!isResumeStep(params.step)) throw data(null, { status: 404 });
  return { step: params.step };
}

export default function ResumeWizardStepRoute({ loaderData }: Route.ComponentProps) {
  return <ResumeWizardPage key={loaderData.step} step={loaderData.step} />;
}
