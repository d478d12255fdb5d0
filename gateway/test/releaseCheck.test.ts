import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { buildSchema, parse } from 'graphql';
import { brokenOperations, webOperationsFrom } from '../src/releaseCheck.js';
import { SUBGRAPH_NAMES } from '../src/subgraphs.js';
import { gatewayDir, runGatewayScript } from './support/scripts.js';

const repoDir = path.join(gatewayDir, '..');

describe('webOperationsFrom and brokenOperations', () => {
  const schema = buildSchema(`
    type Query { job(id: ID!): Job }
    type Job { id: ID! title: String! }
  `);
  const definitions = parse(`
    query JobTitle($id: ID!) { job(id: $id) { ...JobCard } }
    query JobIdOnly($id: ID!) { job(id: $id) { id } }
    fragment JobCard on Job { id ...JobHeading }
    fragment JobHeading on Job { title }
    fragment Unused on Job { salary }
  `).definitions;

  test('an operation carries every fragment it spreads, transitively; unused fragments stand alone', () => {
    const operations = webOperationsFrom(definitions, (name) => `app/${name}.tsx`);
    assert.deepEqual(
      operations.map(({ name, kind }) => `${kind} ${name}`),
      ['query JobTitle', 'query JobIdOnly', 'fragment Unused'],
    );
    assert.equal(operations[0]!.document.definitions.length, 3);
    assert.equal(operations[0]!.file, 'app/JobTitle.tsx');
  });

  test('names each operation the schema no longer serves, with the validation error', () => {
    const broken = brokenOperations(schema, webOperationsFrom(definitions));
    assert.deepEqual(broken.map(({ name }) => name), ['Unused']);
    assert.match(broken[0]!.errors[0]!, /Cannot query field "salary" on type "Job"/);
  });
});

