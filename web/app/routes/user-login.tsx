import { LOGIN_TITLE, LoginPage } from "~/features/identity/LoginPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { safeDestination } from "~/features/identity/destinations";
import { sessionOf, socialProviders } from "~/lib/session.server";
import { redirectTo } from "~/lib/redirect";
import type { Route } from "./+types/user-login";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), LOGIN_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  // Auth.js names it callbackUrl (unknown provider); the site names it destination. Only a path
  // on this site is kept (ADR 0022), so neither the redirect nor the page's navigation leaves it.
  const destination = safeDestination(params.get("destination") ?? params.get("callbackUrl"), url.origin);
  // Already signed in: straight on to where the visitor was going.
  if (await sessionOf(request)) throw redirectTo(destination);
  return {
    providers: socialProviders(),
    destination,
    error: params.get("error"),
    code: params.get("code"),
  };
}

export default function UserLoginRoute({ loaderData }: Route.ComponentProps) {
  return <LoginPage {...loaderData} />;
}
