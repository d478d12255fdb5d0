import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createGateway, type RunningGateway } from '../src/gateway.js';
import { createJsonLogger } from '../src/logger.js';
import { postJson } from './support/http.js';
import { startTestSubgraphs, type TestSubgraphs } from './support/subgraphs.js';

process.env.APOLLO_TELEMETRY_DISABLED = '1';

/** A port nothing listens on: bound by a real server, then closed (connections are refused). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real HTTP server in front of a dead subgraph: a proxy answering 502 with an HTML page. */
async function badGateway(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body>502 Bad Gateway: upstream 10.1.2.3:8101 refused</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function assertNoInternals(text: string): void {
  assert.doesNotMatch(text, /127\.0\.0\.1|10\.1\.2\.3|ECONNREFUSED|localhost|:\d{4,5}\b|stacktrace/, text);
}

for (const fault of ['refused', 'bad gateway'] as const) {
  describe(`a subgraph that is down (${fault})`, () => {
    let subgraphs: TestSubgraphs;
    let gateway: RunningGateway;
    let proxy: Awaited<ReturnType<typeof badGateway>> | undefined;
    const logLines: string[] = [];

    before(async () => {
      subgraphs = await startTestSubgraphs();
      let identityUrl: string;
      if (fault === 'refused') {
        identityUrl = `http://127.0.0.1:${await closedPort()}/graphql`;
      } else {
        proxy = await badGateway();
        identityUrl = proxy.url;
      }
      gateway = await createGateway({
        supergraphSdl: subgraphs.supergraphSdl,
        port: 0,
        subgraphUrls: { ...subgraphs.urls, identity: identityUrl },
        subgraphProbe: { cacheMs: 0 },
        logger: createJsonLogger({ write: (line) => logLines.push(line) }),
      });
    });

    after(async () => {
      await gateway?.stop();
      await subgraphs?.stop();
      await proxy?.close();
    });

    test('answers the other subgraphs data with one clear error for the missing part', async () => {
      const response = await postJson(gateway.graphqlUrl, {
        query: '{ jobs { title } user(id: "u1") { name } }',
      });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.data, {
        jobs: [{ title: 'Analytical Engineer' }, { title: 'Compiler Engineer' }, { title: 'Programmer' }],
        user: null,
      });
      assert.equal(response.body.errors.length, 1, response.text);
      const [error] = response.body.errors;
      assert.equal(
        error.message,
        'The identity service is unavailable right now: the parts of this answer it provides are missing.',
      );
      assert.equal(error.extensions.code, 'SUBGRAPH_UNAVAILABLE');
      assert.equal(error.extensions.serviceName, 'identity');
      assertNoInternals(response.text);
    });

    test('nulls an entity field the dead subgraph resolves, keeping the rest of the entity', async () => {
      const response = await postJson(gateway.graphqlUrl, {
        query: 'query { job(id: "j2") { title postedBy { name } } }',
      });
      assert.equal(response.status, 200, response.text);
      // postedBy is non-null in the fixture: the null rises to the nullable job
      assert.deepEqual(response.body.data, { job: null });
      assert.equal(response.body.errors[0].extensions.code, 'SUBGRAPH_UNAVAILABLE');
      assertNoInternals(response.text);
    });

    test('logs where the subgraph was and why it failed, for operators', () => {
      const line = logLines.map((text) => JSON.parse(text)).find((entry) => entry.msg === 'subgraph unavailable');
      assert.ok(line, logLines.join('\n'));
      assert.equal(line.subgraph, 'identity');
      assert.match(line.url, /^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
      assert.match(line.error, fault === 'refused' ? /ECONNREFUSED/ : /HTTP 502/);
    });

    test('/readyz stays 200 and names the subgraph that is down', async () => {
      const ready = await fetch(`${gateway.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), {
        status: 'degraded',
        subgraphs: { identity: 'down', jobs: 'up' },
        down: ['identity'],
      });
    });
  });
}

describe('a subgraph that comes back', () => {
  test('answers whole again and /readyz says ready, without restarting the gateway', async () => {
    const subgraphs = await startTestSubgraphs();
    const port = await closedPort();
    const gateway = await createGateway({
      supergraphSdl: subgraphs.supergraphSdl,
      port: 0,
      // identity at a port where its own server is started later
      subgraphUrls: { ...subgraphs.urls, identity: `http://127.0.0.1:${port}/graphql` },
      subgraphProbe: { cacheMs: 0 },
      logger: createJsonLogger({ write: () => undefined }),
    });
    const forward = http.createServer((req, res) => {
      const target = new URL(subgraphs.urls.identity!);
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    try {
      const before = await postJson(gateway.graphqlUrl, { query: '{ user(id: "u2") { name } }' });
      assert.equal(before.body.errors[0].extensions.code, 'SUBGRAPH_UNAVAILABLE');
      assert.equal(((await (await fetch(`${gateway.url}/readyz`)).json()) as { status: string }).status, 'degraded');

      await new Promise<void>((resolve) => forward.listen(port, '127.0.0.1', resolve));
      const afterwards = await postJson(gateway.graphqlUrl, { query: '{ user(id: "u2") { name } }' });
      assert.deepEqual(afterwards.body, { data: { user: { name: 'Grace Hopper' } } });
      assert.deepEqual(await (await fetch(`${gateway.url}/readyz`)).json(), {
        status: 'ready',
        subgraphs: { identity: 'up', jobs: 'up' },
      });
    } finally {
      await new Promise<void>((resolve) => forward.close(() => resolve()));
      await gateway.stop();
      await subgraphs.stop();
    }
  });
});
