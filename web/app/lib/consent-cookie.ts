// The cookie-consent choice as a cookie: no React here, so the web server reads it too (the
// analytics relays pass the visitor's categories on, ADR 0014).

/**
 * Spec 9's cookie-consent categories and the services each covers. Nothing of a category
 * (tracking, third-party scripts, video embeds) loads before the visitor grants it; strictly
 * necessary cookies (the session) need no consent and are not a category here.
 */
export const CONSENT_CATEGORIES = [
  {
    id: "C0001",
    name: "Tag manager",
    description:
      "Loads the site's tag library, which the other measuring services run in.",
    services: ["tag manager"],
  },
  {
    id: "C0002",
    name: "Analytics",
    description:
      "Counts visits, searches and applications so we can see what helps people.",
    services: ["analytics", "snowplow", "hotjar"],
  },
  {
    id: "C0003",
    name: "Places, maps and videos",
    description:
      "Suggests places as you type, shows maps and plays YouTube and Vimeo videos.",
    services: ["geosuggest", "maps", "video embeds"],
  },
  {
    id: "C0004",
    name: "Advertising",
    description: "Shows and measures ads for the jobs board's partners.",
    services: ["ad manager", "pixel"],
  },
] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]["id"];

/** Raised whenever the categories or what they cover change: everyone is asked again. */
export const CONSENT_VERSION = 1;
export const CONSENT_COOKIE = "jb_cookie_consent";
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const IDS = new Set<string>(CONSENT_CATEGORIES.map((category) => category.id));

export interface CookieConsent {
  version: number;
  granted: ConsentCategory[];
  /** ISO time of the choice. */
  at: string;
}

/** The stored choice from a Cookie header, or null when none was made for this version. */
export function readCookieConsent(
  cookieHeader: string | null | undefined,
): CookieConsent | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== CONSENT_COOKIE) continue;
    try {
      const value = JSON.parse(
        decodeURIComponent(rest.join("=")),
      ) as Partial<CookieConsent>;
      if (value.version !== CONSENT_VERSION || !Array.isArray(value.granted))
        return null;
      return {
        version: CONSENT_VERSION,
        granted: value.granted.filter((id): id is ConsentCategory =>
          IDS.has(id),
        ),
        at: typeof value.at === "string" ? value.at : "",
      };
    } catch {
      return null;
    }
  }
  return null;
}

export function consentCookie(consent: CookieConsent, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Spec 4: a category going from not granted to granted reloads the page (its scripts load). */
export function needsReload(
  before: readonly ConsentCategory[],
  after: readonly ConsentCategory[],
) {
  return after.some((id) => !before.includes(id));
}
