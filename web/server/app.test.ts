// @vitest-environment node
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";
import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import type { Express } from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWebApp } from "./app";

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

interface GatewayRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A real HTTP server on an ephemeral port stands in for the gateway.
let gateway: Server;
let gatewayBase: string;
let gatewayRequests: GatewayRequest[];
let web: Server;
let webBase: string;

async function startWeb(app: Express) {
  web = createServer(app);
  webBase = await listen(web);
}

beforeEach(async () => {
  gatewayRequests = [];
  gateway = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      gatewayRequests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
      });
      res.setHeader("content-type", "application/json");
      res.setHeader("x-gateway", "fake");
      // a private file asked for without a bearer (the service's answer)
      if (
        req.url?.startsWith("/files/private/") &&
        !req.headers.authorization
      ) {
        res.statusCode = 401;
        res.end(
          JSON.stringify({ error: "UNAUTHENTICATED", message: "Sign in." }),
        );
        return;
      }
      res.end(JSON.stringify({ data: { __typename: "Query" } }));
    });
  });
  gatewayBase = await listen(gateway);
});

afterEach(async () => {
  await close(web);
  if (gateway.listening) await close(gateway);
});

function appWithPages(gatewayUrl = `${gatewayBase}/graphql`) {
  return createWebApp({
    gatewayUrl,
    pageHandler: (req, res) => {
      if (req.path === "/") res.status(200).send("<h1>Home</h1>");
      else res.status(404).send("<h1>Page not found</h1>");
    },
  });
}

describe("security headers", () => {
  it("sends X-Frame-Options SAMEORIGIN and friends on pages", async () => {
    await startWeb(appWithPages());
    const response = await fetch(`${webBase}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe(
      "strict-origin-when-cross-origin",
    );
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("sends them on not-found pages and proxied GraphQL answers too", async () => {
    await startWeb(appWithPages());
    const missing = await fetch(`${webBase}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-frame-options")).toBe("SAMEORIGIN");

    const graphql = await fetch(`${webBase}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(graphql.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});

describe("/graphql proxy", () => {
  it("forwards the operation with its Authorization and X-Frontend headers and returns the answer", async () => {
    await startWeb(appWithPages());
    const body = JSON.stringify({ query: "{ __typename }" });

    const response = await fetch(`${webBase}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: "Bearer token-123",
        "x-frontend": "jobboard/en",
        cookie: "session=secret",
      },
      body,
    });

    expect(response.status).toBe(200);
    expect(response.headers.get("x-gateway")).toBe("fake");
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });

    expect(gatewayRequests).toHaveLength(1);
    const [received] = gatewayRequests;
    expect(received?.method).toBe("POST");
    expect(received?.url).toBe("/graphql");
    expect(received?.body).toBe(body);
    expect(received?.headers.authorization).toBe("Bearer token-123");
    expect(received?.headers["x-frontend"]).toBe("jobboard/en");
    expect(received?.headers["content-type"]).toBe("application/json");
    // Cookies belong to this site, not to the gateway.
    expect(received?.headers.cookie).toBeUndefined();
  });

  it("names this server's site to the gateway; the browser chooses only the locale (ADR 0049)", async () => {
    await startWeb(
      createWebApp({
        gatewayUrl: `${gatewayBase}/graphql`,
        frontendName: "jobboard-us",
        pageHandler: (_req, res) => res.status(404).send("<h1>Page not found</h1>"),
      }),
    );
    for (const header of ["jobboard/de", "nonsense", undefined]) {
      await fetch(`${webBase}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(header ? { "x-frontend": header } : {}) },
        body: "{}",
      });
    }
    expect(gatewayRequests.map((request) => request.headers["x-frontend"])).toEqual([
      "jobboard-us/de",
      "jobboard-us/en",
      "jobboard-us/en",
    ]);
  });

  it("names the visitor to the gateway by its address, never by the X-Forwarded-For it wrote (ADR 0022)", async () => {
    await startWeb(appWithPages());
    await fetch(`${webBase}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "198.51.100.66",
      },
      body: "{}",
    });
    expect(gatewayRequests[0]?.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("believes the X-Forwarded-For of a proxy named in trustProxy", async () => {
    await startWeb(
      createWebApp({
        gatewayUrl: `${gatewayBase}/graphql`,
        trustProxy: "loopback",
        pageHandler: (req, res) =>
          res.json({ forwardedFor: req.headers["x-forwarded-for"] }),
      }),
    );
    await fetch(`${webBase}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "198.51.100.66, 203.0.113.9",
      },
      body: "{}",
    });
    expect(gatewayRequests[0]?.headers["x-forwarded-for"]).toBe("203.0.113.9");
    // the pages (their GraphQL requests) see the same one address
    const page = await fetch(`${webBase}/jobs`, {
      headers: { "x-forwarded-for": "198.51.100.66, 203.0.113.9" },
    });
    expect(await page.json()).toEqual({ forwardedFor: "203.0.113.9" });
  });

  it("keeps the query string of GET operations", async () => {
    await startWeb(appWithPages());
    const response = await fetch(`${webBase}/graphql?query=%7B__typename%7D`);
    expect(response.status).toBe(200);
    expect(gatewayRequests[0]?.method).toBe("GET");
    expect(gatewayRequests[0]?.url).toBe("/graphql?query=%7B__typename%7D");
  });

  it("answers 502 with a GraphQL error when the gateway is down", async () => {
    await close(gateway);
    await startWeb(appWithPages());
    const response = await fetch(`${webBase}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: "The GraphQL gateway is unavailable.",
          extensions: { code: "GATEWAY_UNAVAILABLE" },
        },
      ],
    });
  });
});

