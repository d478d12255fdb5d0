import { CONTACT_REQUESTS_TITLE, ContactRequestsPage } from "~/features/resumes/ContactRequestsPage";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization-contact-requests";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), CONTACT_REQUESTS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Spec 6: recruiters (and admins) follow their organization's resume contact requests. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function ContactRequestsRoute() {
  return <ContactRequestsPage />;
}
