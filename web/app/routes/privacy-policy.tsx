import { PRIVACY_POLICY_TITLE, PrivacyPolicyPage } from "~/features/consent/PrivacyPolicyPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/privacy-policy";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), PRIVACY_POLICY_TITLE) }];
}

export default function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage />;
}
