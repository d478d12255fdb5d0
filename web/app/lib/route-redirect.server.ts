import { redirect } from "react-router";
import { graphql } from "~/lib/graphql/generated/gql";
import { requestApolloClient } from "~/lib/apollo/request-client.server";

export const ROUTE_ANSWER = graphql(`
  query RouteAnswer($slug: String!) {
    route(slug: $slug) {
      __typename
      ... on RedirectResponse {
        code
        target
      }
    }
  }
`);

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

/**
 * When a page's owner does not know its path, search's slug index may: a path a job or a
 * profile had before redirects to its current one (ADR 0015). The redirect for `path` (the
 * request's query kept), or null for content, an error answer or a failing search.
 */
export async function formerPathRedirect(request: Request, path: string): Promise<Response | null> {
  try {
    const { data: answer } = await requestApolloClient(request).query({
      query: ROUTE_ANSWER,
      variables: { slug: path },
      fetchPolicy: "no-cache",
    });
    const route = answer?.route;
    if (route?.__typename !== "RedirectResponse" || !route.target.startsWith("/") || route.target.startsWith("//")) {
      return null;
    }
    const status = REDIRECT_CODES.has(route.code) ? route.code : 301;
    return redirect(`${route.target}${new URL(request.url).search}`, status);
  } catch {
    return null;
  }
}
