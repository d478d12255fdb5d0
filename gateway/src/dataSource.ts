import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { context as otelContext, propagation } from '@opentelemetry/api';

/** Per-request values the gateway passes on to every subgraph. */
export type GatewayContext = {
  authorization?: string;
  frontend?: string;
};

/** Headers copied from the client request to each subgraph fetch. */
export const FORWARDED_HEADERS = ['authorization', 'x-frontend'] as const;

/**
 * Sends each subgraph the caller's `Authorization` and `X-Frontend` headers, and the W3C trace
 * context (`traceparent`/`tracestate`) so the subgraph spans join the gateway's trace.
 */
export class ForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = options.request.http?.headers;
    if (!headers) return;
    if ('context' in options && options.context) {
      const { authorization, frontend } = options.context;
      if (authorization) headers.set('authorization', authorization);
      if (frontend) headers.set('x-frontend', frontend);
    }
    propagation.inject(otelContext.active(), headers, {
      set: (carrier, key, value) => carrier.set(key, value),
    });
  }
}
