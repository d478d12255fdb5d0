// the modules, not their functions: tracing (server/telemetry.ts) wraps request on them
import http from "node:http";
import https from "node:https";
import type { RequestHandler } from "express";
import { HOP_BY_HOP_HEADERS, pickHeaders } from "./graphql-proxy.js";

/** The aggregator feeds search serves (services/search/README.md). */
export const FEED_PATHS = ["/feeds/jobs.xml", "/feeds/jobs.json"] as const;

/**
 * Spec 2: the sitemap paths go to search, which serves them (services/search/README.md): the
 * index, `/{type}/sitemap.xml` and `/{lang}/{type}/sitemap.xml` (with `?page=n`), and the
 * stylesheet they name.
 */
export const SITEMAP_PATHS = [
  "/sitemap.xml",
  "/:type/sitemap.xml",
  "/:lang/:type/sitemap.xml",
  "/sitemap.xsl",
] as const;

const FEED_REQUEST_HEADERS = [
  "accept",
  "accept-encoding",
  "if-none-match",
] as const;
const FEED_TIMEOUT_MS = 30_000;

/**
 * Streams a feed or a sitemap from search with its ETag and Cache-Control, so a conditional
 * request answers 304 from search's cache; no session goes along (both are public). The query
 * goes along (a sitemap's `?page=n`), and this server's site (`frontendName`) as X-Frontend:
 * one search service serves every site's sitemaps and feeds, each with its own jobs and origin
 * (ADR 0049). Never the browser's X-Frontend: a page names its own site.
 */
export function feedsProxy(searchUrl: string, frontendName?: string): RequestHandler {
  return (req, res) => {
    const target = new URL(req.path, searchUrl);
    target.search = new URL(req.originalUrl, "http://web.invalid").search;
    const send = target.protocol === "https:" ? https.request : http.request;
    const upstream = send(
      target,
      {
        method: req.method === "HEAD" ? "HEAD" : "GET",
        headers: {
          ...pickHeaders(req.headers, req.ip, null, FEED_REQUEST_HEADERS),
          ...(frontendName ? { "x-frontend": `${frontendName}/en` } : {}),
        },
        timeout: FEED_TIMEOUT_MS,
      },
      (answer) => {
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name))
            res.setHeader(name, value);
        }
        res.status(answer.statusCode ?? 502);
        answer.pipe(res);
      },
    );
    upstream.on("timeout", () => upstream.destroy(new Error("search timeout")));
    upstream.on("error", () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res
        .status(502)
        .type("text/plain")
        .send("This is unavailable. Try again in a moment.\n");
    });
    upstream.end();
  };
}

/**
 * IndexNow's key file: `/{key}.txt` answers the key as plain text, which proves to the search
 * engines that the URLs search submits (services/search, ADR 0013) come from this site's owner.
 */
export function indexNowKeyFile(key: string): RequestHandler {
  const path = `/${key}.txt`;
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== path) {
      next();
      return;
    }
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
      .send(key);
  };
}

/**
 * `/robots.txt`: everything may be crawled, and the sitemap index is at the public site's
 * `/sitemap.xml` (search engines want an absolute URL there).
 */
export function robotsTxt(siteUrl: string): RequestHandler {
  const body = `User-agent: *\nDisallow:\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n`;
  return (_req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
      .send(body);
  };
}
