/**
 * Can a subgraph be released alone? (ADR 0045)
 *
 *   tsx scripts/release-check.ts               every subgraph whose schema differs from its released one
 *   tsx scripts/release-check.ts --service jobs  that subgraph, changed or not
 *   tsx scripts/release-check.ts --service web   the web alone: its operations against every subgraph as released
 *   tsx scripts/release-check.ts --web-documents   print the web's documents (scripts/release.py record web)
 *   tsx scripts/release-check.ts --service jobs --supergraph-out DIR
 *        and write the supergraph the gateway serves beside that release (supergraph.graphql,
 *        supergraph-api.graphql) into DIR
 *
 * For each, composes services/<name>/schema.graphql with every other subgraph's released SDL
 * (deploy/releases/<other>.graphql) and validates every operation of the web, this commit's and the
 * released one's (deploy/releases/web.graphql), against the API schema.
 * Exits 1 on a composition error or a broken operation.
 *
 * Env: SERVICES_DIR (../services), RELEASES_DIR (../deploy/releases), WEB_DIR (../web).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parse, print } from 'graphql';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MissingSubgraphSchemaError, readSubgraphSources } from '../src/compose.js';
import {
  changedSubgraphs,
  checkRelease,
  checkWebRelease,
  readReleasedWebOperations,
  readWebOperations,
  webDocumentSources,
} from '../src/releaseCheck.js';
import { SUBGRAPH_NAMES } from '../src/subgraphs.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The web released ahead of its subgraphs: every operation it sends must be served by what runs. */
function checkWeb(current: ReturnType<typeof readSubgraphSources>, releasesDir: string, webDir: string): number {
  const outcome = checkWebRelease({ current, releasesDir, operations: readWebOperations(webDir) });
  if (outcome.ok) {
    console.log(
      `release-check: the web can be released alone: its ${outcome.operations} operations validate ` +
        'against the released subgraphs',
    );
    return 0;
  }
  if (outcome.compositionErrors.length > 0) {
    console.error('release-check: the released subgraphs do not compose:');
    for (const message of outcome.compositionErrors) console.error(`  - ${message}`);
    return 1;
  }
  console.error(
    `release-check: the web needs what the released subgraphs do not serve yet ` +
      `(${outcome.brokenOperations.length} operation(s)):`,
  );
  for (const operation of outcome.brokenOperations) {
    const first = operation.needs.length > 0 ? `; release ${operation.needs.join(' or ')} first` : '';
    console.error(`  - ${operation.kind} ${operation.name}${operation.file ? ` (${operation.file})` : ''}${first}:`);
    for (const message of operation.errors) console.error(`      ${message}`);
  }
  return 1;
}

function main(argv: string[]): number {
  const root = path.join(gatewayDir, '..');
  const servicesDir = path.resolve(process.env.SERVICES_DIR ?? path.join(root, 'services'));
  const releasesDir = path.resolve(process.env.RELEASES_DIR ?? path.join(root, 'deploy', 'releases'));
  const webDir = path.resolve(process.env.WEB_DIR ?? path.join(root, 'web'));
  if (argv.includes('--web-documents')) {
    const documents = webDocumentSources(webDir).map((source) => print(parse(source)));
    process.stdout.write(`${documents.join('\n\n')}\n`);
    return 0;
  }
  const serviceFlag = argv.indexOf('--service');
  const requested = serviceFlag >= 0 ? argv[serviceFlag + 1] : undefined;
  if (serviceFlag >= 0 && (!requested || ![...SUBGRAPH_NAMES, 'web'].includes(requested))) {
    console.error(`release-check: --service takes one of ${SUBGRAPH_NAMES.join(', ')}, or web`);
    return 2;
  }
  const outFlag = argv.indexOf('--supergraph-out');
  const outDir = outFlag >= 0 ? argv[outFlag + 1] : undefined;
  if (outFlag >= 0 && (!outDir || !requested)) {
    console.error('release-check: --supergraph-out DIR needs --service <name>');
    return 2;
  }

  let current;
  try {
    current = readSubgraphSources({ servicesDir });
  } catch (error) {
    if (error instanceof MissingSubgraphSchemaError) {
      console.error(`release-check: ${error.message}`);
      return 1;
    }
    throw error;
  }

  if (requested === 'web') return checkWeb(current, releasesDir, webDir);

  const subgraphs = requested ? [requested] : changedSubgraphs(current, releasesDir);
  if (subgraphs.length === 0) {
    console.log('release-check: every subgraph schema is the released one; nothing to check');
    return 0;
  }

  const operations = readWebOperations(webDir);
  const releasedOperations = readReleasedWebOperations(releasesDir, operations);
  let failed = 0;
  for (const subgraph of subgraphs) {
    const outcome = checkRelease({ subgraph, current, releasesDir, operations, releasedOperations });
    if (outcome.ok) {
      console.log(
        `release-check: ${subgraph} can be released alone: it composes with the released subgraphs ` +
          `and the web's ${outcome.operations} operations validate`,
      );
      if (outDir) {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, 'supergraph.graphql'), outcome.supergraphSdl);
        writeFileSync(path.join(outDir, 'supergraph-api.graphql'), outcome.apiSchemaSdl);
        console.log(`release-check: wrote the gateway's supergraph for this release to ${outDir}`);
      }
      continue;
    }
    failed += 1;
    if (outcome.compositionErrors.length > 0) {
      console.error(
        `release-check: ${subgraph} does not compose with the released subgraphs ` +
          `(${outcome.compositionErrors.length} error(s)):`,
      );
      for (const message of outcome.compositionErrors) console.error(`  - ${message}`);
    }
    if (outcome.brokenOperations.length > 0) {
      console.error(
        `release-check: releasing ${subgraph} breaks ${outcome.brokenOperations.length} web operation(s):`,
      );
      for (const operation of outcome.brokenOperations) {
        const where = operation.web === 'released' ? 'the released web' : operation.file;
        console.error(`  - ${operation.kind} ${operation.name}${where ? ` (${where})` : ''}:`);
        for (const message of operation.errors) console.error(`      ${message}`);
      }
    }
  }
  if (failed > 0) {
    console.error(
      'release-check: keep the change backwards compatible (expand, release, migrate the web, then contract; ' +
        'deploy/k8s/README.md), or release what it depends on first',
    );
    return 1;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
