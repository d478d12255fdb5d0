import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { createGateway } from '../src/gateway.js';
import { createJsonLogger } from '../src/logger.js';
import { postJson } from './support/http.js';

process.env.APOLLO_TELEMETRY_DISABLED = '1';

const supergraphPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'supergraph.graphql');

test(
  'the committed supergraph loads and serves introspection',
  { skip: !existsSync(supergraphPath) && 'no supergraph.graphql yet (npm run compose)' },
  async () => {
    const gateway = await createGateway({
      supergraphSdl: readFileSync(supergraphPath, 'utf8'),
      port: 0,
      logger: createJsonLogger({ write: () => {} }),
    });
    try {
      const response = await postJson(gateway.graphqlUrl, { query: '{ __schema { queryType { name } } }' });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.data, { __schema: { queryType: { name: 'Query' } } });
    } finally {
      await gateway.stop();
    }
  },
);

test('in production the schema stays hidden: no introspection, no landing page', async () => {
  const gateway = await createGateway({
    supergraphSdl: readFileSync(supergraphPath, 'utf8'),
    port: 0,
    production: true,
    logger: createJsonLogger({ write: () => {} }),
  });
  try {
    const response = await postJson(gateway.graphqlUrl, { query: '{ __schema { queryType { name } } }' });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
    assert.match(response.body.errors[0].message, /introspection/i);
    const page = await fetch(gateway.graphqlUrl, { headers: { accept: 'text/html' } });
    assert.ok(!(await page.text()).includes('<html'), 'no landing page in production');
  } finally {
    await gateway.stop();
  }
});

test('outside production the landing page answers browsers', async () => {
  const gateway = await createGateway({
    supergraphSdl: readFileSync(supergraphPath, 'utf8'),
    port: 0,
    logger: createJsonLogger({ write: () => {} }),
  });
  try {
    const page = await fetch(gateway.graphqlUrl, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);
  } finally {
    await gateway.stop();
  }
});
