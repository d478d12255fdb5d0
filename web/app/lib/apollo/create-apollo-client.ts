import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import type { NormalizedCacheObject } from "@apollo/client/cache";
import { BatchHttpLink } from "@apollo/client/link/batch-http";
import { SetContextLink } from "@apollo/client/link/context";

/** Spec section 7: operations are batched with a 10 ms interval, at most 10 per batch. */
export const GRAPHQL_BATCH_INTERVAL_MS = 10;
export const GRAPHQL_BATCH_MAX = 10;
/** Spec section 2: the only locale is en. */
export const DEFAULT_LOCALE = "en";

/**
 * Returns the session's bearer token, or null when there is none. Only the server passes one:
 * the browser never sees tokens (backend-for-frontend).
 */
export type AuthTokenResolver = () => Promise<string | null> | string | null;

export interface CreateApolloClientOptions {
  /** Gateway URL on the server, `/graphql` (the web server's proxy) in the browser. */
  uri: string;
  frontendName: string;
  locale?: string;
  ssrMode: boolean;
  resolveAuthToken?: AuthTokenResolver;
  initialState?: NormalizedCacheObject;
  fetch?: typeof globalThis.fetch;
}

/** The frontend header value: frontend name and locale, e.g. `jobboard/en`. */
export function frontendHeaderValue(frontendName: string, locale: string): string {
  return `${frontendName}/${locale}`;
}

export function createApolloClient(options: CreateApolloClientOptions): ApolloClient {
  const frontend = frontendHeaderValue(options.frontendName, options.locale ?? DEFAULT_LOCALE);
  const { resolveAuthToken } = options;

  const headersLink = new SetContextLink(async (prevContext) => {
    const headers: Record<string, string> = {
      ...(prevContext.headers as Record<string, string> | undefined),
      "X-Frontend": frontend,
    };
    const token = resolveAuthToken ? await resolveAuthToken() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    return { headers };
  });

  const batchLink = new BatchHttpLink({
    uri: options.uri,
    batchInterval: GRAPHQL_BATCH_INTERVAL_MS,
    batchMax: GRAPHQL_BATCH_MAX,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const cache = new InMemoryCache();
  if (options.initialState) cache.restore(options.initialState);

  return new ApolloClient({
    link: ApolloLink.from([headersLink, batchLink]),
    cache,
    ssrMode: options.ssrMode,
    // Spec section 9: the client query cache defaults to cache-first with deduplication on.
    queryDeduplication: true,
    defaultOptions: {
      watchQuery: { fetchPolicy: "cache-first" },
      query: { fetchPolicy: "cache-first" },
    },
  });
}