describe("/api/ats/v1 (the ATS API)", () => {
  function atsApp() {
    // the fake gateway server stands in for the jobs service here
    return createWebApp({
      gatewayUrl: `${gatewayBase}/graphql`,
      atsApi: { jobsUrl: gatewayBase },
      pageHandler: (_req, res) => res.status(404).end(),
    });
  }

  it("streams requests to the jobs service's /ats/v1 with the key and Idempotency-Key, never the cookies", async () => {
    await startWeb(atsApp());
    const listed = await fetch(`${webBase}/api/ats/v1/jobs?state=DRAFT&limit=5`, {
      headers: { authorization: "Bearer jbk_key", cookie: "session=secret" },
    });
    expect(listed.status).toBe(200);
    const put = await fetch(`${webBase}/api/ats/v1/jobs/REQ-1`, {
      method: "PUT",
      headers: {
        authorization: "Bearer jbk_key",
        "content-type": "application/json",
        "idempotency-key": "k-1",
        cookie: "session=secret",
      },
      body: JSON.stringify({ title: "Nurse" }),
    });
    expect(put.status).toBe(200);
    expect(gatewayRequests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/ats/v1/jobs?state=DRAFT&limit=5"],
      ["PUT", "/ats/v1/jobs/REQ-1"],
    ]);
    const [, sent] = gatewayRequests;
    expect(sent?.headers.authorization).toBe("Bearer jbk_key");
    expect(sent?.headers["idempotency-key"]).toBe("k-1");
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.body).toBe('{"title":"Nurse"}');
  });

  it("serves the interactive documentation from this origin", async () => {
    await startWeb(atsApp());
    const page = await fetch(`${webBase}/api/ats/v1/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/api/ats/v1/docs/assets/swagger-ui-bundle.js"');
    const init = await (await fetch(`${webBase}/api/ats/v1/docs/init.js`)).text();
    expect(init).toContain('url: "/api/ats/v1/openapi.json"');
    const bundle = await fetch(`${webBase}/api/ats/v1/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect(gatewayRequests).toEqual([]);
  });

  it("answers a problem document when the jobs service is down", async () => {
    await close(gateway);
    await startWeb(atsApp());
    const answer = await fetch(`${webBase}/api/ats/v1/jobs`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await answer.json()).toMatchObject({ status: 502 });
  });
});

