import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { trace } from '@opentelemetry/api';
import express, { type RequestHandler } from 'express';
import { batchLimit } from './batchLimit.js';
import { ForwardingDataSource, type GatewayContext } from './dataSource.js';
import { createJsonLogger, type JsonLogger } from './logger.js';
import { queryLimitsPlugin } from './queryLimits.js';

export const DEFAULT_MAX_DEPTH = 12;
export const DEFAULT_MAX_COST = 5000;
export const MAX_BATCH_OPERATIONS = 10;

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
  /** Production hides the schema: no introspection, no landing page. */
  production?: boolean;
  logger?: JsonLogger;
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

/** Builds the gateway HTTP server (GraphQL at /graphql, /healthz, /readyz) and starts listening. */
export async function createGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = options.logger ?? createJsonLogger();
  const subgraphUrls = options.subgraphUrls ?? {};
  let ready = false;
  let graphqlHandler: RequestHandler | undefined;

  const app = express();
  app.disable('x-powered-by');
  app.use(accessLog(logger));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'starting' });
  });
  app.use(
    '/graphql',
    express.json({ limit: '2mb' }),
    batchLimit(options.maxBatchOperations ?? MAX_BATCH_OPERATIONS),
    (req, res, next) => {
      if (graphqlHandler) return graphqlHandler(req, res, next);
      res.status(503).json({
        errors: [{ message: 'The gateway is starting', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
    },
  );

  const httpServer = http.createServer(app);
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    logger,
    buildService: ({ name, url }) => {
      const resolvedUrl = subgraphUrls[name] ?? url;
      logger.log('info', 'subgraph', { subgraph: name, url: resolvedUrl });
      return new ForwardingDataSource({ url: resolvedUrl });
    },
  });
  const apollo = new ApolloServer<RequestContext>({
    gateway,
    logger,
    allowBatchedHttpRequests: true,
    introspection: !options.production,
    includeStacktraceInErrorResponses: false,
    // server.ts owns SIGTERM/SIGINT: stop Apollo, then flush telemetry, then exit 0.
    stopOnTerminationSignals: false,
    formatError: (formatted) => {
      // Subgraphs may attach stack traces in debug mode; clients never see them.
      if (!formatted.extensions) return formatted;
      const { stacktrace: _stacktrace, exception: _exception, ...extensions } = formatted.extensions;
      return { ...formatted, extensions };
    },
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ...(options.production ? [ApolloServerPluginLandingPageDisabled()] : []),
      queryLimitsPlugin({
        maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
        maxCost: options.maxCost ?? DEFAULT_MAX_COST,
      }),
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
      forwardedFor: req.get('x-forwarded-for'),
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
