import type { ApolloClient } from "@apollo/client";
import { serverEnv } from "~/env.server";
import {
  createApolloClient,
  visualEditorRequested,
} from "~/lib/apollo/create-apollo-client";
import { sessionTokenResolver } from "~/lib/session.server";
import { requestPathLocale } from "~/lib/site-locales.server";
import { requestUnavailableParts } from "./unavailable.server";

/**
 * A server-side client for one page request, with the session's bearer token and the locale of
 * the page's path (X-Frontend) and the visitor's address (X-Forwarded-For). One per request: the cache must never be shared between users.
 * Used by the SSR data pass and by loaders.
 */
export function requestApolloClient(request: Request): ApolloClient {
  const env = serverEnv();
  const forwardedFor = request.headers.get("x-forwarded-for");
  const unavailable = requestUnavailableParts();
  return createApolloClient({
    uri: env.GATEWAY_URL,
    frontendName: env.FRONTEND_NAME,
    locale: requestPathLocale(request),
    ssrMode: true,
    resolveAuthToken: sessionTokenResolver(request),
    visualEditor: visualEditorRequested(request.url),
    // The web server replaced the browser's X-Forwarded-For with the visitor's address.
    ...(forwardedFor ? { forwardedFor } : {}),
    // a subgraph that is down: the page renders what it got, with the unavailable notice
    onUnavailable: (services) => unavailable.add(services),
  });
}
