import { useSearchParams } from "react-router";
import { CONFIRM_ALERT_TITLE, ConfirmAlertPage } from "~/features/alerts/AlertLinkPages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/alerts-confirm";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), CONFIRM_ALERT_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function AlertsConfirmAlertPageRoute() {
  const [params] = useSearchParams();
  return <ConfirmAlertPage token={params.get("token")} />;
}
