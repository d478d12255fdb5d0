import { BillingAdminPage } from "~/features/billing/BillingAdminPage";
import { isAdminLike } from "~/features/identity/roles";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-billing";

export function meta() {
  return [
    { title: "Billing | Jobboard" },
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
