// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consentCookie } from "../app/lib/consent-cookie";
import { createWebApp, type CreateWebAppOptions } from "./app";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A real HTTP server on an ephemeral port stands in for analytics.
let analytics: Server;
let analyticsBase: string;
let received: Received[];
let web: Server | undefined;

beforeEach(async () => {
  received = [];
  analytics = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, body });
      res.statusCode = body.includes("nope") ? 400 : 202;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          res.statusCode === 400
            ? { error: "The event is not valid.", details: ["event: unknown"] }
            : { outcome: "forwarded" },
        ),
      );
    });
  });
  analyticsBase = await listen(analytics);
});

afterEach(async () => {
  if (web) await close(web);
  web = undefined;
  if (analytics.listening) await close(analytics);
});

async function startWeb(
  options: Partial<CreateWebAppOptions> = {},
): Promise<string> {
  const app = createWebApp({
    gatewayUrl: "http://127.0.0.1:9/graphql",
    pageHandler: (_req, res) => {
      res.status(404).send("<h1>Page not found</h1>");
    },
    analytics: { url: analyticsBase, frontendName: "jobboard" },
    ...options,
  });
  web = createServer(app);
  return listen(web);
}

const consent = consentCookie(
  { version: 1, granted: ["C0001", "C0002"], at: "2026-11-23T12:00:00Z" },
  false,
).split(";")[0];

describe("analytics relays", () => {
  it("passes gmapi on with the frontend, the consent categories and no cookies", async () => {
    const base = await startWeb();
    const event = { event: "job_visit", params: { entity_id: "7" } };
    const answer = await fetch(`${base}/api/gmapi`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-frontend": "evil-site/de",
        cookie: `${consent}; authjs.session-token=secret`,
      },
      body: JSON.stringify(event),
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ outcome: "forwarded" });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.url).toBe("/relay/gmapi");
    expect(JSON.parse(request?.body ?? "")).toEqual(event);
    expect(request?.headers["x-frontend"]).toBe("jobboard/de");
    expect(request?.headers["x-cookie-consent"]).toBe("C0001,C0002");
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
  });

  it("sends no categories without a current choice, and the session's token when signed in", async () => {
    const base = await startWeb({
      auth: {
        config: { providers: [], secret: "x".repeat(32) },
        sessionToken: (cookie) =>
          Promise.resolve(cookie?.includes("session") ? "token-1" : null),
      },
    });
    await fetch(`${base}/api/conversionapi`, {
      method: "POST",
      // sendBeacon's content type
      headers: { "content-type": "text/plain", cookie: "session=1" },
      body: JSON.stringify({ event_name: "sign_up" }),
    });
    const [request] = received;
    expect(request?.url).toBe("/relay/conversionapi");
    expect(request?.headers["x-frontend"]).toBe("jobboard/en");
    expect(request?.headers["x-cookie-consent"]).toBe("");
    expect(request?.headers.authorization).toBe("Bearer token-1");
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("answers analytics' 400 with its reasons, refuses big bodies and 502s when it is down", async () => {
    const base = await startWeb();
    const bad = await fetch(`${base}/api/gmapi`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "nope" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ details: ["event: unknown"] });

    const big = await fetch(`${base}/api/gmapi`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        event: "job_search",
        params: { q: "x".repeat(20_000) },
      }),
    });
    expect(big.status).toBe(400);
    expect(received).toHaveLength(1);

    await close(analytics);
    const down = await fetch(`${base}/api/gmapi`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(down.status).toBe(502);
  });

  it("is not mounted without an analytics address", async () => {
    const app = createWebApp({
      gatewayUrl: "http://127.0.0.1:9/graphql",
      pageHandler: (_req, res) => {
        res.status(404).send("not found");
      },
    });
    web = createServer(app);
    const base = await listen(web);
    const answer = await fetch(`${base}/api/gmapi`, {
      method: "POST",
      body: "{}",
    });
    expect(answer.status).toBe(404);
    expect(received).toEqual([]);
  });
});
