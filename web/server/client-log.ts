import express, { type RequestHandler, type Router } from "express";

const KINDS = new Set(["graphql", "session", "render", "messages", "hydration"]);
const WINDOW_MS = 60_000;
/** sendBeacon posts text/plain; both are JSON here. */
const BODY_TYPES = ["application/json", "text/plain"];

/**
 * POST /api/client-log: the browser's errors, one JSON line each on the server's log (where the
 * operators look). Bodies are small and checked; each address may send `perMinute` entries a
 * minute, the rest is dropped (a broken page in a loop must not flood the log).
 */
export function clientLog(
  options: { perMinute?: number; write?: (line: string) => void } = {},
): Router {
  const perMinute = options.perMinute ?? 30;
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
      res.status(429).end();
      return;
    }
    next();
  };

  const jsonOnly: RequestHandler = (req, res, next) => {
    if (!req.is(BODY_TYPES)) {
      res.status(415).json({
        error: "A client log entry is JSON (application/json or text/plain).",
        code: "UNSUPPORTED_MEDIA_TYPE",
      });
      return;
    }
    next();
  };

  router.post(
    "/",
    limit,
    jsonOnly,
    express.json({ limit: "8kb", type: BODY_TYPES }),
    (req, res) => {
      const body = req.body as Record<string, unknown> | undefined;
      const kind = body?.kind;
      const message = body?.message;
      if (
        typeof kind !== "string" ||
        !KINDS.has(kind) ||
        typeof message !== "string" ||
        !message
      ) {
        res
          .status(400)
          .json({
            error: "A client log entry needs a known kind and a message.",
            code: "BAD_REQUEST",
          });
        return;
      }
      const text = (value: unknown) =>
        typeof value === "string" ? value.slice(0, 500) : undefined;
      write(
        JSON.stringify({
          level: "warning",
          logger: "client",
          kind,
          message: message.slice(0, 2000),
          operation: text(body?.operation),
          url: text(body?.url),
          componentStack: typeof body?.componentStack === "string" ? body.componentStack.slice(0, 2000) : undefined,
          userAgent: text(req.headers["user-agent"]),
        }),
      );
      res.status(204).end();
    },
  );
  return router;
}
