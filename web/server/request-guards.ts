import type { ErrorRequestHandler, RequestHandler } from "express";

/**
 * A request path starting with more than one slash (or a backslash, which browsers and the
 * WHATWG URL parser read as one) goes to the same path with a single slash, before any page
 * sees it: a page that redirects to its own path (lowercasing, a slug's new home) would
 * otherwise send `//host/...`, which a browser reads as another host (ADR 0022).
 */
export function singleLeadingSlash(): RequestHandler {
  return (req, res, next) => {
    const raw = req.originalUrl;
    if (!/^\/[/\\]/.test(raw)) {
      next();
      return;
    }
    const query = raw.indexOf("?");
    const path = query === -1 ? raw : raw.slice(0, query);
    const search = query === -1 ? "" : raw.slice(query);
    res.redirect(301, `/${path.replace(/^[/\\]+/, "")}${search}`);
  };
}

/**
 * The visitor's address, once: `req.ip` (the peer, or what the proxies named in "trust proxy"
 * vouch for) replaces whatever X-Forwarded-For the request came with, so everything the web
 * server passes on (the /graphql proxy, the analytics relays, the pages' own GraphQL requests)
 * names the real client and never an address the browser wrote itself (ADR 0022).
 */
export function clientAddress(): RequestHandler {
  return (req, _res, next) => {
    const address = req.ip ?? req.socket.remoteAddress;
    if (address) req.headers["x-forwarded-for"] = address;
    else delete req.headers["x-forwarded-for"];
    next();
  };
}

interface BodyError {
  type?: string;
  status?: number;
  statusCode?: number;
  limit?: number;
}

function describeError(error: BodyError): { status: number; code: string; message: string } {
  switch (error.type) {
    case "entity.parse.failed":
      return { status: 400, code: "BAD_REQUEST", message: "The request body is not valid JSON." };
    case "entity.too.large":
      return {
        status: 413,
        code: "PAYLOAD_TOO_LARGE",
        message:
          typeof error.limit === "number"
            ? `The request body is larger than ${error.limit} bytes.`
            : "The request body is too large.",
      };
    case "charset.unsupported":
    case "encoding.unsupported":
      return {
        status: 415,
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "The request body must be UTF-8, uncompressed or gzip/deflate/br.",
      };
    default:
      break;
  }
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: "BAD_REQUEST", message: "The request could not be read." };
  }
  return { status: 500, code: "INTERNAL_SERVER_ERROR", message: "Internal server error" };
}

/**
 * Every error Express would answer itself (outside production an HTML page with the stack and
 * the server's paths) is a short JSON answer with a code instead, in every environment
 * (ADR 0022): `{ "error": message, "code": CODE }`. Unexpected ones are logged, never sent.
 */
export function jsonErrors(
  log: (line: string) => void = (line) => console.error(line),
): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const answer = describeError((error ?? {}) as BodyError);
    if (answer.status >= 500) {
      log(
        JSON.stringify({
          level: "error",
          logger: "web",
          msg: "request failed",
          path: req.path,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    res.status(answer.status).json({ error: answer.message, code: answer.code });
  };
}
