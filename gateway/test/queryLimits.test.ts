import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { buildSchema, getIntrospectionQuery, parse, print, type GraphQLError, type OperationDefinitionNode } from 'graphql';
import { DEFAULT_MAX_COST } from '../src/gateway.js';
import {
  QUERY_TOO_COSTLY,
  QUERY_TOO_DEEP,
  SEARCH_FIELD_COST,
  SEARCH_ROOT_FIELDS,
  PASSED_PER_DOCUMENT,
  PassedLimits,
  checkQueryLimits,
  costVariables,
  operationCost,
  queryLimitsPlugin,
  coerceVariablesOnce,
  variablesPlugin,
} from '../src/queryLimits.js';
import { fixtureSdl } from './support/subgraphs.js';

// A subgraph schema has the federation fields (_entities, _service) the gateway itself sends.
const subgraphSchema = buildSubgraphSchema({ typeDefs: parse(fixtureSdl('jobs')) });

describe('checkQueryLimits', () => {
  test('accepts federation _entities and _service operations', () => {
    const entities = parse(`query ($representations: [_Any!]!) {
      _entities(representations: $representations) { ... on User { id postedJobs { id title } } }
    }`);
    assert.deepEqual(
      checkQueryLimits(subgraphSchema, entities, { representations: [{ __typename: 'User', id: 'u1' }] }, {
        maxDepth: 3,
        maxCost: 10,
      }),
      [],
    );
    assert.deepEqual(checkQueryLimits(subgraphSchema, parse('{ _service { sdl } }'), {}, { maxDepth: 2, maxCost: 5 }), []);
  });

  test('ignores introspection for depth and cost', () => {
    const errors = checkQueryLimits(subgraphSchema, parse(getIntrospectionQuery()), {}, { maxDepth: 1, maxCost: 1 });
    assert.deepEqual(errors, []);
  });

  test('allows exactly the maximum depth and rejects one more', () => {
    const three = parse('{ jobs { postedBy { id } } }');
    assert.deepEqual(checkQueryLimits(subgraphSchema, three, {}, { maxDepth: 3, maxCost: 100 }), []);
    const [error] = checkQueryLimits(subgraphSchema, three, {}, { maxDepth: 2, maxCost: 100 });
    assert.equal(error?.extensions.code, QUERY_TOO_DEEP);
    assert.equal(error?.extensions.depth, 3);
  });

  test('survives cyclic fragments (the standard rules report them)', () => {
    const document = parse('{ jobs { ...A } } fragment A on Job { postedBy { postedJobs { ...A } } }');
    assert.doesNotThrow(() => checkQueryLimits(subgraphSchema, document, {}, { maxDepth: 10, maxCost: 100 }));
  });

  test('rejects a costly operation with QUERY_TOO_COSTLY', () => {
    const [error] = checkQueryLimits(subgraphSchema, parse('{ jobs { id title postedBy { id } } }'), {}, {
      maxDepth: 10,
      maxCost: 4,
    });
    assert.equal(error?.extensions.code, QUERY_TOO_COSTLY);
    assert.equal(error?.extensions.cost, 5);
  });

  test('a list costs its selections times its first/limit argument', () => {
    const listSchema = buildSubgraphSchema({
      typeDefs: parse(`
        type Job @key(fields: "id") { id: ID! title: String! }
        type Query { search(limit: Int, first: Int): [Job!]! }
      `),
    });
    const limits = { maxDepth: 10, maxCost: 200 };
    // 1 + 100 x (id + title)
    const [tooCostly] = checkQueryLimits(listSchema, parse('{ search(limit: 100) { id title } }'), {}, limits);
    assert.equal(tooCostly?.extensions.code, QUERY_TOO_COSTLY);
    assert.equal(tooCostly?.extensions.cost, 201);
    const viaVariable = parse('query ($n: Int) { search(first: $n) { id title } }');
    assert.equal(checkQueryLimits(listSchema, viaVariable, { n: 99 }, limits).length, 0);
    assert.equal(checkQueryLimits(listSchema, viaVariable, { n: 100 }, limits).length, 1);
    // without a size argument a list counts as DEFAULT_LIST_SIZE items
    assert.deepEqual(checkQueryLimits(listSchema, parse('{ search { id title } }'), {}, limits), []);
  });

  test('a search root field costs SEARCH_FIELD_COST more, so a request runs only a few searches (ADR 0022)', () => {
    const searchSchema = buildSubgraphSchema({
      typeDefs: parse(`
        type Job @key(fields: "id") { id: ID! title: String! }
        type JobSearchResult { total: Int! hits: [Job!]! }
        type Place { label: String! }
        type Query {
          jobSearch(text: String): JobSearchResult!
          locationSuggestions(text: String!, limit: Int! = 10): [Place!]!
          job(id: ID!): Job
        }
      `),
    });
    const limits = { maxDepth: 10, maxCost: DEFAULT_MAX_COST };
    // the search; total (1) and the hits list (1, plus one hit's two fields)
    assert.equal(operationCost(searchSchema, '{ jobSearch { total hits { id title } } }', {}, undefined), SEARCH_FIELD_COST + 4);
    // a list search: its size times its selections
    assert.equal(
      operationCost(searchSchema, '{ locationSuggestions(text: "Ber", limit: 5) { label } }', {}, undefined),
      SEARCH_FIELD_COST + 5,
    );
    // the same field elsewhere than on the root, or another root field, is an ordinary field
    assert.equal(operationCost(searchSchema, '{ job(id: "1") { id } }', {}, undefined), 2);

    const searches = (count: number) =>
      parse(`{ ${Array.from({ length: count }, (_, index) => `s${index}: jobSearch(text: "${index}") { total }`).join(' ')} }`);
    const most = Math.floor(DEFAULT_MAX_COST / (SEARCH_FIELD_COST + 2));
    assert.deepEqual(checkQueryLimits(searchSchema, searches(most), {}, limits), []);
    const [error] = checkQueryLimits(searchSchema, searches(most + 1), {}, limits);
    assert.equal(error?.extensions.code, QUERY_TOO_COSTLY);
    assert.ok(most < 20, `at most ${most} searches a request`);
  });

  test('names the search root fields of the spec', () => {
    for (const name of ['jobSearch', 'organizationSearch', 'recommendedJobs', 'locationSuggestions', 'resumeSearch']) {
      assert.ok(SEARCH_ROOT_FIELDS.has(name), name);
    }
  });

  test('resumeSearch in the committed API schema costs a search', () => {
    const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const api = buildSchema(readFileSync(path.join(gatewayDir, 'supergraph-api.graphql'), 'utf8'));
    const query = '{ resumeSearch(input: {}) { __typename ... on ResumeSearchResults { total } } }';
    assert.ok(operationCost(api, query, {}, undefined) >= SEARCH_FIELD_COST);
  });

  test('an operation that does not parse or validate costs nothing here (Apollo answers it)', () => {
    assert.equal(operationCost(subgraphSchema, '{ jobs { ', {}, undefined), 0);
    assert.equal(operationCost(subgraphSchema, 42, {}, undefined), 0);
  });
});

