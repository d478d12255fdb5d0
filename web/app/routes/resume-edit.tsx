import { RESUME_EDIT_TITLE, ResumeEditPage } from "~/features/resumes/wizard/ResumeEditPage";
import { keepsAResume } from "~/features/resumes/wizard/access";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-edit";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), RESUME_EDIT_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => keepsAResume(user.roles));
  return null;
}

export default function ResumeEditRoute() {
  return <ResumeEditPage />;
}
