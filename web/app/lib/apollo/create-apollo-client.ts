import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import type { NormalizedCacheObject } from "@apollo/client/cache";
import { addTypenameToDocument, DocumentTransform } from "@apollo/client/utilities";
import type { DocumentNode } from "graphql";
import { ServerError } from "@apollo/client/errors";
import { BatchHttpLink } from "@apollo/client/link/batch-http";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { catchError, map, throwError } from "rxjs";
import { possibleTypes } from "../graphql/generated/possible-types";
import { partialAnswerLink } from "./partial-answers";
import { withTraceparent } from "./trace-context";

/** Spec section 7: operations are batched with a 10 ms interval, at most 10 per batch. */
export const GRAPHQL_BATCH_INTERVAL_MS = 10;
export const GRAPHQL_BATCH_MAX = 10;
/**
 * An operation's context field that puts it in a batch of its own group: operations of one
 * group (and the same headers) go together, every 10 ms as spec 7 says, beside the other groups'
 * batches instead of in them. For a chain (a query that needs another's answer): its first query
 * answers as soon as it is done, not when the slowest of a larger batch is.
 */
export const BATCH_GROUP = "batchGroup";

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
  /** Spec 7: the visual-editor flag, when the page's URL has visual_editor=true. */
  visualEditor?: boolean;
  /**
   * On the server: the visitor's address (the web server's own X-Forwarded-For, ADR 0022), so
   * the gateway's per-client limit and the services count the visitor, not the web server.
   */
  forwardedFor?: string;
  /** Told about every failed operation (the browser sends them to the client log). */
  onError?: (error: Error, operationName: string) => void;
  /**
   * Told which subgraphs were down when an answer came back partial (their fields null): the
   * query itself succeeds with what there is, and the page shows the unavailable notice.
   */
  onUnavailable?: (services: string[]) => void;
}

/** Spec 7: the header that carries the visual-editor flag. */
export const VISUAL_EDITOR_HEADER = "X-Visual-Editor";

/** Whether a page URL asks for the visual editor (spec 7: `visual_editor=true`). */
export function visualEditorRequested(url: string | URL): boolean {
  return (
    new URL(url, "http://localhost").searchParams.get("visual_editor") ===
    "true"
  );
}

const MALFORMED = /^Server response was malformed for query/;

/**
 * Spec 8's errors: an answer with neither data nor errors is "Server response was missing for
 * query ..." (also inside a batch, where Apollo passes such an item on); HTTP status >= 300 stays
 * Apollo's "Response not successful: ..." server error and a body that is not JSON its parse error.
 */
const answerCheckLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    catchError((error: unknown) => throwError(() => missingAnswerError(error))),
    map((result) => {
      if (!("data" in result) && !("errors" in result)) {
        const { response } = operation.getContext() as { response?: Response };
        throw new ServerError(
          `Server response was missing for query '${operation.operationName}'.`,
          {
            response: response ?? new Response(null, { status: 200 }),
            bodyText: JSON.stringify(result),
          },
        );
      }
      return result;
    }),
  ),
);

function missingAnswerError(error: unknown): unknown {
  if (ServerError.is(error) && MALFORMED.test(error.message)) {
    return new ServerError(error.message.replace("malformed", "missing"), {
      response: error.response,
      bodyText: error.bodyText,
    });
  }
  return error;
}

/**
 * The __typename-added form of each query document, one for the whole process. What Apollo
 * derives from a document depends on the document alone, but an InMemoryCache keeps its own
 * transform, so with a cache per server request every request transformed its documents again,
 * and printed them again too (Apollo keeps a document's printed text per document object).
 */
const TYPENAME_TRANSFORM = new DocumentTransform(addTypenameToDocument);

/**
 * An InMemoryCache whose documents' transform is the process's (TYPENAME_TRANSFORM); its data
 * stays its own. The site registers no fragments, which InMemoryCache's own transformDocument
 * would add first.
 */
export class SharedDocumentsCache extends InMemoryCache {
  override transformDocument(document: DocumentNode): DocumentNode {
    return TYPENAME_TRANSFORM.transformDocument(document);
  }
}

/** Apollo's per-client record of each transformed document (what it sends, its directives). */
interface DocumentInfoHolder {
  queryManager?: { transformCache?: unknown };
}
let sharedDocumentInfo: unknown;

