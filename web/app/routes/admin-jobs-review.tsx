import { isAdminLike } from "~/features/identity/roles";
import { JOBS_REVIEW_TITLE, JobsReviewPage } from "~/features/jobs/JobsReviewPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-jobs-review";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), JOBS_REVIEW_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Admin-like users: the needs_review queue. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminJobsReviewRoute() {
  return <JobsReviewPage />;
}
