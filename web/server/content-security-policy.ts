import { randomBytes } from "node:crypto";
import express, { type RequestHandler, type Router } from "express";

/** Where browsers send the policy's violation reports (report-uri and the Reporting API). */
export const CSP_REPORT_PATH = "/api/csp-report";
const REPORT_GROUP = "csp-endpoint";

/** The only third-party frames a page may show: the job and profile videos (spec 2). */
export const VIDEO_FRAME_SOURCES = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
] as const;

/**
 * Permissions-Policy: the site uses none of these powerful features, and no frame it embeds may
 * ask for them either; fullscreen and picture-in-picture stay for the videos.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

export interface ContentSecurityPolicyOptions {
  /** The captcha widget's script (CAPTCHA_SCRIPT_URL): its origin may load scripts, frames and be fetched. */
  captchaScriptUrl?: string | undefined;
  /** The tag library (TAG_MANAGER_URL): its origin may load scripts and be fetched. */
  tagManagerUrl?: string | undefined;
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The page's Content-Security-Policy (ADR 0022): scripts only from the site (and the captcha's
 * and the tag library's origins when configured) or inline with this response's nonce, never
 * 'unsafe-inline'; styles may be inline (Mantine writes style elements and attributes); frames
 * only of the site, the captcha and YouTube/Vimeo; no plugins; no other base; framed only by the
 * site itself; violations reported to CSP_REPORT_PATH.
 */
export function contentSecurityPolicy(nonce: string, options: ContentSecurityPolicyOptions = {}): string {
  const captcha = originOf(options.captchaScriptUrl);
  const tags = originOf(options.tagManagerUrl);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...captcha, ...tags],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...captcha, ...tags],
    "frame-src": ["'self'", ...captcha, ...VIDEO_FRAME_SOURCES],
    "media-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": ["'self'"],
    "report-uri": [CSP_REPORT_PATH],
    "report-to": [REPORT_GROUP],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ");
}

/** A fresh nonce for one response: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** A nonce no policy's text can contain: where each response's own goes in the policy. */
const NONCE_SLOT = "\u0000nonce\u0000";

/**
 * Sends the policy, Reporting-Endpoints and Permissions-Policy on every answer (pages are what
 * they are for; elsewhere they cost nothing) and leaves the nonce in `res.locals.cspNonce` for
 * the page renderer, which puts it on every inline script it writes. The policy's text is
 * written once; each response only puts its own nonce in it (ADR 0070).
 */
export function contentSecurityPolicyHeaders(options: ContentSecurityPolicyOptions = {}): RequestHandler {
  const [before, after] = contentSecurityPolicy(NONCE_SLOT, options).split(NONCE_SLOT) as [string, string];
  const reportingEndpoints = `${REPORT_GROUP}="${CSP_REPORT_PATH}"`;
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", before + nonce + after);
    res.setHeader("Reporting-Endpoints", reportingEndpoints);
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
}

const REPORT_TYPES = ["application/csp-report", "application/reports+json", "application/json"];
const WINDOW_MS = 60_000;
const text = (value: unknown, max = 500) => (typeof value === "string" ? value.slice(0, max) : undefined);
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** One violation in the shape of either report format, or null when it is not one. */
function violationOf(report: unknown): Record<string, unknown> | null {
  if (typeof report !== "object" || report === null) return null;
  const entry = report as Record<string, unknown>;
  // report-uri: { "csp-report": { "document-uri", "violated-directive", ... } }
  const legacy = entry["csp-report"];
  if (typeof legacy === "object" && legacy !== null) {
    const body = legacy as Record<string, unknown>;
    return {
      documentUrl: text(body["document-uri"]),
      blockedUrl: text(body["blocked-uri"]),
      directive: text(body["effective-directive"]) ?? text(body["violated-directive"]),
      disposition: text(body.disposition),
      sourceFile: text(body["source-file"]),
      line: number(body["line-number"]),
      sample: text(body["script-sample"], 80),
    };
  }
  // Reporting API: { type: "csp-violation", url, body: { documentURL, effectiveDirective, ... } }
  if (entry.type === "csp-violation" && typeof entry.body === "object" && entry.body !== null) {
    const body = entry.body as Record<string, unknown>;
    return {
      documentUrl: text(body.documentURL) ?? text(entry.url),
      blockedUrl: text(body.blockedURL),
      directive: text(body.effectiveDirective),
      disposition: text(body.disposition),
      sourceFile: text(body.sourceFile),
      line: number(body.lineNumber),
      sample: text(body.sample, 80),
    };
  }
  return null;
}

/**
 * POST /api/csp-report: the browser's policy violation reports (application/csp-report from
 * report-uri, application/reports+json from the Reporting API), one JSON line each on the
 * server's log. Bodies are at most 16 KB; each address may send `perMinute` requests a minute.
 */
export function cspReports(
  options: { perMinute?: number; write?: (line: string) => void } = {},
): Router {
  const perMinute = options.perMinute ?? 60;
  const write = options.write ?? ((line: string) => console.warn(line));
  const seen = new Map<string, { count: number; since: number }>();
  const router = express.Router();

  const limit: RequestHandler = (req, res, next) => {
    const now = Date.now();
    const key = req.ip ?? "unknown";
    const entry = seen.get(key);
    if (!entry || now - entry.since > WINDOW_MS) {
      if (seen.size > 10_000) seen.clear();
      seen.set(key, { count: 1, since: now });
      next();
      return;
    }
    entry.count += 1;
    if (entry.count > perMinute) {
      res.status(429).json({ error: "Too many reports.", code: "RATE_LIMITED" });
      return;
    }
    next();
  };

  const reportsOnly: RequestHandler = (req, res, next) => {
    if (!req.is(REPORT_TYPES)) {
      res.status(415).json({
        error: "A report is application/csp-report or application/reports+json.",
        code: "UNSUPPORTED_MEDIA_TYPE",
      });
      return;
    }
    next();
  };

  router.post("/", limit, reportsOnly, express.json({ limit: "16kb", type: REPORT_TYPES }), (req, res) => {
    const reports: unknown[] = Array.isArray(req.body) ? (req.body as unknown[]) : [req.body];
    const violations = reports.map(violationOf).filter((v): v is Record<string, unknown> => v !== null);
    if (violations.length === 0) {
      res.status(400).json({ error: "No policy violation in the report.", code: "BAD_REQUEST" });
      return;
    }
    for (const violation of violations.slice(0, 20)) {
      write(
        JSON.stringify({
          level: "warning",
          logger: "csp",
          msg: "content security policy violation",
          ...violation,
          userAgent: text(req.headers["user-agent"]),
        }),
      );
    }
    res.status(204).end();
  });
  return router;
}
