/**
 * The release check (ADR 0045): a subgraph released alone must compose with the schemas the other
 * subgraphs run in production, and the web's operations must still validate against the result.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  Kind,
  NoUnusedFragmentsRule,
  print,
  buildSchema,
  parse,
  specifiedRules,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { composeSubgraphs, type SubgraphSource } from './compose.js';
import { type SubgraphName } from './subgraphs.js';

/** One executable definition of the web: an operation, or a fragment no operation spreads. */
export interface WebOperation {
  name: string;
  kind: 'query' | 'mutation' | 'subscription' | 'fragment';
  /** Where the web defines it (relative to the web's folder), when found. */
  file?: string;
  /** The operation with every fragment it spreads, transitively. */
  document: DocumentNode;
}

export interface BrokenOperation {
  /** Whose operation: the web of this commit, or the web running in production. */
  web: 'this commit' | 'released';
  name: string;
  kind: WebOperation['kind'];
  file?: string;
  errors: string[];
}

export type ReleaseCheckOutcome =
  | { ok: true; subgraph: string; operations: number; supergraphSdl: string; apiSchemaSdl: string }
  | { ok: false; subgraph: string; compositionErrors: string[]; brokenOperations: BrokenOperation[] };

/** `<releasesDir>/<name>.graphql`: the SDL each subgraph runs in production. */
export function releasedSchemaPath(releasesDir: string, name: string): string {
  return path.join(releasesDir, `${name}.graphql`);
}

/** The subgraphs whose current SDL differs from their released one (or were never released). */
export function changedSubgraphs(
  current: readonly SubgraphSource[],
  releasesDir: string,
): string[] {
  return current
    .filter(({ name, sdl }) => {
      const file = releasedSchemaPath(releasesDir, name);
      return !existsSync(file) || readFileSync(file, 'utf8') !== sdl;
    })
    .map(({ name }) => name);
}

/**
 * The candidate composition for releasing `subgraph` alone: its current SDL beside every other
 * subgraph's released SDL. A subgraph never released yet takes part with its current SDL only
 * when it is the candidate (it is not in production otherwise). `null`: every subgraph as it
 * runs in production.
 */
export function candidateSources(
  subgraph: string | null,
  current: readonly SubgraphSource[],
  releasesDir: string,
): SubgraphSource[] {
  return current.flatMap((source) => {
    if (source.name === subgraph) return [source];
    const file = releasedSchemaPath(releasesDir, source.name);
    return existsSync(file) ? [{ ...source, sdl: readFileSync(file, 'utf8') }] : [];
  });
}

/**
 * The web's operations, from the document map GraphQL Code Generator writes
 * (`web/app/lib/graphql/generated/gql.ts`): exactly the documents codegen loaded from the web's
 * sources, kept current by `npm run codegen:check`. Each operation carries the fragments it
 * spreads; `file` is looked up in `web/app` by the definition's name.
 */
export function readWebOperations(webDir: string): WebOperation[] {
  const definitions = webDocumentSources(webDir).flatMap((source) => parse(source).definitions);
  const files = definitionFiles(path.join(webDir, 'app'));
  return webOperationsFrom(definitions, (name) => files.get(name) && path.relative(webDir, files.get(name)!));
}

/** Every GraphQL document of the web, as codegen loaded it (see readWebOperations). */
export function webDocumentSources(webDir: string): string[] {
  const documentMap = path.join(webDir, 'app', 'lib', 'graphql', 'generated', 'gql.ts');
  const sources = documentMapSources(readFileSync(documentMap, 'utf8'));
  if (sources.length === 0) throw new Error(`no GraphQL documents found in ${documentMap}`);
  return sources;
}

/**
 * The released web's operations (`<releasesDir>/web.graphql`, written by `scripts/release.py
 * record web`), without the ones this commit's web has unchanged; none before a first record.
 */
export function readReleasedWebOperations(
  releasesDir: string,
  current: readonly WebOperation[],
): WebOperation[] {
  const file = path.join(releasesDir, 'web.graphql');
  if (!existsSync(file)) return [];
  const unchanged = new Set(current.map((operation) => print(operation.document)));
  return webOperationsFrom(parse(readFileSync(file, 'utf8')).definitions).filter(
    (operation) => !unchanged.has(print(operation.document)),
  );
}

export function webOperationsFrom(
  definitions: readonly DefinitionNode[],
  fileOf: (name: string) => string | undefined = () => undefined,
): WebOperation[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const spreadSomewhere = new Set<string>();
  const withFragments = (root: OperationDefinitionNode | FragmentDefinitionNode): DocumentNode => {
    const needed = new Map<string, FragmentDefinitionNode>();
    const pending: (OperationDefinitionNode | FragmentDefinitionNode)[] = [root];
    while (pending.length > 0) {
      visit(pending.pop()!, {
        FragmentSpread(node) {
          const name = node.name.value;
          spreadSomewhere.add(name);
          const fragment = fragments.get(name);
          if (fragment && !needed.has(name) && fragment !== root) {
            needed.set(name, fragment);
            pending.push(fragment);
          }
        },
      });
    }
    return { kind: Kind.DOCUMENT, definitions: [root, ...needed.values()] };
  };

  const operations: WebOperation[] = [];
  for (const definition of definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const name = definition.name?.value ?? '(anonymous)';
    operations.push({ name, kind: definition.operation, file: fileOf(name), document: withFragments(definition) });
  }
  // A fragment no operation uses is still the web's code (a component's data needs).
  for (const [name, fragment] of fragments) {
    if (spreadSomewhere.has(name)) continue;
    operations.push({ name, kind: 'fragment', file: fileOf(name), document: withFragments(fragment) });
  }
  return operations;
}

