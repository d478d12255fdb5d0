import { CONTACT_REQUESTS_TITLE, ContactRequestsPage } from "~/features/resumes/contacts/ContactRequestsPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import { requireResumeFeature } from "~/lib/site-features.server";
import type { Route } from "./+types/resume-contact-requests";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), CONTACT_REQUESTS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** The page the contact request mails link to: the applicant's own requests (spec 2: none with the resume feature off). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireResumeFeature(request);
  await requireSession(request);
  return null;
}

export default function ResumeContactRequestsRoute() {
  return <ContactRequestsPage />;
}
