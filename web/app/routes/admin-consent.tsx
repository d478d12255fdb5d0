import { ConsentAdminPage } from "~/features/consent/ConsentAdminPage";
import { isAdminLike } from "~/features/identity/roles";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-consent";

export function meta() {
  return [
    { title: "Consent texts | Jobboard" },
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
