import { Button, Group, Stack } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { OrganizationActivity } from "~/features/analytics/OrganizationActivity";
import { CreditsWidget } from "~/features/billing/MyProductsPage";
import { MENU_LABELS } from "~/features/identity/menu-labels";
import { hasRecruiterAccess } from "~/features/identity/roles";
import { usePosterOrganizations } from "~/features/jobs/poster-organizations";
import { ActiveOrganizationSwitch } from "~/features/organizations/dashboard/ActiveOrganizationSwitch";
import {
  ORGANIZATION_LIST_TITLE,
  OrganizationListPage,
} from "~/features/organizations/dashboard/OrganizationListPage";
import { defineMessages } from "~/lib/i18n/define-messages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/dashboard-organization";

const messages = defineMessages({
  actions: { id: "organizations.dashboard.actions", defaultMessage: "Recruiter actions" },
});

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), ORGANIZATION_LIST_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Recruiter-type users only: visitors are sent to log in, applicants are refused. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function DashboardOrganizationRoute() {
  const intl = useIntl();
  const organizations = usePosterOrganizations();
  const active = organizations.options.find(
    (option) => option.value === organizations.activeId,
  );
  return (
    <Stack gap="md">
      <Group gap="sm" component="nav" aria-label={intl.formatMessage(messages.actions)}>
        <Button component={Link} to="/job/wizard">
          <FormattedMessage {...MENU_LABELS.postJob} />
        </Button>
        <Button component={Link} to="/job-manager" variant="default">
          <FormattedMessage {...MENU_LABELS.jobManager} />
        </Button>
      </Group>
      <ActiveOrganizationSwitch />
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
