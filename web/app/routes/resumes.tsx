import { data } from "react-router";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { loadResumeSearch, resumeOutcomeStatus } from "~/features/resumes/load-resume-search";
import { RESUME_SEARCH_TITLE, ResumeSearchPage } from "~/features/resumes/ResumeSearchPage";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resumes";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), RESUME_SEARCH_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * Spec 6: recruiters (and administrators) search resumes; visitors are sent to log in,
 * applicants are refused. The search runs here, like /jobs, so the first paint has the results.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  const page = await loadResumeSearch(requestApolloClient(request), new URL(request.url));
  return data(page, { status: resumeOutcomeStatus(page.outcome) });
}

export default function ResumesRoute({ loaderData }: Route.ComponentProps) {
  return <ResumeSearchPage data={loaderData} />;
}
