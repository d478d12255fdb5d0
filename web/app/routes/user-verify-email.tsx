import { useSearchParams } from "react-router";
import { VERIFY_EMAIL_TITLE, VerifyEmailPage } from "~/features/identity/VerifyEmailPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/user-verify-email";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), VERIFY_EMAIL_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function UserVerifyEmailRoute() {
  const [params] = useSearchParams();
  return <VerifyEmailPage token={params.get("token")} />;
}
