import type { RequestHandler } from "express";

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
