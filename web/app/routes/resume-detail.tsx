import { data } from "react-router";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { RECRUITER_RESUME } from "~/features/resumes/recruiter-documents";
import { ResumeDetailPage } from "~/features/resumes/ResumeDetailPage";
import { useSiteFeatures } from "~/lib/site-features";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/resume-detail";

/** Resume ids are UUIDs: anything else (a mistyped path) is no resume. */
const RESUME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: documentTitle(routeIntl(matches), loaderData.resume.title) },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * /resume/{id} (spec 6): signed-in callers only (visitors log in); the API decides who sees the
 * resume (its applicant, admins, recruiters while it is searchable or their organization asked)
 * and answers null otherwise: 404, as for an id that is no resume. The static /resume/... pages
 * (edit, wizard, contact requests) are routes of their own and win over this one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const claims = await requireSession(request);
  if (!RESUME_ID.test(params.id)) throw data(null, { status: 404 });
  const { data: answer } = await requestApolloClient(request).query({
    query: RECRUITER_RESUME,
    variables: { id: params.id },
    fetchPolicy: "no-cache",
  });
  const resume = answer?.resume;
  if (!resume) throw data(null, { status: 404 });
  return { resume, canRequestContact: hasRecruiterAccess(claims.user.roles) };
}

export default function ResumeDetailRoute({ loaderData }: Route.ComponentProps) {
  // spec 4: asking for contact is a feature of its own (features.resume_contact)
  const features = useSiteFeatures();
  return (
    <ResumeDetailPage
      resume={loaderData.resume}
      canRequestContact={loaderData.canRequestContact && features.resume_contact}
    />
  );
}