describe('limits checked once per document and cost variables (ADR 0070)', () => {
  const listSchema = buildSubgraphSchema({
    typeDefs: parse(`
      type Job @key(fields: "id") { id: ID! title: String! }
      input SearchInput { text: String first: Int }
      type Query { search(input: SearchInput, limit: Int, first: Int): [Job!]! }
    `),
  });
  const limits = { maxDepth: 10, maxCost: 200 };
  const document = parse(`query ($input: SearchInput, $n: Int, $full: Boolean!) {
    search(input: $input, first: $n) { id title @include(if: $full) }
  }`);

  /** What Apollo hands didResolveOperation; the plugin reads these three. */
  async function resolveOperation(plugin: ReturnType<typeof queryLimitsPlugin>, variables: Record<string, unknown>) {
    const listener = await plugin.requestDidStart!({} as never);
    await listener!.didResolveOperation!({ schema: listSchema, document, request: { variables } } as never);
  }

  test('the cost variables: list sizes and directive arguments, not the others', () => {
    assert.deepEqual(costVariables(document), ['full', 'n']);
    assert.deepEqual(costVariables(parse('query ($t: String) { search(input: { text: $t }) { id } }')), []);
    assert.deepEqual(costVariables(parse('query ($l: Int) { search(limit: $l) { id } }')), ['l']);
  });

  test('a document that passed passes again with the same cost variables, whatever the others', async () => {
    const passed = new PassedLimits();
    const plugin = queryLimitsPlugin(limits, passed);
    await resolveOperation(plugin, { input: { text: 'nurse' }, n: 99, full: true });
    assert.ok(passed.has(listSchema, document, { input: { text: 'teacher', first: 1000 }, n: 99, full: true }));
    assert.ok(!passed.has(listSchema, document, { input: { text: 'nurse' }, n: 98, full: true }));
    assert.ok(!passed.has(listSchema, document, { input: { text: 'nurse' }, n: 99, full: false }));
    assert.ok(!passed.has(listSchema, document, { input: { text: 'nurse' }, full: true }), 'absent is not null');
    assert.ok(!passed.has(listSchema, parse(print(document)), { n: 99, full: true }), 'another document object');
  });

  test('a refusal is never remembered: the costly values are refused every time', async () => {
    const passed = new PassedLimits();
    const plugin = queryLimitsPlugin(limits, passed);
    await resolveOperation(plugin, { n: 99, full: true });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await assert.rejects(resolveOperation(plugin, { n: 100, full: true }), (error: GraphQLError) => {
        assert.equal(error.extensions.code, QUERY_TOO_COSTLY);
        return true;
      });
      assert.ok(!passed.has(listSchema, document, { n: 100, full: true }));
    }
    // a cheap selection of the same document with the same size passes
    await resolveOperation(plugin, { n: 100, full: false });
  });

  test('a document keeps at most PASSED_PER_DOCUMENT passing sets', () => {
    const passed = new PassedLimits();
    for (let n = 0; n <= PASSED_PER_DOCUMENT; n += 1) passed.add(listSchema, document, { n, full: true });
    assert.ok(passed.has(listSchema, document, { n: PASSED_PER_DOCUMENT, full: true }));
    assert.ok(!passed.has(listSchema, document, { n: 0, full: true }));
  });
});

