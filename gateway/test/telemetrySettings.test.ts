import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import {
  instrumentedModules,
  replaceDelegate,
  spansExported,
  UNTRACED_LIBRARIES,
  withoutSpansOf,
} from '../src/telemetrySettings.js';

describe('telemetry settings (ADR 0052, ADR 0070)', () => {
  test('spans are exported to Zipkin or to an OTLP endpoint, not otherwise', () => {
    assert.equal(spansExported({}), false);
    assert.equal(spansExported({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }), false);
    assert.equal(spansExported({ OTEL_TRACES_EXPORTER: 'zipkin' }), true);
    assert.equal(spansExported({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), true);
    assert.equal(spansExported({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }), true);
    assert.equal(
      spansExported({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }),
      false,
    );
  });

  test('Express and GraphQL make spans only when spans are exported; HTTP always (trace context)', () => {
    assert.deepEqual(instrumentedModules(false), ['http']);
    assert.deepEqual(instrumentedModules(true), ['http', 'express', 'graphql']);
  });

  test("Apollo's gateway spans are not made: its code runs in the caller's span, which its fetches continue", async () => {
    const exporter = new InMemorySpanExporter();
    const sdkProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const provider = withoutSpansOf(UNTRACED_LIBRARIES, sdkProvider);
    const http = provider.getTracer('@opentelemetry/instrumentation-http');
    const gateway = provider.getTracer('@apollo/gateway');

    const server = http.startSpan('POST /graphql');
    const serverContext = trace.setSpan(ROOT_CONTEXT, server);
    const answer = gateway.startActiveSpan('gateway.request', {}, serverContext, (span: Span) => {
      assert.equal(span.isRecording(), false);
      assert.deepEqual(span.spanContext(), server.spanContext());
      span.setAttribute('graphql.operation.name', 'JobSearch');
      span.end();
      const fetchSpan = gateway.startSpan('gateway.fetch', {}, serverContext);
      assert.deepEqual(fetchSpan.spanContext(), server.spanContext());
      const client = http.startSpan('POST', {}, trace.setSpan(serverContext, fetchSpan));
      client.end();
      return 'answered';
    });
    assert.equal(answer, 'answered');
    assert.equal(gateway.startActiveSpan('gateway.plan', (span: Span) => span.isRecording()), false);
    server.end();
    await sdkProvider.forceFlush();

    const finished = exporter.getFinishedSpans();
    assert.deepEqual(finished.map((span) => span.name), ['POST', 'POST /graphql']);
    const [client] = finished;
    assert.equal(client?.parentSpanContext?.spanId, server.spanContext().spanId);
    assert.equal(client?.spanContext().traceId, server.spanContext().traceId);
  });

  test('the global provider (a proxy) gets the wrapped delegate', () => {
    const sdkProvider = new TracerProvider();
    let delegate: unknown = sdkProvider;
    const proxy = {
      getTracer: () => trace.getTracer('unused'),
      getDelegate: () => delegate,
      setDelegate: (next: unknown) => (delegate = next),
    };
    assert.ok(replaceDelegate(proxy as never, (inner) => withoutSpansOf(UNTRACED_LIBRARIES, inner)));
    assert.notEqual(delegate, sdkProvider);
    assert.equal(replaceDelegate(sdkProvider, (inner) => inner), false);
  });
});
