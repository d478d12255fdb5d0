/**
 * OpenTelemetry for the gateway. Loaded before anything else (`node --import ./dist/telemetry.js`)
 * so the HTTP (and, when spans are exported, Express and GraphQL) modules are patched when the
 * server imports them. Spans are exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set,
 * to Zipkin with OTEL_TRACES_EXPORTER=zipkin; trace context is always created and propagated (W3C
 * traceparent) so logs and subgraphs share it.
 */
import { register } from 'node:module';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { trace } from '@opentelemetry/api';
import {
  instrumentedModules,
  replaceDelegate,
  spansExported,
  UNTRACED_LIBRARIES,
  withoutSpansOf,
} from './telemetrySettings.js';

// No internet on our machines: never phone home.
process.env.APOLLO_TELEMETRY_DISABLED ??= '1';

// OpenTelemetry's own variables: OTLP/HTTP to a collector in production, a Zipkin server's span
// API for the local stack's trace viewer (`make tracing`, OTEL_TRACES_EXPORTER=zipkin).
const zipkin = process.env.OTEL_TRACES_EXPORTER === 'zipkin';
const endpointConfigured = spansExported(process.env);
const instrumented = instrumentedModules(endpointConfigured);

// ESM imports are only patchable through the loader hook; limit it to what we instrument.
const hooked = instrumented.filter((name) => name !== 'http');
if (hooked.length > 0) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: hooked } });
}

const sdk = new NodeSDK({
  resource: resourceFromAttributes({
    [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || 'gateway',
  }),
  // Without an endpoint spans are still created (trace ids in logs, traceparent to the
  // subgraphs) but dropped.
  spanProcessors: [
    endpointConfigured
      ? new BatchSpanProcessor({
          // the Zipkin exporter reads OTEL_EXPORTER_ZIPKIN_ENDPOINT (default localhost:9411)
          exporter: zipkin ? new ZipkinExporter() : new OTLPTraceExporter(),
        })
      : new NoopSpanProcessor(),
  ],
  // Metrics follow OTEL_METRICS_EXPORTER only when a collector is configured; logs go to stdout.
  ...(endpointConfigured ? {} : { metricReaders: [] }),
  logRecordProcessors: [],
  textMapPropagator: new CompositePropagator({
    propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
  }),
  instrumentations: [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => req.url === '/healthz' || req.url === '/readyz',
    }),
    ...(instrumented.includes('express') ? [new ExpressInstrumentation()] : []),
    ...(instrumented.includes('graphql') ? [new GraphQLInstrumentation({ mergeItems: true })] : []),
  ],
});

sdk.start();
// Before the gateway's modules take their tracers: Apollo's own spans only when they go somewhere.
if (!endpointConfigured) replaceDelegate(trace.getTracerProvider(), (sdkProvider) => withoutSpansOf(UNTRACED_LIBRARIES, sdkProvider));

let stopped: Promise<void> | undefined;
export function shutdownTelemetry(): Promise<void> {
  stopped ??= sdk.shutdown().catch(() => undefined);
  return stopped;
}
