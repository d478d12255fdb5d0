import http from 'node:http';
import https from 'node:https';
import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { context as otelContext, propagation } from '@opentelemetry/api';
import { GraphQLError } from 'graphql';

/** Per-request values the gateway passes on to every subgraph. */
export type GatewayContext = {
  authorization?: string;
  frontend?: string;
  /**
   * The client's address as the gateway's trusted proxies name it (req.ip, one address), sent on
   * as X-Forwarded-For: the services' rate limits and captcha checks.
   */
  forwardedFor?: string;
};

/** The code of the error that stands for a subgraph's missing part of an answer. */
export const SUBGRAPH_UNAVAILABLE = 'SUBGRAPH_UNAVAILABLE';

/**
 * What a client is told when a subgraph cannot answer (refused, timed out, 5xx, not GraphQL):
 * which part is missing, never where the subgraph lives or what the socket said.
 */
export function subgraphUnavailableError(name: string): GraphQLError {
  return new GraphQLError(
    `The ${name} service is unavailable right now: the parts of this answer it provides are missing.`,
    { extensions: { code: SUBGRAPH_UNAVAILABLE, serviceName: name } },
  );
}

/**
 * How long a connection to a subgraph may sit idle in the pool before the gateway closes it. It
 * must be shorter than the services' own keep-alive (uvicorn's `--timeout-keep-alive`, 75 s in
 * deploy/local and services/Dockerfile; uvicorn's default is 5 s): a request sent on a connection
 * the server is closing at that moment fails with "socket hang up" (ADR 0058). uvicorn does not
 * announce its timeout in a `Keep-Alive` header, so the gateway has to know it is shorter.
 */
export const DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS = 4000;

/**
 * The pooled agent a subgraph is fetched through: connections kept alive for reuse, the most
 * recently used first (the others go idle and are closed after `idleTimeoutMs`).
 */
export function subgraphAgent(url: string, idleTimeoutMs: number): http.Agent {
  const options: http.AgentOptions = { keepAlive: true, timeout: idleTimeoutMs, scheduling: 'lifo' };
  return url.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
}

type FetcherInit = NonNullable<Parameters<RemoteGraphQLDataSource['fetcher']>[1]>;

/** Headers copied from the client request to each subgraph fetch. */
export const FORWARDED_HEADERS = ['authorization', 'x-frontend', 'x-forwarded-for'] as const;

/**
 * Sends each subgraph the caller's `Authorization` and `X-Frontend` headers, and the W3C trace
 * context (`traceparent`/`tracestate`) so the subgraph spans join the gateway's trace.
 */
export class ForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  /** The subgraph's name, for the error that says its part is missing. */
  readonly name: string;
  /** Told whenever the subgraph could not answer (the gateway's log). */
  private readonly onUnavailable: ((name: string, reason: string) => void) | undefined;

  constructor(options: {
    name: string;
    url?: string;
    onUnavailable?: (name: string, reason: string) => void;
    /** Idle connections to the subgraph are closed after this long (default 4 s). */
    idleTimeoutMs?: number;
  }) {
    super(options.url ? { url: options.url } : {});
    this.name = options.name;
    this.onUnavailable = options.onUnavailable;
    // Apollo's fetcher (make-fetch-happen) pools connections in an agent of its own that never
    // closes an idle one; it sends through the agent given with each request instead.
    const agent = subgraphAgent(options.url ?? '', options.idleTimeoutMs ?? DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS);
    const send = this.fetcher;
    this.fetcher = (url, init) => send(url, { ...init, agent } as FetcherInit);
  }

  /**
   * A subgraph that cannot answer (connection refused, timeout, a 5xx or a body that is not
   * JSON) becomes one clear error naming it; the gateway still answers the other subgraphs'
   * data. 401 and 403 answers stay what they are (a caller's problem, not an outage).
   */
  override didEncounterError(
    error: Error,
    _fetchRequest: unknown,
    fetchResponse?: { status: number },
  ): void {
    const status = fetchResponse?.status;
    if (status !== undefined && status < 500 && error instanceof GraphQLError) throw error;
    this.onUnavailable?.(this.name, status !== undefined ? `HTTP ${status}: ${error.message}` : error.message);
    throw subgraphUnavailableError(this.name);
  }

  override willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = options.request.http?.headers;
    if (!headers) return;
    if ('context' in options && options.context) {
      const { authorization, frontend, forwardedFor } = options.context;
      if (authorization) headers.set('authorization', authorization);
      if (frontend) headers.set('x-frontend', frontend);
      if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
    }
    propagation.inject(otelContext.active(), headers, {
      set: (carrier, key, value) => carrier.set(key, value),
    });
  }
}
