import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../src/config.js';
import { DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS } from '../src/dataSource.js';
import {
  createGateway,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  KEEP_ALIVE_ANNOUNCED_MS,
  type RunningGateway,
} from '../src/gateway.js';
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

/** A client that keeps its connection (no Keep-Alive reading): one request at a time over it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const answers: string[] = [];
  let failure: string | undefined;
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk) => {
    answers.push(chunk.toString('latin1'));
    waiting?.();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    failure = error.code ?? error.message;
    waiting?.();
  });
  socket.on('close', () => {
    failure ??= 'closed';
    waiting?.();
  });
  const body = JSON.stringify({ query: '{ __typename }' });
  return {
    /** Writes a request without waiting for it (the answer is `answer()`'s). */
    send() {
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
    /** The next answer's head, or what became of the connection. */
    async answer(count: number): Promise<string> {
      while (answers.length < count && failure === undefined) {
        await new Promise<void>((resolve) => (waiting = resolve));
      }
      return answers[count - 1]?.split('\r\n\r\n')[0] ?? `no answer: ${failure}`;
    },
    close: () => socket.destroy(),
  };
}

/** The event loop busy for `ms` (a slow render or a GC pause on a busy machine). */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe("the gateway's own keep-alive (ADR 0058)", () => {
  let subgraphs: TestSubgraphs;
  let gateway: RunningGateway;

  before(async () => {
    subgraphs = await startTestSubgraphs();
    gateway = await createGateway({
      supergraphSdl: subgraphs.supergraphSdl,
      port: 0,
      subgraphUrls: subgraphs.urls,
      keepAliveAnnouncedMs: 1000,
      logger: createJsonLogger({ write: () => {} }),
    });
  });

  after(async () => {
    await gateway?.stop();
    await subgraphs?.stop();
  });

  test('announces a short keep-alive and keeps the connection far longer', async () => {
    const client = rawConnection(gateway.port);
    try {
      client.send();
      const first = await client.answer(1);
      assert.match(first, /^HTTP\/1\.1 200/);
      assert.match(first, /\r\nKeep-Alive: timeout=1\r\n/i);
      assert.equal(first.match(/keep-alive: timeout/gi)?.length, 1, first);
      // a load balancer or a load generator, which does not read the announcement
      await sleep(2500);
      client.send();
      assert.match(await client.answer(2), /^HTTP\/1\.1 200/);
    } finally {
      client.close();
    }
  });

  test('a request sent in time is answered when the event loop stalls past the announced time', async () => {
    const client = rawConnection(gateway.port);
    try {
      client.send();
      assert.match(await client.answer(1), /^HTTP\/1\.1 200/);
      // within the announced second, as a client that reads it sends; then the loop is busy
      // until after the announced time and Node's own second more (a server closing then
      // would run its keep-alive timer before it reads the request and reset it)
      await sleep(800);
      // busy outside the timers phase (as in a request's handler): the next turn of the loop
      // runs the expired timers first, then reads the sockets
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          client.send();
          stall(2500);
          resolve();
        }),
      );
      assert.match(await client.answer(2), /^HTTP\/1\.1 200/);
    } finally {
      client.close();
    }
  });

  test('GATEWAY_KEEPALIVE_TIMEOUT_MS sets how long; the default is above 60 s load balancers', () => {
    assert.equal(loadConfig({}).keepAliveTimeoutMs, DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
    assert.ok(DEFAULT_KEEP_ALIVE_TIMEOUT_MS > 60_000);
    assert.ok(KEEP_ALIVE_ANNOUNCED_MS * 10 < DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
    assert.equal(loadConfig({ GATEWAY_KEEPALIVE_TIMEOUT_MS: '90000' }).keepAliveTimeoutMs, 90_000);
  });
});
