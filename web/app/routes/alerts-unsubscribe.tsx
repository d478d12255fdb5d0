import { useSearchParams } from "react-router";
import { UNSUBSCRIBE_ALERT_TITLE, UnsubscribeAlertPage } from "~/features/alerts/AlertLinkPages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/alerts-unsubscribe";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), UNSUBSCRIBE_ALERT_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function AlertsUnsubscribeAlertPageRoute() {
  const [params] = useSearchParams();
  return <UnsubscribeAlertPage token={params.get("token")} />;
}
