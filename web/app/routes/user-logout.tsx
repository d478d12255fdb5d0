import { LOGOUT_TITLE, LogoutPage } from "~/features/identity/LogoutPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/user-logout";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), LOGOUT_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function UserLogoutRoute() {
  return <LogoutPage />;
}
