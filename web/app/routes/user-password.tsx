import { FORGOT_PASSWORD_TITLE, ForgotPasswordPage } from "~/features/identity/PasswordPages";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/user-password";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), FORGOT_PASSWORD_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function UserPasswordRoute() {
  return <ForgotPasswordPage />;
}
