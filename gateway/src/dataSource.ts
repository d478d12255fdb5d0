import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
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

type Fetcher = RemoteGraphQLDataSource['fetcher'];
type FetcherResponse = Awaited<ReturnType<Fetcher>>;

/** A subgraph's answer, read whole: what Apollo's data source reads of a fetch Response. */
class SubgraphResponse implements FetcherResponse {
  readonly redirected = false;
  readonly ok: boolean;
  readonly headers: Headers;
  bodyUsed = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    headers: http.IncomingHttpHeaders,
    private readonly body: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) this.headers.append(name, one);
    }
  }

  private read(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body has already been used');
    this.bodyUsed = true;
    return this.body;
  }

  async text(): Promise<string> {
    return this.read().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.read().toString('utf8'));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const body = this.read();
    return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  }

  clone(): SubgraphResponse {
    const copy = new SubgraphResponse(this.url, this.status, this.statusText, {}, this.body);
    (copy as { headers: Headers }).headers = new Headers(this.headers);
    return copy;
  }
}

function decoded(response: http.IncomingMessage): NodeJS.ReadableStream {
  switch (response.headers['content-encoding']) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/**
 * A subgraph fetch straight over Node's HTTP through the subgraph's pooled agent: one request,
 * the answer read whole. Apollo's own fetcher (make-fetch-happen over minipass-fetch) passes
 * each request through an HTTP cache lookup, a retry wrapper and stream adapters that the
 * gateway never uses (no cache, no retry: ADR 0058), about a tenth of the gateway's CPU a
 * search (ADR 0070). No redirect is followed (a subgraph does not redirect); a compressed
 * answer (none is asked for) is still decoded.
 */
export function subgraphFetcher(agent: http.Agent): Fetcher {
  return (url, init = {}) =>
    new Promise<FetcherResponse>((resolve, reject) => {
      const body = init.body ?? '';
      const send = url.startsWith('https:') ? https.request : http.request;
      const request = send(
        url,
        {
          method: init.method ?? 'GET',
          headers: { ...init.headers, 'content-length': String(Buffer.byteLength(body)) },
          agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          const stream = decoded(response);
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () =>
            resolve(
              new SubgraphResponse(
                url,
                response.statusCode ?? 0,
                response.statusMessage ?? '',
                response.headers,
                Buffer.concat(chunks),
              ),
            ),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      const signal = init.signal as AbortSignal | undefined;
      if (signal) {
        if (signal.aborted) request.destroy(new Error('The subgraph request was aborted'));
        else signal.addEventListener('abort', () => request.destroy(new Error('The subgraph request was aborted')), { once: true });
      }
      request.end(body);
    });
}

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
    // closes an idle one; the gateway's sends through the subgraph's own agent instead.
    this.fetcher = subgraphFetcher(
      subgraphAgent(options.url ?? '', options.idleTimeoutMs ?? DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS),
    );
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
