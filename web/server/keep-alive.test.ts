// @vitest-environment node
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseServerEnv } from "../app/env.server";
import {
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  KEEP_ALIVE_ANNOUNCED_MS,
  connectionTimeouts,
  listen,
  type WebServer,
} from "./listen";

/**
 * What the web server had: Node's own keep-alive (http.Server's default, 5 s, announced as
 * such), after which Node 20 closes an idle connection a second later.
 */
const NODE_CLOSES_IDLE_AFTER_MS = 6_000;

const running: WebServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((web) => web.close()));
});

/** The web server as main.ts starts it (the default settings), with a page that renders. */
async function webServer(settings: Parameters<typeof listen>[3] = {}): Promise<number> {
  const app = express();
  app.get("/", (_req, res) => {
    res.type("html").send("<!doctype html><title>Jobs</title>");
  });
  const web = await listen(app, 0, "127.0.0.1", settings);
  running.push(web);
  return (web.server.address() as net.AddressInfo).port;
}

/** A client that keeps its connection (no Keep-Alive reading): one request at a time over it. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const answers: string[] = [];
  let failure: string | undefined;
  let waiting: (() => void) | undefined;
  socket.on("data", (chunk: Buffer) => {
    answers.push(chunk.toString("latin1"));
    waiting?.();
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    failure = error.code ?? error.message;
    waiting?.();
  });
  socket.on("close", () => {
    failure ??= "closed";
    waiting?.();
  });
  return {
    /** Writes a request without waiting for its answer. */
    send() {
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    },
    /** The `count`th answer's head, or what became of the connection. */
    async answer(count: number): Promise<string> {
      while (answers.length < count && failure === undefined) {
        await new Promise<void>((resolve) => (waiting = resolve));
      }
      return answers[count - 1]?.split("\r\n\r\n")[0] ?? `no answer: ${failure}`;
    },
    close: () => socket.destroy(),
  };
}

/** The event loop busy for `ms` (a long server render, a GC pause on a busy machine). */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe("the web server's own keep-alive (ADR 0058)", () => {
  it("announces a short keep-alive and answers a client that waits past Node's 5 s (6 s)", async () => {
    const client = rawConnection(await webServer());
    try {
      client.send();
      const first = await client.answer(1);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/\r\nKeep-Alive: timeout=5(\r\n|$)/i);
      expect(first.match(/keep-alive: timeout/gi)).toHaveLength(1);
      // a load balancer or the load generator, which does not read the announcement
      await sleep(NODE_CLOSES_IDLE_AFTER_MS + 700);
      client.send();
      expect(await client.answer(2)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      client.close();
    }
  }, 20_000);

  it("answers a request sent in time although a render stalls the event loop past the announced time", async () => {
    const client = rawConnection(await webServer());
    try {
      client.send();
      expect(await client.answer(1)).toMatch(/^HTTP\/1\.1 200/);
      // sent just before the announced 5 s (a client reading it may send until then); then the
      // loop is busy until after it (a server closing then runs its keep-alive timer before it
      // reads the request, and resets it)
      await sleep(KEEP_ALIVE_ANNOUNCED_MS - 400);
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          client.send();
          stall(2_500);
          resolve();
        }),
      );
      expect(await client.answer(2)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      client.close();
    }
  }, 20_000);

  it("ends a kept connection as soon as its answer is sent when the server stops", async () => {
    const app = express();
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    app.get("/", (_req, res) => {
      started();
      setTimeout(() => res.send("late"), 200);
    });
    const web = await listen(app, 0, "127.0.0.1");
    const client = rawConnection((web.server.address() as net.AddressInfo).port);
    try {
      client.send();
      await inFlight;
      const began = Date.now();
      await web.close();
      expect(await client.answer(1)).toMatch(/^HTTP\/1\.1 200[^]*\r\nConnection: close/i);
      // the server has let the connection go: it ends now, not after the keep-alive time
      expect(await client.answer(2)).toBe("no answer: closed");
      expect(Date.now() - began).toBeLessThan(5_000);
    } finally {
      client.close();
    }
  }, 10_000);
});

describe("the connection time-outs", () => {
  it("keeps an idle connection longer than a load balancer, and announces a tenth of that", () => {
    const timeouts = connectionTimeouts();
    expect(timeouts.keepAliveTimeoutMs).toBe(DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
    expect(DEFAULT_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(timeouts.announcedMs * 10).toBeLessThan(timeouts.keepAliveTimeoutMs);
    // the headers' time-out never cuts a kept connection first; Node's order holds
    expect(timeouts.headersTimeoutMs).toBeGreaterThan(timeouts.keepAliveTimeoutMs);
    expect(timeouts.requestTimeoutMs).toBeGreaterThanOrEqual(timeouts.headersTimeoutMs);
    expect(connectionTimeouts({ keepAliveTimeoutMs: 2_000 }).announcedMs).toBe(2_000);
  });

  it("reads WEB_KEEPALIVE_TIMEOUT_MS and refuses time-outs out of order", () => {
    const secret = { AUTH_SECRET: "x".repeat(32) };
    expect(parseServerEnv(secret).WEB_KEEPALIVE_TIMEOUT_MS).toBe(DEFAULT_KEEP_ALIVE_TIMEOUT_MS);
    expect(parseServerEnv({ ...secret, WEB_KEEPALIVE_TIMEOUT_MS: "90000" }).WEB_KEEPALIVE_TIMEOUT_MS).toBe(90_000);
    expect(() => parseServerEnv({ ...secret, WEB_KEEPALIVE_TIMEOUT_MS: "0" })).toThrow(/at least 1 ms/);
    expect(() =>
      parseServerEnv({ ...secret, WEB_KEEPALIVE_TIMEOUT_MS: "90000", WEB_HEADERS_TIMEOUT_MS: "60000" }),
    ).toThrow(/WEB_HEADERS_TIMEOUT_MS: must be longer than WEB_KEEPALIVE_TIMEOUT_MS/);
    expect(() => parseServerEnv({ ...secret, WEB_REQUEST_TIMEOUT_MS: "30000" })).toThrow(
      /WEB_REQUEST_TIMEOUT_MS/,
    );
  });
});