describe("/api/uploads proxy", () => {
  it("streams an upload to the owning service and a file back, without the cookies", async () => {
    // the fake gateway server stands in for the organizations service here
    await startWeb(
      createWebApp({
        gatewayUrl: `${gatewayBase}/graphql`,
        uploadServices: { organizations: gatewayBase },
        pageHandler: (_req, res) => res.status(404).end(),
      }),
    );
    const form = new FormData();
    form.append("purpose", "organization_logo");
    form.append(
      "file",
      new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }),
      "logo.png",
    );
    const uploaded = await fetch(
      `${webBase}/api/uploads/organizations/uploads`,
      {
        method: "POST",
        headers: { authorization: "Bearer token-9", cookie: "session=secret" },
        body: form,
      },
    );
    expect(uploaded.status).toBe(200);
    const file = await fetch(
      `${webBase}/api/uploads/organizations/files/abc-123/teaser`,
    );
    expect(file.status).toBe(200);
    const signed = await fetch(
      `${webBase}/api/uploads/organizations/files/abc-123/original?expires=9&signature=s1`,
    );
    expect(signed.status).toBe(200);

    expect(gatewayRequests.map((r) => [r.method, r.url])).toEqual([
      ["POST", "/uploads"],
      ["GET", "/files/abc-123/teaser"],
      ["GET", "/files/abc-123/original?expires=9&signature=s1"],
    ]);
    const [upload] = gatewayRequests;
    expect(upload?.headers.authorization).toBe("Bearer token-9");
    expect(upload?.headers.cookie).toBeUndefined();
    expect(upload?.headers["content-type"]).toMatch(
      /^multipart\/form-data; boundary=/,
    );
    expect(upload?.body).toContain('name="purpose"');
  });

  it("sends a browser that opens a private file without a session to sign in, and comes back", async () => {
    await startWeb(
      createWebApp({
        gatewayUrl: `${gatewayBase}/graphql`,
        uploadServices: { identity: gatewayBase },
        pageHandler: (_req, res) => res.status(404).end(),
      }),
    );
    const path =
      "/api/uploads/identity/files/private/archive?expires=9&signature=s1";
    // (fetch sets its own sec-fetch-mode: a plain request stands for the browser)
    const opened = await rawGet(path, {
      "sec-fetch-mode": "navigate",
      accept: "text/html",
    });
    expect(opened.status).toBe(303);
    expect(opened.location).toBe(
      `/user/login?${new URLSearchParams({ destination: path })}`,
    );
    const older = await rawGet(path, {
      accept: "text/html,application/xhtml+xml",
    });
    expect(older.status).toBe(303);
    // a script asking gets the service's answer, as does a public file
    const fetched = await fetch(`${webBase}${path}`, {
      headers: { "sec-fetch-mode": "cors" },
    });
    expect(fetched.status).toBe(401);
    expect(await fetched.json()).toMatchObject({ error: "UNAUTHENTICATED" });
    const publicFile = await rawGet("/api/uploads/identity/files/abc/teaser", {
      "sec-fetch-mode": "navigate",
      accept: "text/html",
    });
    expect(publicFile.status).toBe(200);
  });

  it("answers 404 for unknown services and paths, and 502 when the service is down", async () => {
    await startWeb(
      createWebApp({
        gatewayUrl: `${gatewayBase}/graphql`,
        uploadServices: { organizations: "http://127.0.0.1:9" },
        pageHandler: (_req, res) => res.status(404).end(),
      }),
    );
    expect(
      (
        await fetch(`${webBase}/api/uploads/billing/uploads`, {
          method: "POST",
        })
      ).status,
    ).toBe(404);
    expect(
      (await fetch(`${webBase}/api/uploads/organizations/graphql`)).status,
    ).toBe(404);
    expect(
      (
        await fetch(
          `${webBase}/api/uploads/organizations/files/../../etc/passwd`,
        )
      ).status,
    ).toBe(404);
    const down = await fetch(
      `${webBase}/api/uploads/organizations/files/abc/original`,
    );
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ error: "Unavailable" });
  });
});

