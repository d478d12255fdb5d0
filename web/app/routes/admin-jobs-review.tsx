import { isAdminLike } from "~/features/identity/roles";
import { JobsReviewPage } from "~/features/jobs/JobsReviewPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-jobs-review";

export function meta() {
  return [
    { title: "Jobs to review | Jobboard" },
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
