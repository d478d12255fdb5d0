import { hasRecruiterAccess } from "~/features/identity/roles";
import { OrganizationMembersPage } from "~/features/organizations/dashboard/OrganizationMembersPage";
import { defineMessages } from "~/lib/i18n/define-messages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization-members";

const messages = defineMessages({
  title: { id: "organizations.members.documentTitle", defaultMessage: "Organization members" },
});

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), messages.title) }, { name: "robots", content: "noindex" }];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return { id: params.id };
}

export default function DashboardOrganizationMembersRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationMembersPage key={loaderData.id} id={loaderData.id} />;
}
