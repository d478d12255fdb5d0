import { createRequire } from "node:module";
// the modules, not their functions: tracing (server/telemetry.ts) wraps request on them
import http from "node:http";
import https from "node:https";
import { dirname } from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { HOP_BY_HOP_HEADERS, pickHeaders } from "./graphql-proxy.js";

/** Where the ATS API is answered on this origin (the jobs service serves it at /ats/v1). */
export const ATS_API_PATH = "/api/ats/v1";

/** What an ATS request needs upstream: its key, its body and its Idempotency-Key. Never cookies. */
const ATS_REQUEST_HEADERS = [
  "accept",
  "authorization",
  "content-length",
  "content-type",
  "idempotency-key",
] as const;

/** A batch of 1,000 jobs takes a while; the jobs service answers each within this. */
const ATS_TIMEOUT_MS = 300_000;

const require = createRequire(import.meta.url);

/** The page of the API's interactive documentation (Swagger UI, served from this origin). */
function docsPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>ATS API documentation</title>
    <link rel="stylesheet" href="${ATS_API_PATH}/docs/assets/swagger-ui.css">
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${ATS_API_PATH}/docs/assets/swagger-ui-bundle.js"></script>
    <script src="${ATS_API_PATH}/docs/init.js"></script>
  </body>
</html>
`;
}

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: "${ATS_API_PATH}/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: false,
});
`;

export interface AtsApiOptions {
  /** The jobs service's base URL (it answers /ats/v1/...). */
  jobsUrl: string;
}

/** `/api/ats/v1/...` streamed to the jobs service's `/ats/v1/...`, bodies never buffered. */
function atsProxy(options: AtsApiOptions): RequestHandler {
  const base = new URL(options.jobsUrl);
  const send = base.protocol === "https:" ? https.request : http.request;
  return (req, res) => {
    const query = req.originalUrl.includes("?")
      ? req.originalUrl.slice(req.originalUrl.indexOf("?"))
      : "";
    const target = new URL(`/ats/v1${req.path}${query}`, base);
    const upstream = send(
      target,
      {
        method: req.method,
        // the key is the caller: no browser session is added, whatever cookies came along
        headers: pickHeaders(req.headers, req.ip, null, ATS_REQUEST_HEADERS),
        timeout: ATS_TIMEOUT_MS,
      },
      (answer) => {
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name)) res.setHeader(name, value);
        }
        res.status(answer.statusCode ?? 502);
        answer.pipe(res);
      },
    );
    upstream.on("timeout", () => upstream.destroy(new Error("ATS API timeout")));
    upstream.on("error", () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res
        .status(502)
        .type("application/problem+json")
        .json({ type: "about:blank", title: "The ATS API is unavailable. Try again in a moment.", status: 502 });
    });
    req.pipe(upstream);
  };
}

/**
 * The ATS API on this origin (ADR 0039): its requests go to the jobs service, and its
 * interactive documentation (Swagger UI from swagger-ui-dist, no third-party CDN) reads the
 * API's OpenAPI description from `/api/ats/v1/openapi.json`.
 */
export function atsApi(options: AtsApiOptions): Router {
  const router = express.Router();
  const assets = dirname(require.resolve("swagger-ui-dist/package.json"));
  router.get("/docs", (_req, res) => {
    res.type("html").send(docsPage());
  });
  router.get("/docs/init.js", (_req, res) => {
    res.type("text/javascript").send(DOCS_INIT);
  });
  router.use("/docs/assets", express.static(assets, { index: false, maxAge: "1d" }));
  router.use(atsProxy(options));
  return router;
}
