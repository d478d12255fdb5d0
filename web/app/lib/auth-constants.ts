// Shared by the web server, the page renderer and the browser: no imports, so any side can use it.

/** Where Auth.js answers (spec section 2: /api/auth/*). */
export const AUTH_BASE_PATH = "/api/auth";
/** Short-lived cookie the sign-up page sets before leaving for a social provider. */
export const SIGN_UP_ROLE_COOKIE = "jobboard.signup-role";
/** The consent info ids ticked on the sign-up page, for a social sign-up (comma-separated). */
export const SIGN_UP_CONSENT_COOKIE = "jobboard.signup-consents";
/** Spec section 9: sessions last 30 days by default. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
