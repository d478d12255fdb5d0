import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../src/config.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../src/gateway.js';

describe('loadConfig: the edge settings (ADR 0022)', () => {
  test('limits each client in production, and reads the limit and the trusted proxies', () => {
    const production = loadConfig({ JOBBOARD_ENV: 'production' });
    assert.equal(production.rateLimitPerMinute, DEFAULT_RATE_LIMIT_PER_MINUTE);
    assert.deepEqual(production.trustedProxies, ['loopback']);
    assert.ok(loadConfig({}).rateLimitPerMinute > DEFAULT_RATE_LIMIT_PER_MINUTE);

    const configured = loadConfig({
      JOBBOARD_ENV: 'production',
      GATEWAY_RATE_LIMIT_PER_MINUTE: '120',
      JOBBOARD_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1/32 ,',
    });
    assert.equal(configured.rateLimitPerMinute, 120);
    assert.deepEqual(configured.trustedProxies, ['10.0.0.0/8', '127.0.0.1/32']);
    assert.throws(() => loadConfig({ GATEWAY_RATE_LIMIT_PER_MINUTE: 'lots' }), /GATEWAY_RATE_LIMIT_PER_MINUTE/);
  });
});
