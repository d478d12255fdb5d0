import { isLocale, type Locale } from "./locales";

export type Messages = Record<string, string>;

/** Where the web server answers a locale's catalogue (spec 2 and 7). */
export function messagesPath(locale: Locale): string {
  return `/api/messages/${encodeURIComponent(locale)}`;
}

function isMessages(value: unknown): value is Messages {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === "string")
  );
}

/**
 * A locale's catalogue from `/api/messages/{locale}`. Spec 8: when it fails to load, the set
 * stays empty (every message then shows its defaultMessage) and the failure is logged to the
 * console. The answer is a JSON string holding the catalogue (spec 7); a bare object is accepted too.
 */
export async function loadMessages(
  locale: string,
  fetcher: typeof fetch = fetch,
): Promise<Messages> {
  try {
    if (!isLocale(locale)) throw new Error(`unknown locale ${locale}`);
    const response = await fetcher(messagesPath(locale), {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    let body: unknown = await response.json();
    if (typeof body === "string") body = JSON.parse(body);
    if (!isMessages(body)) throw new Error("not a message catalogue");
    return body;
  } catch (error: unknown) {
    console.error(`Messages for ${locale} failed to load:`, error);
    return {};
  }
}
