import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { subgraphAgent, subgraphFetcher } from '../src/dataSource.js';

describe('subgraph fetcher (ADR 0070)', () => {
  let server: http.Server;
  let url: string;
  const connections = new Set<Socket>();
  let opened = 0;
  const received: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method, headers: req.headers, body });
        if (req.url === '/failing') {
          res.writeHead(503, 'Service Unavailable', { 'content-type': 'text/plain' });
          res.end('down');
        } else if (req.url === '/cut') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"data":');
          setTimeout(() => req.socket.destroy(), 20);
        } else if (req.url === '/gzipped') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(gzipSync(JSON.stringify({ data: { zipped: true } })));
        } else {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=30, public' });
          res.end(JSON.stringify({ data: { echo: JSON.parse(body) } }));
        }
      });
    });
    server.on('connection', (socket: Socket) => {
      opened += 1;
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('sends the request as given and reads the answer as Apollo does', async () => {
    const fetcher = subgraphFetcher(subgraphAgent(url, 4000));
    const body = JSON.stringify({ query: '{ a }', variables: { text: 'Zürich' } });
    const response = await fetcher(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-frontend': 'jobboard/en' },
      body,
    });
    assert.equal(response.status, 200);
    assert.equal(response.ok, true);
    assert.equal(response.url, `${url}/graphql`);
    assert.equal(response.headers.get('Content-Type'), 'application/json');
    assert.equal(response.headers.get('cache-control'), 'max-age=30, public');
    assert.deepEqual(await response.json(), { data: { echo: { query: '{ a }', variables: { text: 'Zürich' } } } });
    assert.equal(response.bodyUsed, true);
    await assert.rejects(response.text());
    const last = received.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.equal(last.body, body);
    assert.equal(last.headers['x-frontend'], 'jobboard/en');
    assert.equal(last.headers['content-length'], String(Buffer.byteLength(body)));
  });

  test('reuses one kept connection for requests one after another', async () => {
    const agent = subgraphAgent(url, 4000);
    const fetcher = subgraphFetcher(agent);
    const before = opened;
    for (let n = 0; n < 5; n += 1) {
      const response = await fetcher(`${url}/graphql`, { method: 'POST', body: JSON.stringify({ n }) });
      await response.json();
    }
    assert.equal(opened - before, 1);
    agent.destroy();
  });

  test('an error status, a compressed answer and a refused connection', async () => {
    const fetcher = subgraphFetcher(subgraphAgent(url, 4000));
    const failing = await fetcher(`${url}/failing`, { method: 'POST', body: '{}' });
    assert.equal(failing.ok, false);
    assert.equal(failing.status, 503);
    assert.equal(failing.statusText, 'Service Unavailable');
    assert.equal(await failing.text(), 'down');
    const zipped = await fetcher(`${url}/gzipped`, { method: 'POST', body: '{}' });
    assert.deepEqual(await zipped.json(), { data: { zipped: true } });

    await assert.rejects(
      subgraphFetcher(subgraphAgent(url, 4000))(`${url}/cut`, { method: 'POST', body: '{}' }),
      /before its answer was complete|aborted|ECONNRESET/,
    );

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(
      subgraphFetcher(subgraphAgent(url, 4000))(`http://127.0.0.1:${port}/graphql`, { method: 'POST', body: '{}' }),
      /ECONNREFUSED/,
    );
  });
});
