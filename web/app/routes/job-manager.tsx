import { hasRecruiterAccess } from "~/features/identity/roles";
import { JOB_MANAGER_TITLE, JobManagerPage } from "~/features/jobs/JobManagerPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/job-manager";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), JOB_MANAGER_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Recruiter-type users only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function JobManagerRoute() {
  return <JobManagerPage />;
}
