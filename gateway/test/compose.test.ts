import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { assertObjectType, buildSchema } from 'graphql';
import { composeSubgraphs } from '../src/compose.js';
import { SUBGRAPH_NAMES } from '../src/subgraphs.js';
import { runGatewayScript } from './support/scripts.js';
import { fixtureSdl } from './support/subgraphs.js';

describe('composeSubgraphs', () => {
  test('composes the fixture subgraphs into a supergraph and an API schema', () => {
    const outcome = composeSubgraphs([
      { name: 'identity', url: 'http://127.0.0.1:8101/graphql', sdl: fixtureSdl('identity') },
      { name: 'jobs', url: 'http://127.0.0.1:8103/graphql', sdl: fixtureSdl('jobs') },
    ]);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.errors.join('\n'));
    assert.match(outcome.supergraphSdl, /@link\(url: "https:\/\/specs\.apollo\.dev\/join\/v0\.\d+"/);
    assert.match(outcome.supergraphSdl, /IDENTITY @join__graph\(name: "identity", url: "http:\/\/127\.0\.0\.1:8101\/graphql"\)/);
    const api = buildSchema(outcome.apiSchemaSdl);
    assert.deepEqual(Object.keys(assertObjectType(api.getType('User')).getFields()).sort(), ['id', 'name', 'postedJobs']);
    assert.equal(api.getType('_Entity'), undefined);
    assert.doesNotMatch(outcome.apiSchemaSdl, /join__|link__/);
  });

  test('reports composition errors instead of a supergraph', () => {
    const outcome = composeSubgraphs([
      { name: 'identity', url: 'http://a/graphql', sdl: fixtureSdl('identity') },
      { name: 'broken', url: 'http://b/graphql', sdl: fixtureSdl('broken') },
    ]);
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.ok && outcome.errors.some((error) => /User\.name.*incompatible/.test(error)));
  });

  test('reports SDL syntax errors with the subgraph name', () => {
    const outcome = composeSubgraphs([{ name: 'jobs', url: 'http://a/graphql', sdl: 'type Query {' }]);
    assert.ok(!outcome.ok && /^\[jobs\] Syntax Error/.test(outcome.errors[0]!));
  });
});

describe('scripts/compose.ts', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'gateway-compose-'));
  const servicesDir = path.join(workDir, 'services');
  const outDir = path.join(workDir, 'out');
  mkdirSync(outDir);
  after(() => rmSync(workDir, { recursive: true, force: true }));

  const writeService = (name: string, sdl: string) => {
    mkdirSync(path.join(servicesDir, name), { recursive: true });
    writeFileSync(path.join(servicesDir, name, 'schema.graphql'), sdl);
  };
  const run = (...args: string[]) =>
    runGatewayScript('compose.ts', args, {
      SERVICES_DIR: servicesDir,
      SUPERGRAPH_OUT_DIR: outDir,
      SUBGRAPH_SEARCH_URL: 'http://search.internal:8107/graphql',
    });

  test('exits 1 naming the missing schema file', () => {
    writeService('identity', fixtureSdl('identity'));
    const result = run();
    assert.equal(result.status, 1, result.stderr);
    assert.ok(result.stderr.includes(path.join(servicesDir, 'organizations', 'schema.graphql')), result.stderr);
    assert.ok(!result.stderr.includes(path.join(servicesDir, 'identity', 'schema.graphql')), result.stderr);
  });

  test('writes both files, and --check passes only while they are fresh', () => {
    for (const name of SUBGRAPH_NAMES) {
      if (name === 'identity') continue;
      writeService(
        name,
        name === 'jobs'
          ? fixtureSdl('jobs')
          : `schema @link(url: "https://specs.apollo.dev/federation/v2.11", import: ["@key"]) { query: Query }\n` +
              `type Query { ${name}Version: String! }\n`,
      );
    }
    const stale = run('--check');
    assert.equal(stale.status, 1, stale.stderr);
    assert.match(stale.stderr, /out of date/);

    const written = run();
    assert.equal(written.status, 0, written.stderr);
    const supergraph = readFileSync(path.join(outDir, 'supergraph.graphql'), 'utf8');
    assert.match(supergraph, /url: "http:\/\/127\.0\.0\.1:8106\/graphql"/);
    assert.match(supergraph, /url: "http:\/\/search\.internal:8107\/graphql"/);
    assert.match(readFileSync(path.join(outDir, 'supergraph-api.graphql'), 'utf8'), /analyticsVersion: String!/);

    const fresh = run('--check');
    assert.equal(fresh.status, 0, fresh.stderr);

    writeService(
      'billing',
      `schema @link(url: "https://specs.apollo.dev/federation/v2.11", import: ["@key"]) { query: Query }\n` +
        `type Query { billingVersion: String! billingCurrency: String }\n`,
    );
    const drifted = run('--check');
    assert.equal(drifted.status, 1);
    assert.match(drifted.stderr, /supergraph(-api)?\.graphql/);
  });

  test('exits 1 and prints the errors when composition fails', () => {
    writeService('billing', fixtureSdl('broken'));
    const result = run();
    assert.equal(result.status, 1);
    assert.match(result.stderr, /composition failed/);
    assert.match(result.stderr, /INVALID_FIELD_SHARING|FIELD_TYPE_MISMATCH/);
  });
});
