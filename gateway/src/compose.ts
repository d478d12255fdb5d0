import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse, printSchema } from 'graphql';
import {
  SUBGRAPH_NAMES,
  defaultSubgraphUrl,
  subgraphUrlOverridesFromEnv,
  type SubgraphName,
} from './subgraphs.js';

export interface SubgraphSource {
  name: string;
  url: string;
  sdl: string;
}

export type CompositionOutcome =
  | { ok: true; supergraphSdl: string; apiSchemaSdl: string; hints: string[] }
  | { ok: false; errors: string[] };

/** Composes subgraph SDLs into the supergraph SDL and the client-facing API schema. */
export function composeSubgraphs(subgraphs: readonly SubgraphSource[]): CompositionOutcome {
  const parseErrors: string[] = [];
  const services = subgraphs.flatMap((subgraph) => {
    try {
      return [{ name: subgraph.name, url: subgraph.url, typeDefs: parse(subgraph.sdl) }];
    } catch (error) {
      parseErrors.push(`[${subgraph.name}] ${(error as Error).message}`);
      return [];
    }
  });
  if (parseErrors.length > 0) return { ok: false, errors: parseErrors };

  const result = composeServices(services);
  if (result.errors) {
    return {
      ok: false,
      errors: result.errors.map((error) => {
        const code = error.extensions?.['code'];
        return typeof code === 'string' ? `[${code}] ${error.toString()}` : error.toString();
      }),
    };
  }
  const apiSchema = result.schema.toAPISchema().toGraphQLJSSchema();
  return {
    ok: true,
    supergraphSdl: withTrailingNewline(result.supergraphSdl),
    apiSchemaSdl: withTrailingNewline(printSchema(apiSchema)),
    hints: result.hints.map((hint) => hint.toString()),
  };
}

export class MissingSubgraphSchemaError extends Error {
  constructor(readonly files: string[]) {
    super(
      `Missing subgraph schema file(s):\n${files.map((file) => `  - ${file}`).join('\n')}\n` +
        'Each service must commit its exported SDL as services/<name>/schema.graphql.',
    );
    this.name = 'MissingSubgraphSchemaError';
  }
}

/**
 * Reads `<servicesDir>/<name>/schema.graphql` for every subgraph. URLs default to the local
 * ports and can be overridden with `SUBGRAPH_<NAME>_URL`.
 */
export function readSubgraphSources(options: {
  servicesDir: string;
  names?: readonly SubgraphName[];
  env?: NodeJS.ProcessEnv;
}): SubgraphSource[] {
  const names = options.names ?? SUBGRAPH_NAMES;
  const overrides = subgraphUrlOverridesFromEnv(options.env ?? {}, names);
  const files = names.map((name) => path.join(options.servicesDir, name, 'schema.graphql'));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new MissingSubgraphSchemaError(missing);
  return names.map((name, index) => ({
    name,
    url: overrides[name] ?? defaultSubgraphUrl(name),
    sdl: readFileSync(files[index]!, 'utf8'),
  }));
}

function withTrailingNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
