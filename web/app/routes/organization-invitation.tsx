import { AcceptInvitationPage, INVITATION_TITLE } from "~/features/organizations/invitation/AcceptInvitationPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/organization-invitation";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), INVITATION_TITLE) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export default function OrganizationInvitationRoute({ loaderData }: Route.ComponentProps) {
  return <AcceptInvitationPage token={loaderData.token} />;
}
