/**
 * URL reading and writing shared by the job and organization search pages (spec 2: filters live
 * in query parameters; the keys that are not filters are listed in JOB_SEARCH_KEYS).
 */

/** At most this many values per facet are read from a URL: no one picks more by hand. */
export const MAX_VALUES_PER_FACET = 50;

/** C0 controls (NUL and friends) never reach the API: the gateway refuses them outright. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A free-text parameter: controls removed, whitespace collapsed and trimmed; "" for none. */
export function cleanText(value: string | null): string {
  if (!value) return "";
  return value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}

const TERM_ID = /^\d{1,12}$/;
/** Keyword facet values (a resume's career status or region): letters, digits and a few marks. */
const KEYWORD = /^[\p{L}\p{N}][\p{L}\p{N} _.'’()&/-]{0,99}$/u;
/** Organization ids (company facet) are UUIDs; the search service takes hex and dashes. */
const ORGANIZATION_ID = /^[0-9a-fA-F-]{1,64}$/;

/**
 * A facet parameter's values: comma-separated (and repeated keys joined), trimmed,
 * de-duplicated in first-seen order; values that are not ids are dropped. Term ids are numeric
 * (leading zeros removed); `company` takes organization ids; keyword facets short plain words.
 */
export function facetValues(raw: readonly string[], kind: "term" | "organization" | "keyword" = "term"): string[] {
  const values: string[] = [];
  for (const part of raw.flatMap((value) => value.split(","))) {
    const trimmed = part.trim();
    let value: string | null = null;
    if (kind === "term" && TERM_ID.test(trimmed)) value = String(Number.parseInt(trimmed, 10));
    if (kind === "organization" && ORGANIZATION_ID.test(trimmed)) value = trimmed.toLowerCase();
    if (kind === "keyword" && KEYWORD.test(trimmed)) value = trimmed;
    if (value !== null && !values.includes(value)) values.push(value);
    if (values.length === MAX_VALUES_PER_FACET) break;
  }
  return values;
}

/** The page parameter: a whole number from 1; anything else (missing, 0, -3, "abc", 1e99) is 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  const page = Number.parseInt(value.trim(), 10);
  return page >= 1 ? page : 1;
}

/** A finite number, or null (empty, "abc", "Infinity"). */
export function parseNumber(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** The number of pages for a total (at least 1, so "page 1 of 1" for an empty result). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `?a=1&b=2`, or "" when there is nothing to say. Commas stay readable in the URL. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ",");
  return text ? `?${text}` : "";
}
