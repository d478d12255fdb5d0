import { AcceptInvitationPage } from "~/features/organizations/invitation/AcceptInvitationPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/organization-invitation";

export function meta() {
  return [{ title: "Organization invitation | Jobboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export default function OrganizationInvitationRoute({ loaderData }: Route.ComponentProps) {
  return <AcceptInvitationPage token={loaderData.token} />;
}
