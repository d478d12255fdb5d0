import { data } from "react-router";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { RESUME_ALERT } from "~/features/resumes/alerts/documents";
import { RESUME_ALERT_EDIT_TITLE, ResumeAlertEditPage } from "~/features/resumes/alerts/ResumeAlertEditPage";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-alert-edit";

/** Resume alert ids are UUIDs: anything else (a mistyped path) is no alert. */
const ALERT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), RESUME_ALERT_EDIT_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * /resume-alert/edit/{id} (spec 2): the recruiter's own saved resume search. Visitors log in,
 * applicants are refused; someone else's alert, an unknown id or a site without saved resume
 * searches (the API answers null) is 404. With the resume feature off the root sends the page to
 * /404 (resumeGate).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  if (!ALERT_ID.test(params.id)) throw data(null, { status: 404 });
  const { data: answer } = await requestApolloClient(request).query({
    query: RESUME_ALERT,
    variables: { id: params.id },
    fetchPolicy: "no-cache",
  });
  const alert = answer?.resumeAlert;
  if (!alert) throw data(null, { status: 404 });
  return { alert };
}

export default function ResumeAlertEditRoute({ loaderData }: Route.ComponentProps) {
  return <ResumeAlertEditPage key={loaderData.alert.id} alert={loaderData.alert} />;
}