describe('coerceVariablesOnce', () => {
  const schema = buildSchema('type Query { job(id: ID!): String }');
  const other = buildSchema('type Query { job(id: ID!): String }');
  const document = parse('query Job($id: ID!) { job(id: $id) }');
  const operation = document.definitions[0] as OperationDefinitionNode;

  async function pluginCoerces(variables: Record<string, unknown>, against = schema) {
    const hooks = await variablesPlugin.requestDidStart!({} as never);
    await (hooks as { didResolveOperation: (context: unknown) => Promise<void> }).didResolveOperation({
      schema: against,
      operation,
      request: { variables },
    });
  }

  test("leaves Apollo's check to every request the plugin did not pass with the same schema", async () => {
    const asked: unknown[] = [];
    const gateway = { validateIncomingRequest: (request: unknown, _operation: unknown) => (asked.push(request), []) };
    coerceVariablesOnce(gateway);
    const context = (variables?: Record<string, unknown>) => ({ request: { ...(variables ? { variables } : {}) } });
    const passed = { id: 'j1' };
    await pluginCoerces(passed);
    assert.deepEqual(gateway.validateIncomingRequest(context(passed) as never, { schema, operation } as never), []);
    assert.equal(asked.length, 0);
    gateway.validateIncomingRequest(context(passed) as never, { schema: other, operation } as never);
    gateway.validateIncomingRequest(context({ id: 'j1' }) as never, { schema, operation } as never);
    gateway.validateIncomingRequest(context() as never, { schema, operation } as never);
    assert.equal(asked.length, 3);
    const refused = { id: { nested: 1 } };
    await assert.rejects(pluginCoerces(refused));
    gateway.validateIncomingRequest(context(refused) as never, { schema, operation } as never);
    assert.equal(asked.length, 4);
  });
});
