import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Express } from "express";

/**
 * How long the web server keeps an idle client connection open, and the shorter time it
 * announces (`Keep-Alive: timeout=5`), as the gateway does (ADR 0058). Browsers and agents that
 * read the announcement give a connection up before it; the others (a load balancer, whose idle
 * timeout is typically 60 s, ingress-nginx's upstream keep-alive among them; the load generator)
 * are covered by the longer wait. Node runs an expired keep-alive timer before it reads a request
 * already waiting on that connection, so a server that closes at the announced time resets
 * requests sent in time whenever its event loop is busy past it (a long server render).
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const KEEP_ALIVE_ANNOUNCED_MS = 5_000;
/** Node's own default: a request's body (an upload) may take this long to arrive. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

export interface ConnectionTimeouts {
  /** An idle connection is closed after this long (ms). */
  keepAliveTimeoutMs: number;
  /** The idle time announced in `Keep-Alive` (ms; at most keepAliveTimeoutMs). */
  announcedMs: number;
  /** A request's headers must have arrived this long after its first byte (ms). */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must have arrived within this (ms). */
  requestTimeoutMs: number;
}

/**
 * The timeouts from the keep-alive setting: the headers' a second longer (Node 20 counts it
 * from a request's first byte, a fresh connection's opening included, so a silent new
 * connection is closed no sooner than an idle one; Node versions that counted the idle time
 * too would otherwise cut kept connections first), the request's at least as long (Node
 * requires headersTimeout <= requestTimeout).
 */
export function connectionTimeouts(
  settings: Partial<ConnectionTimeouts> = {},
): ConnectionTimeouts {
  const keepAliveTimeoutMs = settings.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  const headersTimeoutMs = settings.headersTimeoutMs ?? keepAliveTimeoutMs + 1_000;
  return {
    keepAliveTimeoutMs,
    announcedMs: Math.min(settings.announcedMs ?? KEEP_ALIVE_ANNOUNCED_MS, keepAliveTimeoutMs),
    headersTimeoutMs,
    requestTimeoutMs: Math.max(settings.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs),
  };
}

export interface WebServer {
  server: Server;
  /**
   * Stops taking connections and ends the open ones as their answers finish (idle ones at
   * once, the others with `Connection: close`): a kept connection would otherwise hold the
   * process for the whole keep-alive time. Resolves when the last one is closed.
   */
  close(): Promise<void>;
}

/**
 * Listens on host:port with the connection timeouts above, or rejects with a clear message (a
 * port already taken must not exit 0).
 */
export function listen(
  app: Express,
  port: number,
  host: string,
  settings: Partial<ConnectionTimeouts> = {},
): Promise<WebServer> {
  const timeouts = connectionTimeouts(settings);
  const announcement = `timeout=${Math.max(1, Math.floor(timeouts.announcedMs / 1000))}`;
  let closing = false;
  const answering = new Set<ServerResponse>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      res.setHeader("Connection", "close");
    } else if (req.headers.connection?.toLowerCase() !== "close") {
      // replaces Node's own (which would announce keepAliveTimeoutMs)
      res.setHeader("Keep-Alive", announcement);
    }
    answering.add(res);
    res.on("close", () => answering.delete(res));
    app(req, res);
  };
  const server = createServer(
    { headersTimeout: timeouts.headersTimeoutMs, requestTimeout: timeouts.requestTimeoutMs },
    handle,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;

  const close = () =>
    new Promise<void>((resolve) => {
      closing = true;
      // closes the idle connections now (Node >= 19)
      server.close(() => resolve());
      for (const res of answering) {
        if (!res.headersSent) res.setHeader("Connection", "close");
        // an answer whose headers already said keep-alive: its connection ends once it is sent
        else res.on("finish", () => setImmediate(() => server.closeIdleConnections()));
      }
    });

  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "EADDRINUSE"
          ? `port ${port} on ${host} is already in use (is another web server running? make status)`
          : error.message;
      server.close();
      reject(new Error(`web cannot listen: ${reason}`));
    });
    server.listen(port, host, () => resolve({ server, close }));
  });
}