/** A GET with the request target exactly as written (fetch would normalise `\` and dots). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(webBase);
    const req = request(
      { hostname, port, path, method: "GET", headers },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("assets", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "web-assets-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "app-1.js"), "console.log('app');".repeat(100));
    writeFileSync(join(dir, "assets", "app-1.js.br"), brotliCompressSync("console.log('app');".repeat(100)));
    writeFileSync(join(dir, "assets", "plain-1.css"), "body{}");
    writeFileSync(join(dir, "favicon.svg"), "<svg/>");
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, ".vite", "manifest.json"), "{}");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the build's top-level files, and a page without asking the file system for it", async () => {
    const pages = (_req: unknown, res: { end: (body: string) => void }) => res.end("a page");
    await startWeb(createWebApp({ gatewayUrl: `${gatewayBase}/graphql`, clientBuildDir: dir, pageHandler: pages }));
    const favicon = await get("/favicon.svg", "identity");
    expect(favicon.status).toBe(200);
    expect(favicon.body.toString()).toBe("<svg/>");
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    const stat = vi.spyOn(fs, "stat");
    const page = await get("/jobs", "identity");
    expect(page.body.toString()).toBe("a page");
    expect(stat).not.toHaveBeenCalled();
    expect((await get("/.vite/manifest.json", "identity")).body.toString()).toBe("a page");
  });

  function get(path: string, encoding: string) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      request(`${webBase}${path}`, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });
  }

  it("sends the build's brotli copy to a browser that takes brotli, as the script it is", async () => {
    await startWeb(createWebApp({ gatewayUrl: `${gatewayBase}/graphql`, clientBuildDir: dir, pageHandler: (_req, res) => res.end() }));
    const answer = await get("/assets/app-1.js", "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.headers["cache-control"]).toContain("immutable");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe("console.log('app');".repeat(100));
  });

  it("sends the file itself to a browser without brotli, and files without a copy as they are", async () => {
    await startWeb(createWebApp({ gatewayUrl: `${gatewayBase}/graphql`, clientBuildDir: dir, pageHandler: (_req, res) => res.end() }));
    const plain = await get("/assets/app-1.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe("console.log('app');".repeat(100));
    const css = await get("/assets/plain-1.css", "br");
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body.toString()).toBe("body{}");
  });
});

describe("odd paths (ADR 0022)", () => {
  it.each([
    ["//evil.example/jobs", "/evil.example/jobs"],
    ["///evil.example", "/evil.example"],
    ["/\\evil.example/x?page=2", "/evil.example/x?page=2"],
    ["/\\/\\evil.example", "/evil.example"],
  ])(
    "sends %j to the same path with one slash, on this site",
    async (path, location) => {
      await startWeb(appWithPages());
      const answer = await rawGet(path);
      expect(answer.status).toBe(301);
      expect(answer.location).toBe(location);
      expect(
        new URL(answer.location ?? "", "https://site.example").origin,
      ).toBe("https://site.example");
    },
  );

  it("leaves ordinary paths to the pages", async () => {
    await startWeb(appWithPages());
    expect(await rawGet("/")).toEqual({ status: 200, location: undefined });
    expect((await rawGet("/jobs//x")).status).toBe(404);
  });
});

describe("no internals in any answer (ADR 0022)", () => {
  const leaks = /<html|<pre|node_modules|\/work\/|at [\w.<>]+ \(|SyntaxError/i;

  it.each([
    [
      "malformed JSON",
      { "content-type": "application/json" },
      '{"kind": ',
      400,
      "BAD_REQUEST",
    ],
    [
      "an oversized body",
      { "content-type": "application/json" },
      JSON.stringify({ kind: "render", message: "x".repeat(20_000) }),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    [
      "an unknown charset",
      { "content-type": "application/json; charset=klingon" },
      "{}",
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a broken gzip body",
      { "content-type": "application/json", "content-encoding": "gzip" },
      "{}",
      400,
      "BAD_REQUEST",
    ],
  ])(
    "answers %s with a short JSON error and a code",
    async (_name, headers, body, status, code) => {
      await startWeb(appWithPages());
      const response = await fetch(`${webBase}/api/client-log`, {
        method: "POST",
        headers,
        body,
      });
      const text = await response.text();
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(
        /^application\/json/,
      );
      expect(text).not.toMatch(leaks);
      expect(JSON.parse(text)).toMatchObject({ code });
    },
  );

  it("answers a wrong content type with a short JSON error and a code", async () => {
    await startWeb(appWithPages());
    const response = await fetch(`${webBase}/api/client-log`, {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body: "<log/>",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
  });

  it("answers a page handler's failure with JSON, not the stack, and logs it", async () => {
    await startWeb(
      createWebApp({
        gatewayUrl: `${gatewayBase}/graphql`,
        pageHandler: () => {
          throw new Error("boom at /srv/web/build/server/index.js:12");
        },
      }),
    );
    const response = await fetch(`${webBase}/jobs`);
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      error: "Internal server error",
      code: "INTERNAL_SERVER_ERROR",
    });
    expect(text).not.toContain("/srv/web");
  });

  it("answers an odd destination on an ordinary path normally", async () => {
    await startWeb(appWithPages());
    expect((await rawGet("/?destination=/%0A/x")).status).toBe(200);
  });
});
