import {
  RECRUITER_APPLICATIONS_TITLE,
  RecruiterApplicationsPage,
} from "~/features/applications/RecruiterApplicationsPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/recruiter-applications";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), RECRUITER_APPLICATIONS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Spec 2: visitors go to /user/login; recruiters see their organization's pipeline. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function RecruiterApplicationsRoute() {
  return <RecruiterApplicationsPage />;
}
