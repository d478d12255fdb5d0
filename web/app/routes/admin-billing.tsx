import { BILLING_ADMIN_TITLE, BillingAdminPage } from "~/features/billing/BillingAdminPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { isAdminLike } from "~/features/identity/roles";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-billing";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), BILLING_ADMIN_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Administrators only: grant credits, manage subscriptions, read ledgers. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminBillingRoute() {
  return <BillingAdminPage />;
}
