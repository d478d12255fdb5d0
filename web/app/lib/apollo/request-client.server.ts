import type { ApolloClient } from "@apollo/client";
import { serverEnv } from "~/env.server";
import {
  createApolloClient,
  visualEditorRequested,
} from "~/lib/apollo/create-apollo-client";
import { sessionTokenResolver } from "~/lib/session.server";
import { requestPathLocale } from "~/lib/site-locales.server";
import { requestUnavailableParts } from "./unavailable.server";

/** Each request's client, for as long as the request is alive. */
const clients = new WeakMap<Request, ApolloClient>();

/**
 * The server-side client of one request, with the session's bearer token and the locale of the
 * page's path (X-Frontend) and the visitor's address (X-Forwarded-For). One per request, made
 * at its first use: the cache must never be shared between users. The loaders (root and route)
 * and the render get the same one (React Router hands them the same Request), so their first
 * queries go in one batch; the loaders' queries are `no-cache` (they write nothing the render's
 * cache would then embed in the page), except the site's configuration, which the render asks
 * for anyway.
 */
export function requestApolloClient(request: Request): ApolloClient {
  let client = clients.get(request);
  if (!client) {
    client = newRequestClient(request);
    clients.set(request, client);
  }
  return client;
}

function newRequestClient(request: Request): ApolloClient {
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
