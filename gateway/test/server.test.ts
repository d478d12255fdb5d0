import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { postJson } from './support/http.js';
import { startTestSubgraphs, type TestSubgraphs } from './support/subgraphs.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The real entry point (telemetry loaded first, env configuration, supergraph file) as a child
 * process, against the in-process subgraphs.
 */
describe('server entry point', () => {
  let subgraphs: TestSubgraphs;
  let child: ChildProcessWithoutNullStreams;
  let graphqlUrl: string;
  const lines: Record<string, any>[] = [];
  const workDir = mkdtempSync(path.join(tmpdir(), 'gateway-server-'));

  before(async () => {
    subgraphs = await startTestSubgraphs();
    const supergraphPath = path.join(workDir, 'supergraph.graphql');
    writeFileSync(supergraphPath, subgraphs.supergraphSdl);
    child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './src/telemetry.ts', 'src/server.ts'],
      {
        cwd: gatewayDir,
        env: {
          ...process.env,
          APOLLO_TELEMETRY_DISABLED: '1',
          PORT: '0',
          SUPERGRAPH_PATH: supergraphPath,
          SUBGRAPH_IDENTITY_URL: subgraphs.urls.identity,
          SUBGRAPH_JOBS_URL: subgraphs.urls.jobs,
          GATEWAY_MAX_DEPTH: '4',
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
        },
      },
    );
    graphqlUrl = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          const entry = JSON.parse(line);
          lines.push(entry);
          if (entry.msg === 'gateway ready') resolve(entry.url);
        }
      });
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}: ${stderr}`)));
      setTimeout(() => reject(new Error(`gateway did not start: ${stderr}`)), 120_000).unref();
    });
  });

  after(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await subgraphs?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('routes to the subgraph URLs from SUBGRAPH_<NAME>_URL', async () => {
    const response = await postJson(graphqlUrl, { query: '{ job(id: "j1") { title postedBy { name } } }' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.data, { job: { title: 'Analytical Engineer', postedBy: { name: 'Ada Lovelace' } } });
  });

  test('continues the caller trace into the subgraphs and logs its trace id', async () => {
    subgraphs.received.length = 0;
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await postJson(
      graphqlUrl,
      { query: 'query Traced { job(id: "j2") { postedBy { name } } }' },
      { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    );
    assert.equal(response.status, 200, response.text);
    assert.equal(subgraphs.received.length, 2);
    for (const request of subgraphs.received) {
      const traceparent = String(request.headers.traceparent);
      assert.match(traceparent, new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`), request.subgraph);
      assert.notEqual(traceparent.split('-')[2], '00f067aa0ba902b7', 'the gateway adds its own span');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = lines.find((entry) => entry.msg === 'request' && entry.operations?.includes('Traced'));
    assert.equal(logged?.trace_id, traceId);
  });

  test('reads GATEWAY_MAX_DEPTH', async () => {
    const response = await postJson(graphqlUrl, {
      query: '{ jobs { postedBy { postedJobs { postedBy { id } } } } }',
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].extensions.code, 'QUERY_TOO_DEEP');
  });
});
