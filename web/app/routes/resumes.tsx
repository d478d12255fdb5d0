import { hasRecruiterAccess } from "~/features/identity/roles";
import { ResumeSearchPage } from "~/features/resumes/ResumeSearchPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resumes";

export function meta() {
  return [{ title: "Search resumes | Jobboard" }];
}

/** Spec 6: recruiters search resumes; visitors are sent to log in, applicants are refused. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function ResumesRoute() {
  return <ResumeSearchPage />;
}
