import { OrganizationActivity } from "~/features/analytics/OrganizationActivity";
import { DashboardPage } from "~/features/identity/DashboardPage";
import { RecommendedJobs } from "~/features/jobs/RecommendedJobs";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [
    { title: "Dashboard | Jobboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function DashboardRoute() {
  return (
    <DashboardPage
      organizationActivity={(organizationId) => <OrganizationActivity organizationId={organizationId} />}
      recommendations={(jobId) => <RecommendedJobs jobId={jobId} />}
    />
  );
}
