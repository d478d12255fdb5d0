import { hasRecruiterAccess } from "~/features/identity/roles";
import { OrganizationWebhooksPage, WEBHOOKS_TITLE } from "~/features/organizations/dashboard/OrganizationWebhooksPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization-webhooks";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), WEBHOOKS_TITLE) }, { name: "robots", content: "noindex" }];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return { id: params.id };
}

export default function DashboardOrganizationWebhooksRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationWebhooksPage key={loaderData.id} id={loaderData.id} />;
}
