import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

test("a visitor's /jobs search is one subgraph fetch: the bookmarks' jobs fetch only when signed in (ADR 0047, ADR 0070)", async () => {
  const fetched: string[] = [];
  const subgraph = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { query } = JSON.parse(body) as { query: string };
      const name = req.url?.startsWith('/jobs') ? 'jobs' : 'search';
      fetched.push(name);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          name === 'jobs'
            ? { data: { _entities: [{ __typename: 'Job', bookmarked: true }] } }
            : {
                data: {
                  jobSearch: {
                    __typename: 'JobSearchResults',
                    total: 1,
                    hits: [{ job: { __typename: 'Job', id: 'j1' }, title: query.includes('title') ? 'Nurse' : null }],
                  },
                },
              },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => subgraph.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(subgraph.address() as AddressInfo).port}`;
  const gateway = await createGateway({
    supergraphSdl: readFileSync(supergraphPath, 'utf8'),
    port: 0,
    subgraphUrls: { search: `${base}/search/graphql`, jobs: `${base}/jobs/graphql` },
    logger: createJsonLogger({ write: () => {} }),
  });
  // the shape of web's JobSearch (app/features/search/documents.ts): the bookmark only when signed in
  const query = `query JobSearch($input: JobSearchInput!, $signedIn: Boolean! = false) {
    jobSearch(input: $input) { __typename
      ... on JobSearchResults { total hits { job { id bookmarked @include(if: $signedIn) } title } } } }`;
  try {
    const visitor = await postJson(gateway.graphqlUrl, { query, variables: { input: { language: 'en' } } });
    assert.equal(visitor.status, 200, visitor.text);
    assert.deepEqual(visitor.body.data.jobSearch.hits, [{ job: { id: 'j1' }, title: 'Nurse' }]);
    assert.deepEqual(fetched, ['search']);

    fetched.length = 0;
    const signedIn = await postJson(gateway.graphqlUrl, {
      query,
      variables: { input: { language: 'en' }, signedIn: true },
    });
    assert.deepEqual(signedIn.body.data.jobSearch.hits, [{ job: { id: 'j1', bookmarked: true }, title: 'Nurse' }]);
    assert.deepEqual(fetched, ['search', 'jobs']);
  } finally {
    await gateway.stop();
    await new Promise<void>((resolve) => subgraph.close(() => resolve()));
  }
});
