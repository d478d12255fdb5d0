import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { instrumentedModules, spansExported } from '../src/telemetrySettings.js';

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
});
