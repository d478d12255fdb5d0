/**
 * The browser starts the trace of each GraphQL request it sends: a W3C traceparent (version 00,
 * a random trace id and parent id, sampled) on the request. The web server continues it only
 * where it is told to trust browsers' trace headers (the local stack with `make tracing`, ADR
 * 0052); everywhere else it is ignored and the server starts its own trace.
 */

function hex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** A traceparent for one request: `00-<32 hex>-<16 hex>-01`. */
export function newTraceparent(fill: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const ids = fill(new Uint8Array(24));
  // an id of zeros is invalid (W3C Trace Context 3.2.2.3): never the case with random bytes,
  // but a broken source must not produce one
  if (ids.every((byte) => byte === 0)) ids[0] = 1;
  return `00-${hex(ids.subarray(0, 16))}-${hex(ids.subarray(16))}-01`;
}

/** fetch, with a new traceparent on every request it sends. */
export function withTraceparent(send: () => typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("traceparent", newTraceparent());
    return send()(input, { ...init, headers });
  };
}
