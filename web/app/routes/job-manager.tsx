import { hasRecruiterAccess } from "~/features/identity/roles";
import { JobManagerPage } from "~/features/jobs/JobManagerPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/job-manager";

export function meta() {
  return [
    { title: "Job manager | Jobboard" },
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
