import { ACCOUNT_TITLE, AccountPage } from "~/features/identity/AccountPage";
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
  return <AccountPage />;
}
