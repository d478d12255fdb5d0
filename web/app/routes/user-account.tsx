import { Stack } from "@mantine/core";
import { MyJobAlerts } from "~/features/alerts/MyJobAlerts";
import { ACCOUNT_TITLE, AccountPage } from "~/features/identity/AccountPage";
import { clientRole } from "~/features/identity/roles";
import { useSession } from "~/features/identity/session";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/user-account";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), ACCOUNT_TITLE) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function UserAccountRoute() {
  const session = useSession();
  // job alerts are the applicants' (a recruiter's account has no search to save)
  const applicant = clientRole(session.data?.user.roles) === "APPLICANT";
  return (
    <Stack gap="xl">
      <AccountPage />
      {applicant ? <MyJobAlerts /> : null}
    </Stack>
  );
}
