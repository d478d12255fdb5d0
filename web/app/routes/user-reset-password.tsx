import { useSearchParams } from "react-router";
import { RESET_PASSWORD_TITLE, ResetPasswordPage } from "~/features/identity/PasswordPages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/user-reset-password";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), RESET_PASSWORD_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function UserResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordPage token={params.get("token")} />;
}
