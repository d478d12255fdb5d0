import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../src/config.js';
import { DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS } from '../src/dataSource.js';
import { createGateway, type RunningGateway } from '../src/gateway.js';
import { createJsonLogger } from '../src/logger.js';
import { postJson } from './support/http.js';
import { startTestSubgraphs, type TestSubgraphs } from './support/subgraphs.js';

process.env.APOLLO_TELEMETRY_DISABLED = '1';

/** The services' keep-alive in deploy/local/run-service.sh and services/Dockerfile (seconds). */
const SERVICES_KEEP_ALIVE_S = 75;

/**
 * An identity subgraph that keeps idle connections like uvicorn: it announces no `Keep-Alive`
 * timeout and gives up a connection idle for `idleMs`. The race a reused connection loses (the
 * request sent just as the server closes it) is made certain: a request arriving on a connection
 * idle for longer than `idleMs` is answered by a reset, as when it crosses the server's close.
 */
async function uvicornLikeIdentity(options: { idleMs: number; answerAfterMs?: number }) {
  const lastAnswered = new WeakMap<Socket, number>();
  const connections = new Set<Socket>();
  let resets = 0;
  const server = http.createServer((req, res) => {
    const socket = req.socket;
    const last = lastAnswered.get(socket);
    if (last !== undefined && Date.now() - last > options.idleMs) {
      resets += 1;
      socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { user: { name: 'Ada Lovelace' } } }));
        res.on('finish', () => lastAnswered.set(socket, Date.now()));
      }, options.answerAfterMs ?? 0);
    });
  });
  server.keepAliveTimeout = 0; // no Keep-Alive header, no close of its own: the map above decides
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    resets: () => resets,
    connections: () => connections.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const USER_QUERY = { query: '{ user(id: "u1") { name } }' };

describe('pooled connections to a subgraph (ADR 0058)', () => {
  const SERVER_IDLE_MS = 400;
  let subgraphs: TestSubgraphs;
  let identity: Awaited<ReturnType<typeof uvicornLikeIdentity>>;
  let gateway: RunningGateway;
  const logLines: string[] = [];

  before(async () => {
    subgraphs = await startTestSubgraphs();
    identity = await uvicornLikeIdentity({ idleMs: SERVER_IDLE_MS, answerAfterMs: 0 });
    gateway = await createGateway({
      supergraphSdl: subgraphs.supergraphSdl,
      port: 0,
      subgraphUrls: { ...subgraphs.urls, identity: identity.url },
      // the same ratio as the defaults: the client gives a connection up well before the server
      subgraphIdleTimeoutMs: SERVER_IDLE_MS / 4,
      logger: createJsonLogger({ write: (line) => logLines.push(line) }),
    });
  });

  after(async () => {
    await gateway?.stop();
    await identity?.close();
    await subgraphs?.stop();
  });

  test('a request after the server has given a connection up goes out on a new one', async () => {
    for (let round = 0; round < 3; round += 1) {
      const response = await postJson(gateway.graphqlUrl, USER_QUERY);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.errors, undefined, response.text);
      assert.deepEqual(response.body.data, { user: { name: 'Ada Lovelace' } });
      await sleep(SERVER_IDLE_MS + 100); // just past the server's keep-alive
    }
    assert.equal(identity.resets(), 0);
    assert.ok(!logLines.some((line) => line.includes('subgraph unavailable')), logLines.join('\n'));
  });

  test('requests close together share one connection', async () => {
    await sleep(SERVER_IDLE_MS + 100);
    for (let round = 0; round < 5; round += 1) {
      const response = await postJson(gateway.graphqlUrl, USER_QUERY);
      assert.deepEqual(response.body.data, { user: { name: 'Ada Lovelace' } }, response.text);
    }
    assert.equal(identity.connections(), 1);
  });
});

describe('the idle timeout does not cut a slow answer', () => {
  let subgraphs: TestSubgraphs;
  let identity: Awaited<ReturnType<typeof uvicornLikeIdentity>>;
  let gateway: RunningGateway;

  before(async () => {
    subgraphs = await startTestSubgraphs();
    identity = await uvicornLikeIdentity({ idleMs: 5000, answerAfterMs: 500 });
    gateway = await createGateway({
      supergraphSdl: subgraphs.supergraphSdl,
      port: 0,
      subgraphUrls: { ...subgraphs.urls, identity: identity.url },
      subgraphIdleTimeoutMs: 100,
      logger: createJsonLogger({ write: () => {} }),
    });
  });

  after(async () => {
    await gateway?.stop();
    await identity?.close();
    await subgraphs?.stop();
  });

  test('an answer five times slower than the idle timeout arrives', async () => {
    const response = await postJson(gateway.graphqlUrl, USER_QUERY);
    assert.equal(response.body.errors, undefined, response.text);
    assert.deepEqual(response.body.data, { user: { name: 'Ada Lovelace' } });
  });
});

describe('the idle timeout setting', () => {
  test('defaults well below the services keep-alive, and reads GATEWAY_SUBGRAPH_IDLE_TIMEOUT_MS', () => {
    assert.equal(loadConfig({}).subgraphIdleTimeoutMs, DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS);
    assert.ok(DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS <= (SERVICES_KEEP_ALIVE_S * 1000) / 4);
    // below uvicorn's own default (5 s) as well, for a service started without the setting
    assert.ok(DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS < 5000);
    assert.equal(loadConfig({ GATEWAY_SUBGRAPH_IDLE_TIMEOUT_MS: '2500' }).subgraphIdleTimeoutMs, 2500);
    assert.throws(() => loadConfig({ GATEWAY_SUBGRAPH_IDLE_TIMEOUT_MS: '0' }), /at least 1 ms/);
  });
});
