import {
  context,
  INVALID_SPAN_CONTEXT,
  trace,
  type Context,
  type ProxyTracerProvider,
  type Span,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';

/**
 * What the gateway's OpenTelemetry set-up (telemetry.ts, loaded with `node --import`) does, from
 * OpenTelemetry's own variables; apart from it so it can be tested without starting the SDK.
 */

/** Spans go somewhere: a Zipkin server (OTEL_TRACES_EXPORTER=zipkin) or an OTLP endpoint. */
export function spansExported(env: NodeJS.ProcessEnv): boolean {
  return (
    env.OTEL_TRACES_EXPORTER === 'zipkin' ||
    (env.OTEL_TRACES_EXPORTER !== 'none' &&
      Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT))
  );
}

/**
 * The modules whose calls make spans. Node's HTTP always: its server span carries the caller's
 * trace (the access log's trace id) and its client spans the traceparent each subgraph
 * continues. Express (a span per middleware layer) and GraphQL (parse, validate, each limit
 * check) only when spans are exported: otherwise their spans are made and dropped, work on every
 * request for nothing (ADR 0070).
 */
export function instrumentedModules(exported: boolean): readonly ('http' | 'express' | 'graphql')[] {
  return exported ? ['http', 'express', 'graphql'] : ['http'];
}

/**
 * The libraries whose own spans are not made while spans go nowhere: Apollo's gateway opens one
 * per request, per validation, per plan, per execution, per subgraph fetch and per result
 * shaping, each recorded with its attributes and dropped (ADR 0070).
 */
export const UNTRACED_LIBRARIES: ReadonlySet<string> = new Set(['@apollo/gateway']);

/**
 * A tracer whose spans are not recorded and stand for the active one (its span context): the
 * code that uses it runs as it did, in the same trace, and what it calls (a subgraph fetch's
 * HTTP client span) is the child of the span that was active. No context is entered.
 */
export const passThroughTracer = {
  startSpan(_name: string, options?: SpanOptions, ctx?: Context): Span {
    if (options?.root) return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    return trace.wrapSpanContext(trace.getSpanContext(ctx ?? context.active()) ?? INVALID_SPAN_CONTEXT);
  },
  startActiveSpan(name: string, ...rest: unknown[]): unknown {
    const fn = rest[rest.length - 1] as (span: Span) => unknown;
    const options = rest.length >= 2 ? (rest[0] as SpanOptions | undefined) : undefined;
    const ctx = rest.length >= 3 ? (rest[1] as Context | undefined) : undefined;
    const span = passThroughTracer.startSpan(name, options, ctx);
    return ctx === undefined ? fn(span) : context.with(ctx, fn, undefined, span);
  },
} as Tracer;

/** `provider`, but the libraries named get the pass-through tracer. */
export function withoutSpansOf(libraries: ReadonlySet<string>, provider: TracerProvider): TracerProvider {
  return {
    getTracer: (name, version, options) =>
      libraries.has(name) ? passThroughTracer : provider.getTracer(name, version, options),
  };
}

/** Replaces the delegate of the global tracer provider (a proxy) by `wrap(delegate)`; false when it is not a proxy. */
export function replaceDelegate(provider: TracerProvider, wrap: (delegate: TracerProvider) => TracerProvider): boolean {
  const proxy = provider as Partial<Pick<ProxyTracerProvider, 'getDelegate' | 'setDelegate'>>;
  if (typeof proxy.getDelegate !== 'function' || typeof proxy.setDelegate !== 'function') return false;
  proxy.setDelegate(wrap(proxy.getDelegate()));
  return true;
}
