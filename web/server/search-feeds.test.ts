// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

const ETAG = '"xml-abc123"';

// A real HTTP server on an ephemeral port stands in for search.
let search: Server;
let searchBase: string;
let searchRequests: { url: string; headers: IncomingHttpHeaders }[];
let web: Server | undefined;

beforeEach(async () => {
  searchRequests = [];
  search = createServer((req, res) => {
    searchRequests.push({ url: req.url ?? "", headers: req.headers });
    res.setHeader("etag", ETAG);
    res.setHeader("cache-control", "public, max-age=300");
    if (req.headers["if-none-match"] === ETAG) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (req.url?.includes("sitemap")) {
      res.setHeader("content-type", req.url.endsWith(".xsl") ? "text/xsl; charset=utf-8" : "application/xml; charset=utf-8");
      res.end(`<!-- ${req.url} -->`);
    } else if (req.url === "/feeds/jobs.xml") {
      res.setHeader("content-type", "application/xml; charset=utf-8");
      res.end('<?xml version="1.0" encoding="utf-8"?>\n<source></source>\n');
    } else {
      res.setHeader("content-type", "application/feed+json; charset=utf-8");
      res.end(
        JSON.stringify({
          version: "https://jsonfeed.org/version/1.1",
          items: [],
        }),
      );
    }
  });
  searchBase = await listen(search);
});

afterEach(async () => {
  if (web) await close(web);
  web = undefined;
  if (search.listening) await close(search);
});

async function startWeb(
  options: Partial<CreateWebAppOptions>,
): Promise<string> {
  const app = createWebApp({
    gatewayUrl: "http://127.0.0.1:9/graphql",
    pageHandler: (_req, res) => {
      res.status(404).send("<h1>Page not found</h1>");
    },
    ...options,
  });
  web = createServer(app);
  return listen(web);
}

describe("aggregator feeds", () => {
  it("proxies both feeds to search with their validators", async () => {
    const base = await startWeb({ searchUrl: searchBase });
    const xml = await fetch(`${base}/feeds/jobs.xml`, {
      headers: { cookie: "session=secret" },
    });
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toBe(
      "application/xml; charset=utf-8",
    );
    expect(xml.headers.get("etag")).toBe(ETAG);
    expect(xml.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await xml.text()).toContain("<source>");
    const json = await fetch(`${base}/feeds/jobs.json`);
    expect((await json.json()) as unknown).toMatchObject({ items: [] });
    expect(searchRequests.map((r) => r.url)).toEqual([
      "/feeds/jobs.xml",
      "/feeds/jobs.json",
    ]);
    expect(searchRequests[0]?.headers.cookie).toBeUndefined();
  });

  it("passes If-None-Match along and answers search's 304", async () => {
    const base = await startWeb({ searchUrl: searchBase });
    const answer = await fetch(`${base}/feeds/jobs.xml`, {
      headers: { "if-none-match": ETAG },
    });
    expect(answer.status).toBe(304);
    expect(searchRequests[0]?.headers["if-none-match"]).toBe(ETAG);
  });

  it("answers 502 when search is down, and nothing else under /feeds", async () => {
    const base = await startWeb({ searchUrl: searchBase });
    await close(search);
    expect((await fetch(`${base}/feeds/jobs.xml`)).status).toBe(502);
    expect((await fetch(`${base}/feeds/other.xml`)).status).toBe(404);
  });
});

describe("sitemaps", () => {
  it("proxies the index, each type's pages and language variants, and the stylesheet", async () => {
    const base = await startWeb({ searchUrl: searchBase });
    const paths = [
      "/sitemap.xml",
      "/jobs/sitemap.xml",
      "/jobs/sitemap.xml?page=2",
      "/organizations/sitemap.xml",
      "/en/landing-pages/sitemap.xml",
      "/sitemap.xsl",
    ];
    for (const path of paths) {
      const answer = await fetch(`${base}${path}`, { headers: { cookie: "session=secret" } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
      expect(await answer.text()).toBe(`<!-- ${path} -->`);
    }
    expect(searchRequests.map((r) => r.url)).toEqual(paths);
    expect(searchRequests.every((r) => r.headers.cookie === undefined)).toBe(true);
    expect((await fetch(`${base}/sitemap.xsl`)).headers.get("content-type")).toBe("text/xsl; charset=utf-8");
  });

  it("names this server's site to search, never the browser's (ADR 0049)", async () => {
    const base = await startWeb({ searchUrl: searchBase, frontendName: "jobboard-us" });
    for (const path of ["/sitemap.xml", "/jobs/sitemap.xml", "/feeds/jobs.json"]) {
      const answer = await fetch(`${base}${path}`, { headers: { "x-frontend": "jobboard/de" } });
      expect(answer.status).toBe(200);
    }
    expect(searchRequests.map((r) => r.headers["x-frontend"])).toEqual([
      "jobboard-us/en",
      "jobboard-us/en",
      "jobboard-us/en",
    ]);
  });

  it("answers 502 when search is down, and leaves other paths to the pages", async () => {
    const base = await startWeb({ searchUrl: searchBase });
    await close(search);
    expect((await fetch(`${base}/jobs/sitemap.xml`)).status).toBe(502);
    expect((await fetch(`${base}/a/b/c/sitemap.xml`)).status).toBe(404);
    expect((await fetch(`${base}/jobs/sitemap.txt`)).status).toBe(404);
  });

  it("serves no sitemaps without search", async () => {
    const base = await startWeb({});
    expect((await fetch(`${base}/sitemap.xml`)).status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("points at the public site's sitemap index", async () => {
    const base = await startWeb({ siteUrl: "https://jobs.example.org" });
    const answer = await fetch(`${base}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await answer.text()).toBe("User-agent: *\nDisallow:\n\nSitemap: https://jobs.example.org/sitemap.xml\n");
  });
});

describe("IndexNow key file", () => {
  it("serves the key as plain text at /{key}.txt", async () => {
    const base = await startWeb({ indexNowKey: "a1b2c3d4e5f6-announce" });
    const answer = await fetch(`${base}/a1b2c3d4e5f6-announce.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(
      "text/plain; charset=utf-8",
    );
    expect(await answer.text()).toBe("a1b2c3d4e5f6-announce");
    expect((await fetch(`${base}/other-key-1234.txt`)).status).toBe(404);
  });

  it("serves no key file when none is configured", async () => {
    const base = await startWeb({});
    expect((await fetch(`${base}/a1b2c3d4e5f6-announce.txt`)).status).toBe(404);
  });
});
