import tiptapStyles from "@mantine/tiptap/styles.css?url";
import { hasRecruiterAccess, isAdminLike } from "~/features/identity/roles";
import { JOB_WIZARD_TITLE, JobWizardPage } from "~/features/jobs/wizard/JobWizardPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/job-wizard";

export function links() {
  return [{ rel: "stylesheet", href: tiptapStyles }];
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), JOB_WIZARD_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Recruiter-type users only; admin-like users get the richer editor toolbar (spec 5). */
export async function loader({ request }: Route.LoaderArgs) {
  const claims = await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  const url = new URL(request.url);
  return {
    jobId: url.searchParams.get("job"),
    doneId: url.searchParams.get("done"),
    richToolbar: isAdminLike(claims.user.roles),
  };
}

export default function JobWizardRoute({ loaderData }: Route.ComponentProps) {
  return <JobWizardPage key={`${loaderData.jobId ?? ""}:${loaderData.doneId ?? ""}`} {...loaderData} />;
}
