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
import type { IntlShape } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";

/** /organizations: the search runs in the loader, so the first paint has the organizations. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadOrganizationSearch(requestApolloClient(request), new URL(request.url));
  const origin = new URL(serverEnv().AUTH_URL).origin;
  return data({ ...page, origin }, { status: outcomeStatus(page.outcome) });
}

const messages = defineMessages({
  description: {
    id: "search.organizations.meta.description",
    defaultMessage: "The organizations hiring here: their profiles, open positions, benefits and how they work.",
  },
  descriptionCount: {
    id: "search.organizations.meta.description.count",
    defaultMessage:
      "{total, plural, one {# organization} other {# organizations}} hiring here: their profiles, open positions, benefits and how they work.",
  },
});

/** What the organization directory says of itself (its meta description). */
export function organizationSearchDescription(total: number | null, intl: IntlShape = SITE_INTL): string {
  return total === null ? intl.formatMessage(messages.description) : intl.formatMessage(messages.descriptionCount, { total });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { outcome, state, origin } = loaderData;
  const results = outcome.kind === "results" ? outcome.results : null;
  const metadata = results?.metadata ?? null;
  const intl = routeIntl(matches);
  const descriptors = searchMetaDescriptors({
    metatags: metadata?.metatags ?? [],
    noindex: metadata ? metadata.noindex : true,
    fallbackTitle: documentTitle(intl, ORGANIZATION_SEARCH_TITLE),
    fallbackDescription: organizationSearchDescription(results?.total ?? null, intl),
    origin,
    canonicalPath: `/organizations${state.page > 1 ? `?page=${state.page}` : ""}`,
  });
  return localeLinks(descriptors, matches);
}

export default function OrganizationsRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationSearchPage data={loaderData} />;
}
