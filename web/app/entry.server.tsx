import type { NormalizedCacheObject } from "@apollo/client/cache";
import { ApolloProvider } from "@apollo/client/react";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { serverEnv } from "~/env.server";
import { ApolloBootstrapProvider, serializeBootstrap } from "~/lib/apollo/bootstrap";
import { createApolloClient } from "~/lib/apollo/create-apollo-client";
import { sessionTokenResolver } from "~/lib/session.server";

/** Give up waiting for GraphQL data after this long and send what has rendered. */
const RENDER_TIMEOUT_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const env = serverEnv();
  // One client per request: the cache must never be shared between users.
  const client = createApolloClient({
    uri: env.GATEWAY_URL,
    frontendName: env.FRONTEND_NAME,
    ssrMode: true,
    resolveAuthToken: sessionTokenResolver(request),
  });

  // createApolloClient always builds an InMemoryCache, whose extract() is a NormalizedCacheObject.
  const tree = (
    <ApolloProvider client={client}>
      <ApolloBootstrapProvider
        text={() => serializeBootstrap({ frontendName: env.FRONTEND_NAME, state: client.extract() as NormalizedCacheObject })}
      >
        <ServerRouter context={routerContext} url={request.url} />
      </ApolloBootstrapProvider>
    </ApolloProvider>
  );

  // Renders until every query in the tree has settled; a failed query (gateway down) renders
  // its error state instead of failing the page.
  const { result } = await prerenderStatic({
    tree,
    context: { client },
    renderFunction: renderToString,
    signal: AbortSignal.any([request.signal, AbortSignal.timeout(RENDER_TIMEOUT_MS)]),
  });

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${result}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}