/**
 * Every client shares the first one's record of what each transformed document is (the form
 * sent without client-only directives, the directives it uses, its variables' defaults): Apollo
 * keeps it per client and derives it from the document alone (several walks of its syntax tree),
 * so a client per server request walked every query it sent, on every request. The record is
 * Apollo's own weak, size-bounded cache keyed by the (shared) transformed document; no data is
 * in it. Apollo's field is private: a unit test fails if an upgrade renames it.
 */
function shareDocumentInfo(client: ApolloClient): void {
  const manager = (client as unknown as DocumentInfoHolder).queryManager;
  if (!manager || !("transformCache" in manager)) return;
  sharedDocumentInfo ??= manager.transformCache;
  manager.transformCache = sharedDocumentInfo;
}

/**
 * BatchHttpLink's own key (operations with the same HTTP options and headers go together; the
 * link has one URI) and the operation's batch group (BATCH_GROUP), if any.
 */
function batchKeyOf(operation: ApolloLink.Operation): string {
  const context = operation.getContext() as Record<string, unknown>;
  const group = typeof context[BATCH_GROUP] === "string" ? context[BATCH_GROUP] : "";
  return `${group} ${JSON.stringify({
    http: context.http,
    options: context.fetchOptions,
    credentials: context.credentials,
    headers: context.headers,
  })}`;
}

/** The frontend header value: frontend name and locale, e.g. `jobboard/en`. */
export function frontendHeaderValue(
  frontendName: string,
  locale: string,
): string {
  return `${frontendName}/${locale}`;
}

export function createApolloClient(
  options: CreateApolloClientOptions,
): ApolloClient {
  const frontend = frontendHeaderValue(
    options.frontendName,
    options.locale ?? DEFAULT_LOCALE,
  );
  const { resolveAuthToken } = options;

  const headersLink = new SetContextLink(async (prevContext) => {
    const headers: Record<string, string> = {
      ...(prevContext.headers as Record<string, string> | undefined),
      "X-Frontend": frontend,
    };
    if (options.visualEditor) headers[VISUAL_EDITOR_HEADER] = "true";
    if (options.forwardedFor) headers["X-Forwarded-For"] = options.forwardedFor;
    const token = resolveAuthToken ? await resolveAuthToken() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    return { headers };
  });

  // the browser's requests start their traces (trace-context.ts); the server's are traced by
  // the web server's own instrumentation when it has any
  const fetch = options.ssrMode ? options.fetch : withTraceparent(() => options.fetch ?? globalThis.fetch);
  const batchLink = new BatchHttpLink({
    uri: options.uri,
    batchInterval: GRAPHQL_BATCH_INTERVAL_MS,
    batchMax: GRAPHQL_BATCH_MAX,
    batchKey: batchKeyOf,
    ...(fetch ? { fetch } : {}),
  });

  // unions and interfaces: a fragment on `Error` or on one member of a result union matches
  const cache = new SharedDocumentsCache({ possibleTypes });
  if (options.initialState) cache.restore(options.initialState);

  const { onError } = options;
  const errorLink = new ErrorLink(({ error, operation }) => {
    onError?.(error, operation.operationName ?? "anonymous");
  });

  const client = new ApolloClient({
    link: ApolloLink.from([
      errorLink,
      answerCheckLink,
      partialAnswerLink((services) => options.onUnavailable?.(services)),
      headersLink,
      batchLink,
    ]),
    cache,
    ssrMode: options.ssrMode,
    // Spec section 9: the client query cache defaults to cache-first with deduplication on.
    queryDeduplication: true,
    defaultOptions: {
      watchQuery: { fetchPolicy: "cache-first" },
      query: { fetchPolicy: "cache-first" },
    },
  });
  shareDocumentInfo(client);
  // Hydrating a server page: until the browser has taken it over (endHydration), even
  // `network-only` queries read what the server rendered from the restored cache, so the
  // browser's first render is the server's (a query that went to the network rendered its
  // loading state instead, and React threw the server's page away).
  if (options.initialState && !options.ssrMode) client.prioritizeCacheValues = true;
  return client;
}

/** The page is hydrated: queries fetch as their policies say from now on. */
export function endHydration(client: ApolloClient): void {
  client.prioritizeCacheValues = false;
}
