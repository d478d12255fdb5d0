import { data, redirect } from "react-router";
import { requestApolloClient } from "~/lib/apollo/request-client.server";
import { redirectTo } from "~/lib/redirect";
import { contentPath, resolveRoute, withQuery } from "~/lib/route-answer";
import { sitePath } from "~/lib/safe-path";
import type { Route } from "./+types/router";

/**
 * Spec 2's internal routing route: /router?router=<path> asks route(path) what the path shows.
 * Content goes to its owner's page (the spec's redirect helper, 303: the page has one URL of
 * its own), a redirect answers with its code, an error is the error page with its code; search
 * not answering is a 503. Only site paths are resolved, so nothing leads off the site.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // a path, as the browser reads it (ADR 0022); a relative one is no path at all
  const requested = new URL(request.url).searchParams.get("router");
  const target = requested?.startsWith("/") ? sitePath(requested) : null;
  if (!target) throw data(null, { status: 404 });
  const { pathname, search } = new URL(target, "http://site.invalid");
  const resolution = await resolveRoute(requestApolloClient(request), pathname);
  switch (resolution.kind) {
    case "content": {
      const path = contentPath(resolution.content);
      if (!path) throw data(null, { status: 404 });
      throw redirectTo(withQuery(path, search));
    }
    case "redirect":
      throw redirect(withQuery(resolution.target, search), resolution.status);
    case "error":
      throw data(null, { status: resolution.status });
    case "unavailable":
      throw data(null, { status: 503 });
  }
}

export default function RouterRoute() {
  return null;
}
