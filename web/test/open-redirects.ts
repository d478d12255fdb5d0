/** Open-redirect payloads for the tests of every redirect target taken from a request (ADR 0022). */

export const SITE = "https://jobs.example.org";

/**
 * Known open-redirect payloads (tabs, newlines, backslashes, odd full stops, encodings, other
 * schemes, user info, protocol-relative paths hidden behind dot segments).
 */
export const OPEN_REDIRECT_PAYLOADS = [
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "/%09/evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  "http://evil.example/",
  "HTTPS://evil.example",
  "https:evil.example",
  "https:/evil.example",
  "https:\\\\evil.example",
  "//evil\u3002example",
  "//evil\uFF0Eexample",
  "//evil\uFF61example",
  "/.//evil.example",
  "/./\\evil.example",
  "/../..//evil.example",
  "/x/..//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "\u0001javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example@jobs.example.org",
  "https://jobs.example.org@evil.example",
  "https://jobs.example.org.evil.example/",
  "//user:pass@evil.example",
  "//2130706433",
  "//0x7f.0.0.1",
  "//[::1]/",
  "/\u3000//evil.example",
  "\u2028//evil.example",
  "https://evil.example/%2F..",
  `/${"a".repeat(5000)}`,
];

/** What a browser on the site makes of a Location or a navigation to `target`. */
export function landsOnSite(target: string): boolean {
  return new URL(target, `${SITE}/user/login`).origin === SITE;
}
