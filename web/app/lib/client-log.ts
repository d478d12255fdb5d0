/**
 * Spec 7: client errors go to the web server's client log endpoint (the browser's console alone
 * tells nobody). Best effort: a beacon that survives a page unload, never an error of its own.
 */
export const CLIENT_LOG_PATH = "/api/client-log";

export type ClientLogKind = "graphql" | "session" | "render" | "messages" | "hydration";

export interface ClientLogEntry {
  kind: ClientLogKind;
  message: string;
  operation?: string;
  url?: string;
  /** where in the component tree (hydration errors) */
  componentStack?: string;
}

export function logClientError(
  kind: ClientLogKind,
  error: unknown,
  extra: { operation?: string; componentStack?: string } = {},
): void {
  if (typeof window === "undefined") return;
  const entry: ClientLogEntry = {
    kind,
    message: (error instanceof Error ? error.message : String(error)).slice(
      0,
      2000,
    ),
    url: window.location.pathname,
    ...extra,
  };
  const body = JSON.stringify(entry);
  try {
    if (
      navigator.sendBeacon?.(
        CLIENT_LOG_PATH,
        new Blob([body], { type: "application/json" }),
      )
    )
      return;
    void fetch(CLIENT_LOG_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // nothing more to do: logging must never break the page
  }
}
