/**
 * Composes the committed subgraph SDLs (services/<name>/schema.graphql) into
 * gateway/supergraph.graphql and gateway/supergraph-api.graphql.
 *
 *   tsx scripts/compose.ts            write both files
 *   tsx scripts/compose.ts --check    fail when the committed files differ from a fresh composition
 *
 * Env: SERVICES_DIR (default ../services), SUPERGRAPH_OUT_DIR (default gateway/),
 * SUBGRAPH_<NAME>_URL (routing URL written into the supergraph).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MissingSubgraphSchemaError, composeSubgraphs, readSubgraphSources } from '../src/compose.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function main(argv: string[]): number {
  const check = argv.includes('--check');
  const servicesDir = path.resolve(process.env.SERVICES_DIR ?? path.join(gatewayDir, '..', 'services'));
  const outDir = path.resolve(process.env.SUPERGRAPH_OUT_DIR ?? gatewayDir);

  let sources;
  try {
    sources = readSubgraphSources({ servicesDir, env: process.env });
  } catch (error) {
    if (error instanceof MissingSubgraphSchemaError) {
      console.error(`compose: ${error.message}`);
      return 1;
    }
    throw error;
  }

  const outcome = composeSubgraphs(sources);
  if (!outcome.ok) {
    console.error(`compose: composition failed with ${outcome.errors.length} error(s):`);
    for (const message of outcome.errors) console.error(`  - ${message}`);
    return 1;
  }
  for (const hint of outcome.hints) console.error(`compose: hint: ${hint}`);

  const outputs = [
    { file: path.join(outDir, 'supergraph.graphql'), content: outcome.supergraphSdl },
    { file: path.join(outDir, 'supergraph-api.graphql'), content: outcome.apiSchemaSdl },
  ];

  if (check) {
    const stale = outputs.filter(
      ({ file, content }) => !existsSync(file) || readFileSync(file, 'utf8') !== content,
    );
    if (stale.length > 0) {
      console.error('compose: committed supergraph is out of date; run `npm run compose` in gateway/:');
      for (const { file } of stale) console.error(`  - ${path.relative(process.cwd(), file) || file}`);
      return 1;
    }
    console.log(`compose: supergraph is up to date (${sources.length} subgraphs)`);
    return 0;
  }

  for (const { file, content } of outputs) writeFileSync(file, content);
  console.log(
    `compose: wrote ${outputs.map(({ file }) => path.relative(process.cwd(), file)).join(', ')} ` +
      `from ${sources.length} subgraphs`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
