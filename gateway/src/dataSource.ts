import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { context as otelContext, propagation } from '@opentelemetry/api';

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

/** Headers copied from the client request to each subgraph fetch. */
export const FORWARDED_HEADERS = ['authorization', 'x-frontend', 'x-forwarded-for'] as const;

/**
 * Sends each subgraph the caller's `Authorization` and `X-Frontend` headers, and the W3C trace
 * context (`traceparent`/`tracestate`) so the subgraph spans join the gateway's trace.
 */
export class ForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
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
