import { ImportResumePage, messages } from "~/features/resumes/import/ImportResumePage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-wizard-import";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), messages.title) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function ResumeWizardImportRoute() {
  return <ImportResumePage />;
}
