import { hasRecruiterAccess } from "~/features/identity/roles";
import { MY_PRODUCTS_TITLE, MyProductsPage } from "~/features/billing/MyProductsPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/my-products";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), MY_PRODUCTS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

/** Spec 6: recruiter-type users see credits; visitors log in, applicants are refused. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => hasRecruiterAccess(user.roles));
  return null;
}

export default function MyProductsRoute() {
  return <MyProductsPage />;
}
