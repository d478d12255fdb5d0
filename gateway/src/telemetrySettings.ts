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
