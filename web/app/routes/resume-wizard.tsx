import { keepsAResume } from "~/features/resumes/wizard/access";
import { RESUME_STEPS } from "~/features/resumes/wizard/resume-form";
import { redirectTo } from "~/lib/redirect";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-wizard";

/** /resume/wizard starts at the first step (after the session check, so visitors log in first). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => keepsAResume(user.roles));
  const url = new URL(request.url);
  const prefix = url.pathname.replace(/\/+$/, "");
  // the path as asked (a locale's prefix and translated name kept), plus the first step's name
  return redirectTo(`${prefix}/${RESUME_STEPS[0]}${url.search}`);
}

export default function ResumeWizardRoute() {
  return null;
}
