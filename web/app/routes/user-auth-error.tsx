import { AUTH_ERROR_TITLE, AuthErrorPage } from "~/features/identity/AuthErrorPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/user-auth-error";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), AUTH_ERROR_TITLE) }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { error: new URL(request.url).searchParams.get("error") };
}

export default function UserAuthErrorRoute({ loaderData }: Route.ComponentProps) {
  return <AuthErrorPage error={loaderData.error} />;
}
