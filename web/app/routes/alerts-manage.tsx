import { useSearchParams } from "react-router";
import { MANAGE_ALERTS_TITLE, ManageAlertsPage } from "~/features/alerts/AlertLinkPages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/alerts-manage";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), MANAGE_ALERTS_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function AlertsManageAlertsPageRoute() {
  const [params] = useSearchParams();
  return <ManageAlertsPage token={params.get("token")} />;
}
