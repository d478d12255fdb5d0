import { Button, Group, Stack } from "@mantine/core";
import { Link } from "~/components/Link";
import { OrganizationActivity } from "~/features/analytics/OrganizationActivity";
import { CreditsWidget } from "~/features/billing/MyProductsPage";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { usePosterOrganizations } from "~/features/jobs/poster-organizations";
import { OrganizationListPage } from "~/features/organizations/dashboard/OrganizationListPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization";

export function meta() {
  return [
    { title: "My organization | Jobboard" },
    { name: "robots", content: "noindex" },
  ];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function DashboardOrganizationRoute() {
  const organizations = usePosterOrganizations();
  const active = organizations.options.find(
    (option) => option.value === organizations.activeId,
  );
  return (
    <Stack gap="md">
      <Group gap="sm" component="nav" aria-label="Recruiter actions">
        <Button component={Link} to="/job/wizard">
          Post a job
        </Button>
        <Button component={Link} to="/job-manager" variant="default">
          Job manager
        </Button>
      </Group>
      <CreditsWidget />
      {active ? (
        <OrganizationActivity
          key={active.value}
          organizationId={active.value}
          organizationName={active.label}
        />
      ) : null}
      <OrganizationListPage />
    </Stack>
  );
}
