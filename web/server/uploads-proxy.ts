// the modules, not their functions: tracing (server/telemetry.ts) wraps request on them
import http from "node:http";
import https from "node:https";
import type { Request, RequestHandler } from "express";
import { HOP_BY_HOP_HEADERS, pickHeaders } from "./graphql-proxy.js";

/** What an upload or a file request needs upstream; cookies never leave this server. */
const UPLOAD_REQUEST_HEADERS = [
  "accept",
  "authorization",
  "content-length",
  "content-type",
  "if-none-match",
  "range",
  "x-frontend",
] as const;

const UPLOAD_TIMEOUT_MS = 120_000;

export interface UploadsProxyOptions {
  /** The services that take uploads, by the name in the path: `organizations` -> its base URL. */
  services: Record<string, string>;
  sessionToken?: (req: Request) => Promise<string | null>;
}

/** A browser opening the URL as a page (a link in a mail), not a script or an image fetching it. */
function isNavigation(req: Request): boolean {
  if (req.method !== "GET") return false;
  const mode = req.headers["sec-fetch-mode"];
  if (typeof mode === "string") return mode === "navigate";
  return req.accepts(["json", "html"]) === "html";
}

/**
 * `/api/uploads/<service>/<path>` streamed to `<service URL>/<path>`: POST /uploads takes a
 * multipart file, GET /files/<id>/<style> serves one (docs/decisions/0007-uploads.md). The
 * gateway does not carry multipart, so files go to the owning service; the session's bearer is
 * added here, as for /graphql. Bodies stream through, never buffered in this process.
 */
export function uploadsProxy(options: UploadsProxyOptions): RequestHandler {
  return async (req, res) => {
    const [, service = "", ...rest] = req.path.split("/");
    const base = options.services[service];
    const path = `/${rest.join("/")}`;
    if (!base || !/^\/(uploads|files\/[\w-]+\/[\w-]+)$/.test(path)) {
      res
        .status(404)
        .json({ error: "NotFound", message: "No such upload endpoint." });
      return;
    }
    const sessionToken = options.sessionToken
      ? await options.sessionToken(req)
      : null;
    // the query goes along: a private file's signed URL carries its expiry and signature there
    const query = req.originalUrl.includes("?")
      ? req.originalUrl.slice(req.originalUrl.indexOf("?"))
      : "";
    const target = new URL(path + query, base);
    const send = target.protocol === "https:" ? https.request : http.request;
    const upstream = send(
      target,
      {
        method: req.method,
        headers: pickHeaders(
          req.headers,
          req.ip,
          sessionToken,
          UPLOAD_REQUEST_HEADERS,
        ),
        timeout: UPLOAD_TIMEOUT_MS,
      },
      (answer) => {
        // A private file opened from a mail without a session: sign in, then come back here.
        if (answer.statusCode === 401 && !sessionToken && isNavigation(req)) {
          answer.resume();
          res.redirect(
            303,
            `/user/login?${new URLSearchParams({ destination: req.originalUrl })}`,
          );
          return;
        }
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name))
            res.setHeader(name, value);
        }
        res.status(answer.statusCode ?? 502);
        answer.pipe(res);
      },
    );
    upstream.on("timeout", () =>
      upstream.destroy(new Error("upload service timeout")),
    );
    upstream.on("error", () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(502).json({
        error: "Unavailable",
        message: "Uploads are unavailable. Try again in a moment.",
      });
    });
    req.pipe(upstream);
  };
}
