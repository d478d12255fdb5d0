import { CONTACT_REQUESTS_TITLE, ContactRequestsPage } from "~/features/resumes/contacts/ContactRequestsPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-contact-requests";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), CONTACT_REQUESTS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The page the contact request mails link to: the applicant's own requests. With the resume
 * feature off the root loader has already sent the request to /404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function ResumeContactRequestsRoute() {
  return <ContactRequestsPage />;
}
