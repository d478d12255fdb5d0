import { hasRecruiterAccess } from "~/features/identity/roles";
import { RESUME_SEARCH_TITLE, ResumeSearchPage } from "~/features/resumes/ResumeSearchPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resumes";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), RESUME_SEARCH_TITLE) }];
}

/** Spec 6: recruiters search resumes; visitors are sent to log in, applicants are refused. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function ResumesRoute() {
  return <ResumeSearchPage />;
}
