// the modules, not their functions: tracing (server/telemetry.ts) wraps request on them
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import type { Request, RequestHandler } from "express";

/** Request headers the gateway needs; everything else (cookies included) stays here. */
export const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "authorization",
  "content-length",
  "content-type",
  "apollo-require-preflight",
  "x-apollo-operation-name",
  "x-frontend",
] as const;

/** Hop-by-hop headers never cross a proxy (RFC 9110 section 7.6.1). */
export const HOP_BY_HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

const GATEWAY_TIMEOUT_MS = 30_000;
const LOCALE = /^[a-z]{2}(?:[-_][A-Za-z]{2})?$/;

/**
 * The X-Frontend this server sends upstream: its own site (FRONTEND_NAME) with the page's
 * locale from the browser's header (`<site>/<locale>`, else en). The browser chooses only the
 * locale: a page of one site never reads or writes as another (ADR 0049).
 */
export function siteFrontend(frontendName: string, header: string | string[] | undefined): string {
  const candidate = (typeof header === "string" ? header : "").split("/")[1] ?? "";
  return `${frontendName}/${LOCALE.test(candidate) ? candidate : "en"}`;
}

export function pickHeaders(
  incoming: IncomingHttpHeaders,
  clientAddress: string | undefined,
  sessionToken: string | null,
  forwarded: readonly string[] = FORWARDED_REQUEST_HEADERS,
): OutgoingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (const name of forwarded) {
    const value: string | string[] | undefined = incoming[name];
    if (value !== undefined) headers[name] = value;
  }
  // A browser session speaks with its own token, whatever the request says.
  if (sessionToken) headers.authorization = `Bearer ${sessionToken}`;
  // The visitor's address as this server knows it (req.ip), never what the browser wrote.
  if (clientAddress) headers["x-forwarded-for"] = clientAddress;
  return headers;
}

function gatewayUnavailable(): { errors: { message: string; extensions: { code: string } }[] } {
  return {
    errors: [{ message: "The GraphQL gateway is unavailable.", extensions: { code: "GATEWAY_UNAVAILABLE" } }],
  };
}

/**
 * Streams `/graphql` requests to the gateway and its answers back, so the browser only ever
 * talks to this origin (multipart uploads included, without buffering them here). The session's
 * access token is added here, so page scripts never hold it (backend for frontend).
 */
export interface GraphqlProxyOptions {
  gatewayUrl: string;
  /** The bearer token of the request's session cookie, if it has a valid one. */
  sessionToken?: (req: Request) => Promise<string | null>;
  /** This server's site (FRONTEND_NAME): X-Frontend names it whatever the browser sent. */
  frontendName?: string;
}

export function graphqlProxy(options: GraphqlProxyOptions): RequestHandler {
  const target = new URL(options.gatewayUrl);
  const send = target.protocol === "https:" ? https.request : http.request;

  return async (req, res) => {
    const sessionToken = options.sessionToken ? await options.sessionToken(req) : null;
    const url = new URL(target);
    const query = req.originalUrl.indexOf("?");
    if (query !== -1) url.search = req.originalUrl.slice(query);

    const upstream = send(
      url,
      {
        method: req.method,
        headers: {
          ...pickHeaders(req.headers, req.ip, sessionToken),
          ...(options.frontendName
            ? { "x-frontend": siteFrontend(options.frontendName, req.headers["x-frontend"]) }
            : {}),
        },
        timeout: GATEWAY_TIMEOUT_MS,
      },
      (gatewayResponse) => {
        for (const [name, value] of Object.entries(gatewayResponse.headers)) {
          if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name)) res.setHeader(name, value);
        }
        res.status(gatewayResponse.statusCode ?? 502);
        gatewayResponse.pipe(res);
      },
    );

    upstream.on("timeout", () => upstream.destroy(new Error("gateway timeout")));
    upstream.on("error", () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(502).json(gatewayUnavailable());
    });
    req.pipe(upstream);
  };
}
