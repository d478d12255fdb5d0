import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { trace } from '@opentelemetry/api';
import express, { type RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import { batchLimit } from './batchLimit.js';
import { ForwardingDataSource, type GatewayContext } from './dataSource.js';
import { errorBody, jsonErrors, notFound } from './httpErrors.js';
import { createJsonLogger, type JsonLogger } from './logger.js';
import { batchCostLimit, coerceVariablesOnce, queryLimitsPlugin, variablesPlugin } from './queryLimits.js';
import { graphqlRateLimit } from './rateLimit.js';
import { subgraphHealth, type SubgraphHealthOptions } from './subgraphHealth.js';

export const DEFAULT_MAX_DEPTH = 12;
export const DEFAULT_MAX_COST = 5000;
/** The largest `/graphql` body (JSON); a bigger one is answered 413. */
export const MAX_BODY = '2mb';
export const MAX_BATCH_OPERATIONS = 10;
/** `/graphql` requests per client per minute in production (ADR 0022). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
export const DEVELOPMENT_RATE_LIMIT_PER_MINUTE = 6000;
/**
 * How long the gateway keeps an idle client connection open, and the shorter time it announces
 * (`Keep-Alive: timeout=5`). Clients that read the announcement (the web server's Node agent and
 * fetch) give a connection up after 3-4 s; the others (load balancers, typically 60 s, load
 * generators) are covered by the longer wait. Node runs an expired keep-alive timer before it
 * reads a request already waiting on that connection, so a server that closes at the announced
 * time resets requests sent in time whenever its event loop stalls past it (ADR 0058).
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const KEEP_ALIVE_ANNOUNCED_MS = 5000;

/** The web server runs beside the gateway; a deployment names its own proxies. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback'];

export interface GatewayOptions {
  /** The composed supergraph (gateway/supergraph.graphql). */
  supergraphSdl: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Routing URL per subgraph name; overrides the URL recorded in the supergraph. */
  subgraphUrls?: Record<string, string>;
  maxDepth?: number;
  maxCost?: number;
  maxBatchOperations?: number;
  /** `/graphql` requests per client per minute; 0: no limit. Default: none (tests). */
  rateLimitPerMinute?: number;
  /** Express "trust proxy" values: whose X-Forwarded-For names the client. Default: loopback. */
  trustedProxies?: string[];
  /** Production hides the schema: no introspection, no landing page. */
  production?: boolean;
  logger?: JsonLogger;
  /** How /readyz probes the subgraphs (timeout, how long a probe is reused). */
  subgraphProbe?: SubgraphHealthOptions;
  /** Idle pooled connections to the subgraphs are closed after this long (ms; default 4 s). */
  subgraphIdleTimeoutMs?: number;
  /** An idle client connection is closed after this long (ms; default 65 s). */
  keepAliveTimeoutMs?: number;
  /** The idle time announced to clients in `Keep-Alive` (ms; default 5 s; tests shorten it). */
  keepAliveAnnouncedMs?: number;
}

export interface RunningGateway {
  /** e.g. http://127.0.0.1:4000 */
  url: string;
  graphqlUrl: string;
  port: number;
  isReady(): boolean;
  stop(): Promise<void>;
}

type RequestContext = GatewayContext & { operations: string[] };

/** Records operation names on the request so the access log line can name them. */
const operationNamesPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, operationName }) {
        contextValue.operations.push(operationName ?? 'anonymous');
      },
    };
  },
};

function accessLog(logger: JsonLogger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split('?')[0];
    // The HTTP instrumentation's server span is active here, not in the 'finish' callback.
    const spanContext = trace.getActiveSpan()?.spanContext();
    res.locals.operations = [] as string[];
    res.on('finish', () => {
      logger.log(res.statusCode >= 500 ? 'error' : 'info', 'request', {
        method: req.method,
        path,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        ...(res.locals.operations.length > 0 ? { operations: res.locals.operations } : {}),
        ...(spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {}),
      });
    });
    next();
  };
}

/**
 * Announces a shorter keep-alive than the server keeps (Node would announce its own
 * `keepAliveTimeout`): the clients that read it give an idle connection up long before the
 * server closes it.
 */
function announceKeepAlive(announcedMs: number): RequestHandler {
  const header = `timeout=${Math.max(1, Math.floor(announcedMs / 1000))}`;
  return (req, res, next) => {
    if (req.get('connection')?.toLowerCase() !== 'close') res.setHeader('Keep-Alive', header);
    next();
  };
}