/** The operations the API schema no longer serves, each with graphql-js's validation errors. */
export function brokenOperations(
  apiSchema: GraphQLSchema,
  operations: readonly WebOperation[],
  web: BrokenOperation['web'] = 'this commit',
): BrokenOperation[] {
  const fragmentRules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
  return operations.flatMap((operation) => {
    const errors = validate(apiSchema, operation.document, operation.kind === 'fragment' ? fragmentRules : undefined);
    if (errors.length === 0) return [];
    const { name, kind, file } = operation;
    return [{ web, name, kind, file, errors: errors.map((error) => error.message) }];
  });
}

/** Composes `subgraph`'s current SDL with the others' released SDL and validates the web's operations. */
export function checkRelease(options: {
  subgraph: SubgraphName | string;
  current: readonly SubgraphSource[];
  releasesDir: string;
  /** This commit's web operations. */
  operations: readonly WebOperation[];
  /** The released web's operations this commit does not have unchanged. */
  releasedOperations?: readonly WebOperation[];
}): ReleaseCheckOutcome {
  const { subgraph, operations, releasedOperations = [] } = options;
  const outcome = composeSubgraphs(candidateSources(subgraph, options.current, options.releasesDir));
  if (!outcome.ok) return { ok: false, subgraph, compositionErrors: outcome.errors, brokenOperations: [] };
  const apiSchema = buildSchema(outcome.apiSchemaSdl);
  const broken = [
    ...brokenOperations(apiSchema, operations),
    ...brokenOperations(apiSchema, releasedOperations, 'released'),
  ];
  if (broken.length > 0) return { ok: false, subgraph, compositionErrors: [], brokenOperations: broken };
  return {
    ok: true,
    subgraph,
    operations: operations.length + releasedOperations.length,
    supergraphSdl: outcome.supergraphSdl,
    apiSchemaSdl: outcome.apiSchemaSdl,
  };
}

export type WebReleaseOutcome =
  | { ok: true; operations: number }
  | {
      ok: false;
      compositionErrors: string[];
      /** Each operation the released subgraphs do not serve, with the subgraphs whose unreleased schema does. */
      brokenOperations: (BrokenOperation & { needs: string[] })[];
    };

/**
 * Releasing the web alone: this commit's operations against every subgraph as it runs in
 * production. An operation that needs a subgraph change not released yet fails, naming the
 * subgraphs whose current schema serves it: those go out first.
 */
export function checkWebRelease(options: {
  current: readonly SubgraphSource[];
  releasesDir: string;
  operations: readonly WebOperation[];
}): WebReleaseOutcome {
  const { current, releasesDir, operations } = options;
  const released = composeSubgraphs(candidateSources(null, current, releasesDir));
  if (!released.ok) return { ok: false, compositionErrors: released.errors, brokenOperations: [] };
  const broken = brokenOperations(buildSchema(released.apiSchemaSdl), operations);
  if (broken.length === 0) return { ok: true, operations: operations.length };
  // which unreleased subgraph, released alone, serves each broken operation
  const candidates = changedSubgraphs(current, releasesDir).flatMap((subgraph) => {
    const outcome = composeSubgraphs(candidateSources(subgraph, current, releasesDir));
    return outcome.ok ? [{ subgraph, schema: buildSchema(outcome.apiSchemaSdl) }] : [];
  });
  const byName = new Map(operations.map((operation) => [operation.name, operation]));
  return {
    ok: false,
    compositionErrors: [],
    brokenOperations: broken.map((operation) => {
      const definition = byName.get(operation.name)!;
      const needs = candidates
        .filter(({ schema }) => brokenOperations(schema, [definition]).length === 0)
        .map(({ subgraph }) => subgraph);
      return { ...operation, needs };
    }),
  };
}

/** The string keys of codegen's `const documents = { "<source>": types.X, ... }`. */
function documentMapSources(text: string): string[] {
  const start = text.indexOf('const documents');
  if (start < 0) return [];
  const end = text.indexOf('\n};', start);
  const body = text.slice(start, end < 0 ? undefined : end);
  const sources: string[] = [];
  for (const match of body.matchAll(/^\s*("(?:[^"\\]|\\.)*")\s*:\s*types\.\w+,?\s*$/gm)) {
    sources.push(JSON.parse(match[1]!) as string);
  }
  return sources;
}

/** Definition name -> the web source file whose graphql(`...`) defines it. */
function definitionFiles(appDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        if (!text.includes('graphql(')) continue;
        for (const match of text.matchAll(/\b(?:query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/g)) {
          if (!files.has(match[1]!)) files.set(match[1]!, full);
        }
      }
    }
  };
  if (existsSync(appDir)) walk(appDir);
  return files;
}
