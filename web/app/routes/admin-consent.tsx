import { CONSENT_ADMIN_TITLE, ConsentAdminPage } from "~/features/consent/ConsentAdminPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { isAdminLike } from "~/features/identity/roles";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-consent";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), CONSENT_ADMIN_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Administrators only: the GDPR consent texts and their revisions. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminConsentRoute() {
  return <ConsentAdminPage />;
}
