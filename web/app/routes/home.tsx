import { HOME_META, HomePage } from "~/features/home/HomePage";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const intl = routeIntl(matches);
  return [
    { title: intl.formatMessage(HOME_META.title) },
    { name: "description", content: intl.formatMessage(HOME_META.description) },
  ];
}

export default function HomeRoute() {
  return <HomePage />;
}
