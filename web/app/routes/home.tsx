import { HOME_META, HomePage } from "~/features/home/HomePage";
import { loadHome } from "~/features/home/load-home";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/home";
import type { ApolloHandle } from "~/lib/apollo/lazy-client";

/** `/`: the counts, jobs, organizations and categories are read here, so the first paint is a live board. */
// Rendered from the loader's data: the browser hydrates it without Apollo (lib/apollo/lazy-client).
export const handle: ApolloHandle = { hydratesWithoutApollo: true };

export async function loader({ request }: Route.LoaderArgs) {
  return loadHome(requestApolloClient(request));
}

export function meta({ matches }: Route.MetaArgs) {
  const intl = routeIntl(matches);
  return [
    { title: intl.formatMessage(HOME_META.title) },
    { name: "description", content: intl.formatMessage(HOME_META.description) },
  ];
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
