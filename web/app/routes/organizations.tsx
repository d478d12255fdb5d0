import { data } from "react-router";
import { serverEnv } from "~/env.server";
import { loadOrganizationSearch, outcomeStatus } from "~/features/search/load-search";
import { ORGANIZATION_SEARCH_TITLE, OrganizationSearchPage } from "~/features/search/OrganizationSearchPage";
import { searchMetaDescriptors } from "~/features/search/search-meta";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import type { Route } from "./+types/organizations";
import { localeLinks } from "~/lib/locale-links";

/** /organizations: the search runs in the loader, so the first paint has the organizations. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadOrganizationSearch(requestApolloClient(request), new URL(request.url));
  const origin = new URL(serverEnv().AUTH_URL).origin;
  return data({ ...page, origin }, { status: outcomeStatus(page.outcome) });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { outcome, state, origin } = loaderData;
  const metadata = outcome.kind === "results" ? outcome.results.metadata : null;
  const descriptors = searchMetaDescriptors({
    metatags: metadata?.metatags ?? [],
    noindex: metadata ? metadata.noindex : true,
    fallbackTitle: documentTitle(routeIntl(matches), ORGANIZATION_SEARCH_TITLE),
    origin,
    canonicalPath: `/organizations${state.page > 1 ? `?page=${state.page}` : ""}`,
  });
  return localeLinks(descriptors, matches);
}

export default function OrganizationsRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationSearchPage data={loaderData} />;
}
