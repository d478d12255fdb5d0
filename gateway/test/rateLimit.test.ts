import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createGateway, type RunningGateway } from '../src/gateway.js';
import { createJsonLogger } from '../src/logger.js';
import { postJson } from './support/http.js';
import { startTestSubgraphs, type TestSubgraphs } from './support/subgraphs.js';

process.env.APOLLO_TELEMETRY_DISABLED = '1';

const QUERY = { query: '{ currentUser { id } }' };

describe('the per-client rate limit on /graphql (ADR 0022)', () => {
  let subgraphs: TestSubgraphs;
  // behind the web server (loopback, trusted) and exposed directly (nothing trusted)
  let behindWeb: RunningGateway;
  let exposed: RunningGateway;

  before(async () => {
    subgraphs = await startTestSubgraphs();
    const common = {
      supergraphSdl: subgraphs.supergraphSdl,
      port: 0,
      subgraphUrls: subgraphs.urls,
      rateLimitPerMinute: 3,
      logger: createJsonLogger({ write: () => {} }),
    };
    behindWeb = await createGateway({ ...common, trustedProxies: ['loopback'] });
    exposed = await createGateway({ ...common, trustedProxies: [] });
  });

  after(async () => {
    await behindWeb?.stop();
    await exposed?.stop();
    await subgraphs?.stop();
  });

  test('answers 429 with Retry-After and a JSON error past the limit, per client the web server names', async () => {
    const asClient = (address: string) =>
      postJson(behindWeb.graphqlUrl, QUERY, { 'x-forwarded-for': `198.51.100.9, ${address}` });
    for (let index = 0; index < 3; index += 1) {
      assert.equal((await asClient('203.0.113.1')).status, 200);
    }
    const refused = await asClient('203.0.113.1');
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.errors[0].extensions.code, 'RATE_LIMITED');
    const retryAfter = Number(refused.body.errors[0].extensions.retryAfter);
    assert.ok(retryAfter > 0 && retryAfter <= 60, refused.text);

    const raw = await fetch(behindWeb.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' },
      body: JSON.stringify(QUERY),
    });
    assert.equal(raw.status, 429);
    assert.ok(Number(raw.headers.get('retry-after')) > 0);

    // another client of the same web server has its own count; the browser-written first entry
    // (198.51.100.9, the same in both) is not the key
    assert.equal((await asClient('203.0.113.2')).status, 200);
  });

  test('a batch is one request; a refused one runs nothing', async () => {
    const batch = [QUERY, QUERY];
    const client = { 'x-forwarded-for': '203.0.113.3' };
    for (let index = 0; index < 3; index += 1) {
      assert.equal((await postJson(behindWeb.graphqlUrl, batch, client)).status, 200);
    }
    subgraphs.received.length = 0;
    assert.equal((await postJson(behindWeb.graphqlUrl, batch, client)).status, 429);
    assert.equal(subgraphs.received.length, 0);
  });

  test('does not believe a browser-supplied X-Forwarded-For from a peer it does not trust', async () => {
    for (let index = 0; index < 3; index += 1) {
      const answer = await postJson(exposed.graphqlUrl, QUERY, { 'x-forwarded-for': `203.0.113.${10 + index}` });
      assert.equal(answer.status, 200, answer.text);
    }
    // a new made-up address each time is still the same client: the peer
    const refused = await postJson(exposed.graphqlUrl, QUERY, { 'x-forwarded-for': '203.0.113.99' });
    assert.equal(refused.status, 429);
  });

  test('sends the services the peer, not what the browser wrote, when it does not trust the peer', async () => {
    const gateway = await createGateway({
      supergraphSdl: subgraphs.supergraphSdl,
      port: 0,
      subgraphUrls: subgraphs.urls,
      trustedProxies: [],
      logger: createJsonLogger({ write: () => {} }),
    });
    try {
      subgraphs.received.length = 0;
      await postJson(gateway.graphqlUrl, QUERY, { 'x-forwarded-for': '203.0.113.50' });
      assert.equal(subgraphs.received[0]?.headers['x-forwarded-for'], '127.0.0.1');
    } finally {
      await gateway.stop();
    }
  });
});
