import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { RequestHandler } from "express";
import { HOP_BY_HOP_HEADERS, pickHeaders } from "./graphql-proxy.js";

/** The aggregator feeds search serves (services/search/README.md). */
export const FEED_PATHS = ["/feeds/jobs.xml", "/feeds/jobs.json"] as const;

const FEED_REQUEST_HEADERS = [
  "accept",
  "accept-encoding",
  "if-none-match",
] as const;
const FEED_TIMEOUT_MS = 30_000;

/**
 * Streams a feed from search with its ETag and Cache-Control, so a conditional request answers
 * 304 from search's cache; no session goes along (the feeds are public).
 */
export function feedsProxy(searchUrl: string): RequestHandler {
  return (req, res) => {
    const target = new URL(req.path, searchUrl);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const upstream = send(
      target,
      {
        method: req.method === "HEAD" ? "HEAD" : "GET",
        headers: pickHeaders(
          req.headers,
          req.socket.remoteAddress,
          null,
          FEED_REQUEST_HEADERS,
        ),
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
        .send("The feed is unavailable. Try again in a moment.\n");
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
