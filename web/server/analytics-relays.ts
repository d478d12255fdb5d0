import express, { type Request, type Router } from "express";
import { readCookieConsent } from "../app/lib/consent-cookie.js";
import { siteFrontend } from "./graphql-proxy.js";

/** The browser's analytics endpoints (spec 7) and analytics' own paths behind them. */
export const RELAY_PATHS = {
  "/api/gmapi": "/relay/gmapi",
  "/api/conversionapi": "/relay/conversionapi",
} as const;

const RELAY_TIMEOUT_MS = 5_000;
/** As analytics' own cap (ADR 0014): a bigger beacon is refused here, never sent on. */
const MAX_BODY = "16kb";

export interface AnalyticsRelaysOptions {
  analyticsUrl: string;
  /** FRONTEND_NAME: the site; the browser chooses only the locale. */
  frontendName: string;
  /** The bearer token of the request's session cookie, if it has a valid one. */
  sessionToken?: (req: Request) => Promise<string | null>;
}

/**
 * POST /api/gmapi and /api/conversionapi: passed on to analytics (ADR 0014) with what the
 * browser must not choose itself: the frontend identifier `{FRONTEND_NAME}/{locale}`, the
 * cookie-consent categories of the visitor's `jb_cookie_consent` cookie (X-Cookie-Consent; none
 * without a current choice), the session's bearer token and the visitor's address. Cookies
 * never go along. Analytics decides what is recorded and forwarded; its answer comes back as is.
 */
export function analyticsRelays(options: AnalyticsRelaysOptions): Router {
  const router = express.Router();
  const body = express.raw({
    limit: MAX_BODY,
    // sendBeacon posts text/plain; both are JSON here
    type: ["application/json", "text/plain"],
  });

  for (const [path, target] of Object.entries(RELAY_PATHS)) {
    router.post(path, body, async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const consent = readCookieConsent(req.headers.cookie);
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "x-frontend": siteFrontend(options.frontendName, req.get("x-frontend")),
        "x-cookie-consent": (consent?.granted ?? []).join(","),
      };
      const token = options.sessionToken
        ? await options.sessionToken(req)
        : null;
      if (token) headers.authorization = `Bearer ${token}`;
      // The visitor's address as this server knows it (req.ip), never what the browser wrote.
      if (req.ip) headers["x-forwarded-for"] = req.ip;
      try {
        const answer = await fetch(new URL(target, options.analyticsUrl), {
          method: "POST",
          headers,
          body: new Uint8Array(raw),
          signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
        });
        res
          .status(answer.status)
          .type(answer.headers.get("content-type") ?? "application/json")
          .send(Buffer.from(await answer.arrayBuffer()));
      } catch {
        res.status(502).json({ error: "Analytics is unavailable." });
      }
    });
  }

  router.use(
    Object.keys(RELAY_PATHS),
    (
      error: Error & { type?: string },
      _req: Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      if (error.type === "entity.too.large") {
        res.status(400).json({ error: "The body is larger than 16384 bytes.", code: "PAYLOAD_TOO_LARGE" });
        return;
      }
      next(error);
    },
  );
  return router;
}
