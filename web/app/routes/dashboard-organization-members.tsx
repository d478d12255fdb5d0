import { hasRecruiterAccess } from "~/features/identity/roles";
import { OrganizationMembersPage } from "~/features/organizations/dashboard/OrganizationMembersPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization-members";

export function meta() {
  return [{ title: "Organization members | Jobboard" }, { name: "robots", content: "noindex" }];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return { id: params.id };
}

export default function DashboardOrganizationMembersRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationMembersPage key={loaderData.id} id={loaderData.id} />;
}
