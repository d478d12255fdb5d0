/**
 * The one rule for redirect targets taken from a request (the login page's `destination`,
 * Auth.js's `callbackUrl`, /router's path, ...; ADR 0022): a target is followed only when it
 * resolves, under the WHATWG URL rules browsers apply (tabs and newlines dropped, backslashes
 * read as slashes, IDNA's full stops, percent-encoding), to a path on the site's own origin.
 * What is followed is the parsed path (`pathname + search + hash`, ASCII, percent-encoded), never
 * the raw text, so what the browser reads is what was checked.
 */

/** A base no real request has: what resolves against it and keeps its origin is a site path. */
const PROBE_ORIGIN = "http://site-path.invalid";

/** Targets longer than this are not anyone's page. */
const MAX_TARGET_LENGTH = 2048;

/**
 * The site path `target` leads to, or null when it leads anywhere else (another host, another
 * scheme, a path a browser would read as a host) or is not a target at all. An absolute URL on
 * `siteOrigin` (the site's own origin, when the caller knows it) counts as its path.
 */
export function sitePath(target: unknown, siteOrigin?: string): string | null {
  if (typeof target !== "string" || target === "" || target.length > MAX_TARGET_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(target, `${PROBE_ORIGIN}/`);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN && (!siteOrigin || url.origin !== originOf(siteOrigin))) return null;
  // Only the path is kept; a user name or password in the target has no business here.
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//host` parses to the path `//host`, which a browser reads as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  // What the browser will parse must land where this did (a belt to the braces above).
  try {
    if (new URL(path, `${PROBE_ORIGIN}/`).origin !== PROBE_ORIGIN) return null;
  } catch {
    return null;
  }
  return path;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
