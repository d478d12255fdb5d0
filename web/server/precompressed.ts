import { readdirSync } from "node:fs";
import { extname, join } from "node:path";
import express, { type RequestHandler } from "express";

/**
 * The build's brotli copies of its assets (`x.js.br` beside `x.js`, scripts/precompress.mjs),
 * sent instead of the file to a browser that takes brotli: they are smaller than what the
 * compression middleware makes on the fly. Only the copies present at start-up are known (the
 * directory is listed once), so no request names a path of its own.
 */
export function precompressedAssets(dir: string, maxAge: string): RequestHandler {
  let packed: Set<string>;
  try {
    packed = new Set(
      readdirSync(dir)
        .filter((name) => name.endsWith(".br"))
        .map((name) => name.slice(0, -".br".length)),
    );
  } catch {
    packed = new Set();
  }
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !packed.has(name)) {
      next();
      return;
    }
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br", "identity") !== "br") {
      next();
      return;
    }
    res.setHeader("Content-Encoding", "br");
    res.type(extname(name));
    res.sendFile(join(dir, `${name}.br`), { immutable: true, maxAge }, (error?: Error) => {
      if (error) next(error);
    });
  };
}

/**
 * The files the build put at the top of `dir` (the favicon, the sharing image), served as they
 * are; listed once at start-up. Every page request went through express.static on `dir`, which
 * asked the file system for a file named as the page's path (a failed stat, and its error, on
 * every page). Dot files stay unserved, as express.static leaves them.
 */
export function topLevelFiles(dir: string, maxAge: string): RequestHandler {
  let names: Set<string>;
  try {
    names = new Set(
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
        .map((entry) => `/${entry.name}`),
    );
  } catch {
    names = new Set();
  }
  const serve = express.static(dir, { maxAge, index: false, redirect: false });
  return (req, res, next) => {
    if (names.has(req.path)) serve(req, res, next);
    else next();
  };
}
