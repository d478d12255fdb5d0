import { redirectTo } from "~/lib/redirect";
import { SIGN_UP_TITLE, SignUpPage } from "~/features/identity/SignUpPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { serverEnv } from "~/env.server";
import { sessionOf, socialProviders } from "~/lib/session.server";
import type { Route } from "./+types/user-register";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), SIGN_UP_TITLE) }];
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await sessionOf(request)) throw redirectTo("/");
  const params = new URL(request.url).searchParams;
  const role = params.get("role");
  const env = serverEnv();
  const providers = socialProviders();
  // Back from a provider whose new account needs the registration consents first (Auth.js's
  // signIn callback): the page says so and names the provider to continue with.
  const consentFor =
    params.get("error") === "ConsentRequired"
      ? (providers.find((provider) => provider.id === params.get("provider")) ?? null)
      : null;
  return {
    captcha:
      env.CAPTCHA_SCRIPT_URL && env.CAPTCHA_SITE_KEY
        ? { scriptUrl: env.CAPTCHA_SCRIPT_URL, siteKey: env.CAPTCHA_SITE_KEY }
        : null,
    providers,
    consentFor,
    initialRole:
      role === "recruiter" ? ("recruiter" as const) : ("applicant" as const),
  };
}

export default function UserRegisterRoute({
  loaderData,
}: Route.ComponentProps) {
  return <SignUpPage {...loaderData} />;
}
