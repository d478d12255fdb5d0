/**
 * The locales with a message catalogue (spec 2: this site shows `en`; en-GB, de and fr are the
 * other frontends' languages). `en` is also the source language: every message's
 * defaultMessage is its en text, so a missing translation falls back to it.
 */
export const LOCALES = ["en", "en-GB", "de", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that remembers a visitor's language choice (strictly necessary: no consent). */
export const LOCALE_COOKIE = "jb_locale";

/** Each locale's name in its own language, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  "en-GB": "English (UK)",
  de: "Deutsch",
  fr: "Français",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale a request's cookie header asks for; the site's default otherwise. */
export function localeFromCookie(header: string | null | undefined): Locale {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      if (isLocale(value)) return value;
    }
  }
  return DEFAULT_LOCALE;
}
