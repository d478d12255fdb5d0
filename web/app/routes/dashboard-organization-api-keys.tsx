import { hasRecruiterAccess } from "~/features/identity/roles";
import { API_KEYS_TITLE, OrganizationApiKeysPage } from "~/features/organizations/dashboard/OrganizationApiKeysPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization-api-keys";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), API_KEYS_TITLE) }, { name: "robots", content: "noindex" }];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return { id: params.id };
}

export default function DashboardOrganizationApiKeysRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationApiKeysPage key={loaderData.id} id={loaderData.id} />;
}
