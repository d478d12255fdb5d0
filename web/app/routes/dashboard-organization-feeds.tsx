import { hasRecruiterAccess } from "~/features/identity/roles";
import { FEEDS_TITLE, OrganizationFeedsPage } from "~/features/organizations/dashboard/OrganizationFeedsPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization-feeds";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), FEEDS_TITLE) }, { name: "robots", content: "noindex" }];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return { id: params.id };
}

export default function DashboardOrganizationFeedsRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationFeedsPage key={loaderData.id} id={loaderData.id} />;
}
