import { isAdminLike } from "~/features/identity/roles";
import { MASQUERADE_TITLE, MasqueradePage } from "~/features/identity/MasqueradePage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-masquerade";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), MASQUERADE_TITLE) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminMasqueradeRoute() {
  return <MasqueradePage />;
}
