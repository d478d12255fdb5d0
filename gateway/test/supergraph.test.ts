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
