import { data } from "react-router";
import { serverEnv } from "~/env.server";
import { clientRole } from "~/features/identity/roles";
import { useSession } from "~/features/identity/session";
import { jobSearchHeading, JobSearchPage } from "~/features/search/JobSearchPage";
import { jobSearchPath } from "~/features/search/job-search-params";
import { loadJobSearch, outcomeStatus } from "~/features/search/load-search";
import { searchMetaDescriptors } from "~/features/search/search-meta";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { lowercasePathRedirect } from "~/lib/lowercase-path";
import type { Route } from "./+types/jobs";

/**
 * /jobs and /jobs/{alias}[/{alias}]: the search runs here, so the first paint (and a visitor
 * without JavaScript) has the results; an unknown category path is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const lowercase = lowercasePathRedirect(request);
  if (lowercase) throw lowercase;
  const page = await loadJobSearch(requestApolloClient(request), new URL(request.url), params["*"]);
  if (!page) throw data(null, { status: 404 });
  const origin = new URL(serverEnv().AUTH_URL).origin;
  return data({ ...page, origin }, { status: outcomeStatus(page.outcome) });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { outcome, state, categories, origin } = loaderData;
  const metadata = outcome.kind === "results" ? outcome.results.metadata : null;
  const page = state.page > 1 ? `?page=${state.page}` : "";
  return searchMetaDescriptors({
    metatags: metadata?.metatags ?? [],
    noindex: metadata ? metadata.noindex : true,
    fallbackTitle: `${jobSearchHeading(state, categories)} | Jobboard`,
    origin,
    canonicalPath: `${jobSearchPath(categories)}${page}`,
  });
}

export default function JobsRoute({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const signedIn = session.status === "authenticated";
  const role = clientRole(session.data?.user.roles);
  return (
    <JobSearchPage data={loaderData} signedIn={signedIn} showBookmarks={role === "ANON" || role === "APPLICANT"} />
  );
}
