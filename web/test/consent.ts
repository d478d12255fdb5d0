import { CONSENT_COOKIE, consentCookie } from "~/lib/consent-cookie";

/**
 * A visitor who allowed the tag manager and analytics (C0001, C0002): tracked events reach the
 * dataLayer. Tests of what a page tracks start with it; `forgetConsent` ends it.
 */
export function grantMeasuring(): void {
  document.cookie = consentCookie(
    { version: 1, granted: ["C0001", "C0002"], at: "2026-11-23T12:00:00Z" },
    false,
  );
}

export function forgetConsent(): void {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
}