describe('scripts/release-check.ts against the web and copies of the subgraph schemas', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'gateway-release-check-'));
  const servicesDir = path.join(workDir, 'services');
  const releasesDir = path.join(workDir, 'releases');
  after(() => rmSync(workDir, { recursive: true, force: true }));

  // Every subgraph released as it is committed today; each test then changes the jobs subgraph.
  beforeEach(() => {
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(releasesDir, { recursive: true });
    for (const name of SUBGRAPH_NAMES) {
      const committed = path.join(repoDir, 'services', name, 'schema.graphql');
      mkdirSync(path.join(servicesDir, name), { recursive: true });
      cpSync(committed, path.join(servicesDir, name, 'schema.graphql'));
      cpSync(committed, path.join(releasesDir, `${name}.graphql`));
    }
  });

  const jobsSchema = path.join(servicesDir, 'jobs', 'schema.graphql');
  /** Rewrites the jobs subgraph's `type Job @key(fields: "id") { ... }` block. */
  const changeJobType = (change: (block: string) => string) => {
    const sdl = readFileSync(jobsSchema, 'utf8');
    const start = sdl.indexOf('type Job @key(fields: "id") {');
    assert.ok(start >= 0, 'the jobs subgraph defines type Job');
    const end = sdl.indexOf('\n}\n', start);
    const block = sdl.slice(start, end);
    const changed = change(block);
    assert.notEqual(changed, block, 'the change applies');
    writeFileSync(jobsSchema, sdl.slice(0, start) + changed + sdl.slice(end));
  };
  const run = (...args: string[]) =>
    runGatewayScript('release-check.ts', args, {
      SERVICES_DIR: servicesDir,
      RELEASES_DIR: releasesDir,
      WEB_DIR: path.join(repoDir, 'web'),
    });

  test('nothing changed since the releases: a cheap pass', () => {
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /nothing to check/);
  });

  test('a field the web uses removed from jobs: fails naming the operations and their files', () => {
    changeJobType((block) => block.replace(/\n  title: String!\n/, '\n'));
    const result = run();
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /releasing jobs breaks \d+ web operation\(s\)/);
    assert.match(result.stderr, /- query \w+ \(app\/[\w/.-]+\.tsx?\):\n\s+Cannot query field "title" on type "Job"/);
    assert.doesNotMatch(result.stderr, /does not compose/);
  });

  test('a new optional field on jobs: passes', () => {
    changeJobType((block) => `${block}\n  """Added in this release."""\n  releaseProbe: String`);
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /jobs can be released alone: it composes with the released subgraphs and the web's \d+ operations validate/);

    // the gateway released beside it serves exactly that composition
    const outDir = path.join(workDir, 'gateway-release');
    const written = run('--service', 'jobs', '--supergraph-out', outDir);
    assert.equal(written.status, 0, written.stderr);
    assert.match(readFileSync(path.join(outDir, 'supergraph.graphql'), 'utf8'), /releaseProbe: String/);
    assert.match(readFileSync(path.join(outDir, 'supergraph-api.graphql'), 'utf8'), /releaseProbe: String/);
  });

  test('a change the released subgraphs cannot compose with: fails with the composition error', () => {
    // analytics (released) extends Job with `id: ID!`; jobs now says String!
    changeJobType((block) => block.replace('\n  id: ID!\n', '\n  id: String!\n'));
    const result = run('--service', 'jobs');
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /jobs does not compose with the released subgraphs/);
    assert.match(result.stderr, /\[FIELD_TYPE_MISMATCH\].*"Job\.id"/);
  });

  test('each changed subgraph is checked against the released others, not their current schemas', () => {
    // analytics' current schema no longer composes (its Job.id disagrees with jobs'); it is not
    // released, so jobs can still go out alone, while analytics cannot.
    const analytics = path.join(servicesDir, 'analytics', 'schema.graphql');
    const sdl = readFileSync(analytics, 'utf8');
    const changed = sdl.replace(/(type Job @key\(fields: "id"\) \{\n  id: )ID!/, '$1String!');
    assert.notEqual(changed, sdl, 'the change applies');
    writeFileSync(analytics, changed);
    changeJobType((block) => `${block}\n  releaseProbe: String`);

    const result = run();
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stdout, /jobs can be released alone/);
    assert.match(result.stderr, /analytics does not compose with the released subgraphs/);
    assert.doesNotMatch(result.stderr, /jobs does not compose|releasing jobs breaks/);
  });

  test('the released web counts too: an operation only it still sends fails, named as the released web\'s', () => {
    // this commit's web asks for Job.slug only; the web in production still asks for Job.title
    const webDir = path.join(workDir, 'web');
    const documentMap = path.join(webDir, 'app', 'lib', 'graphql', 'generated', 'gql.ts');
    mkdirSync(path.dirname(documentMap), { recursive: true });
    writeFileSync(
      documentMap,
      'const documents: Documents = {\n' +
        `    ${JSON.stringify('\n  query JobSlug($id: ID!) { job(id: $id) { id slug } }\n')}: types.JobSlugDocument,\n};\n`,
    );
    writeFileSync(path.join(releasesDir, 'web.graphql'), 'query JobTitle($id: ID!) { job(id: $id) { id title } }\n');
    changeJobType((block) => block.replace(/\n  title: String!\n/, '\n'));

    const result = runGatewayScript('release-check.ts', [], {
      SERVICES_DIR: servicesDir,
      RELEASES_DIR: releasesDir,
      WEB_DIR: webDir,
    });
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /releasing jobs breaks 1 web operation\(s\):\n  - query JobTitle \(the released web\):\n\s+Cannot query field "title"/);
    assert.doesNotMatch(result.stderr, /JobSlug/);

    const printed = runGatewayScript('release-check.ts', ['--web-documents'], { WEB_DIR: webDir });
    assert.equal(printed.stdout, 'query JobSlug($id: ID!) {\n  job(id: $id) {\n    id\n    slug\n  }\n}\n');
  });

  test('the web alone, everything it asks for released: passes', () => {
    const result = run('--service', 'web');
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /the web can be released alone: its \d+ operations validate against the released subgraphs/);
  });

  test('the web ahead of its subgraphs: an operation needing an unreleased field fails, naming what goes first', () => {
    // production's jobs has no Job.title yet; this commit's jobs (and web) have it
    const releasedJobs = path.join(releasesDir, 'jobs.graphql');
    const sdl = readFileSync(releasedJobs, 'utf8');
    const start = sdl.indexOf('type Job @key(fields: "id") {');
    const end = sdl.indexOf('\n}\n', start);
    const block = sdl.slice(start, end);
    const withoutTitle = block.replace(/\n  title: String!\n/, '\n');
    assert.notEqual(withoutTitle, block, 'the released Job type loses its title');
    writeFileSync(releasedJobs, sdl.slice(0, start) + withoutTitle + sdl.slice(end));

    const result = run('--service', 'web');
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /the web needs what the released subgraphs do not serve yet/);
    assert.match(result.stderr, /query \w+ \(app\/[^)]+\); release jobs first:\n\s+Cannot query field "title" on type "Job"/);
    // releasing jobs first makes it pass
    cpSync(jobsSchema, releasedJobs);
    assert.equal(run('--service', 'web').status, 0);
  });

  test('an unknown --service is refused', () => {
    const result = run('--service', 'payroll');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--service takes one of identity/);
  });
});
