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
  const params = new URL(request.url).searchParams;
  // Auth.js names it callbackUrl (unknown provider); the site names it destination.
  const destination = params.get("destination") ?? params.get("callbackUrl");
  // Already signed in: straight on to where the visitor was going.
  if (await sessionOf(request)) throw redirectTo(safeDestination(destination));
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