/** Builds the gateway HTTP server (GraphQL at /graphql, /healthz, /readyz) and starts listening. */
export async function createGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = options.logger ?? createJsonLogger();
  const subgraphUrls = options.subgraphUrls ?? {};
  let ready = false;
  let graphqlHandler: RequestHandler | undefined;

  const app = express();
  app.disable('x-powered-by');
  // No ETag: Express hashed every answer (a search's is 5-20 KB) for a header no client uses
  // (GraphQL is POSTed; a POST is never answered 304), a cost on every request (ADR 0070).
  app.set('etag', false);
  // req.ip is the client: the address the trusted proxies (the web server) vouch for in
  // X-Forwarded-For, else the peer. What a browser writes there itself is never believed.
  app.set('trust proxy', options.trustedProxies ?? DEFAULT_TRUSTED_PROXIES);
  app.use(accessLog(logger));
  const keepAliveMs = options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  app.use(announceKeepAlive(Math.min(options.keepAliveAnnouncedMs ?? KEEP_ALIVE_ANNOUNCED_MS, keepAliveMs)));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const health = subgraphHealth(options.subgraphProbe);
  // Ready once the supergraph is loaded: a dead subgraph does not take the gateway out of
  // service (it answers the rest with an error for the missing part), it is reported.
  app.get('/readyz', async (_req, res) => {
    if (!ready) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    const subgraphs = await health.states();
    const down = Object.keys(subgraphs).filter((name) => subgraphs[name] === 'down');
    res.json({ status: down.length > 0 ? 'degraded' : 'ready', subgraphs, ...(down.length > 0 ? { down } : {}) });
  });
  const maxCost = options.maxCost ?? DEFAULT_MAX_COST;
  let apiSchema: GraphQLSchema | undefined;
  app.use(
    '/graphql',
    graphqlRateLimit(options.rateLimitPerMinute ?? 0),
    express.json({ limit: MAX_BODY }),
    batchLimit(options.maxBatchOperations ?? MAX_BATCH_OPERATIONS),
    batchCostLimit(() => apiSchema, maxCost),
    (req, res, next) => {
      if (graphqlHandler) return graphqlHandler(req, res, next);
      res.status(503).json(errorBody('The gateway is starting', 'SERVICE_UNAVAILABLE'));
    },
  );
  app.use(notFound());
  app.use(jsonErrors(logger));

  const httpServer = http.createServer(app);
  httpServer.keepAliveTimeout = keepAliveMs;
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    logger,
    buildService: ({ name, url }) => {
      const resolvedUrl = subgraphUrls[name] ?? url;
      logger.log('info', 'subgraph', { subgraph: name, url: resolvedUrl });
      if (resolvedUrl) health.urls.set(name, resolvedUrl);
      return new ForwardingDataSource({
        name,
        ...(resolvedUrl ? { url: resolvedUrl } : {}),
        onUnavailable: (subgraph, reason) =>
          logger.log('warn', 'subgraph unavailable', { subgraph, url: resolvedUrl, error: reason }),
        ...(options.subgraphIdleTimeoutMs !== undefined ? { idleTimeoutMs: options.subgraphIdleTimeoutMs } : {}),
      });
    },
  });
  coerceVariablesOnce(gateway);
  const apollo = new ApolloServer<RequestContext>({
    gateway,
    logger,
    allowBatchedHttpRequests: true,
    introspection: !options.production,
    includeStacktraceInErrorResponses: false,
    // server.ts owns SIGTERM/SIGINT: stop Apollo, then flush telemetry, then exit 0.
    stopOnTerminationSignals: false,
    formatError: (formatted) => {
      // Subgraphs may attach stack traces in debug mode; clients never see them, nor the
      // subgraph's address and raw answer a failed fetch records (`response`).
      if (!formatted.extensions) return formatted;
      const {
        stacktrace: _stacktrace,
        exception: _exception,
        response: _response,
        ...extensions
      } = formatted.extensions;
      return { ...formatted, extensions };
    },
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ...(options.production ? [ApolloServerPluginLandingPageDisabled()] : []),
      variablesPlugin,
      queryLimitsPlugin({ maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, maxCost }),
      {
        async serverWillStart() {
          return {
            schemaDidLoadOrUpdate({ apiSchema: loaded }) {
              apiSchema = loaded;
            },
          };
        },
      },
      operationNamesPlugin,
    ],
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host ?? '127.0.0.1', () => {
      httpServer.off('error', reject);
      resolve();
    });
  });

  try {
    await apollo.start();
  } catch (error) {
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    throw error;
  }
  graphqlHandler = expressMiddleware(apollo, {
    context: async ({ req, res }) => ({
      authorization: req.get('authorization'),
      frontend: req.get('x-frontend'),
      // The client as the trusted proxies name it (one address): the services' rate limits and
      // captcha checks count it, whatever the browser wrote in its own X-Forwarded-For.
      forwardedFor: req.ip,
      operations: res.locals.operations as string[],
    }),
  });
  ready = true;

  const { address, port } = httpServer.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  logger.log('info', 'gateway ready', { url: `${url}/graphql` });

  return {
    url,
    graphqlUrl: `${url}/graphql`,
    port,
    isReady: () => ready,
    async stop() {
      ready = false;
      await apollo.stop();
    },
  };
}
