import { getToken } from "@auth/core/jwt";

// Shared by the web server (server/, compiled without the ~ alias) and the page renderer.

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  emailVerified: boolean;
}

/** What the encrypted session cookie holds. Only the server ever decrypts it. */
export interface SessionClaims {
  sub: string;
  user: SessionUser;
  /** Identity's RS256 access token, forwarded to the gateway as a bearer token. */
  accessToken: string;
  /** Seconds since the epoch. */
  accessTokenExpiresAt: number;
  masqueraded: boolean;
  isNewUserViaSocial: boolean;
  /** While masquerading: the admin's own user and token, restored on "stop masquerading". */
  realUser?: SessionUser;
  realAccessToken?: string;
  realAccessTokenExpiresAt?: number;
}

/** The part of the session page scripts may see (what GET /api/auth/session answers). */
export interface PublicSession {
  user: SessionUser;
  masqueraded: boolean;
  isNewUserViaSocial: boolean;
}

export interface SessionReaderOptions {
  secret: string;
  secureCookies: boolean;
}

function sessionCookieName(secureCookies: boolean): string {
  return secureCookies ? "__Secure-authjs.session-token" : "authjs.session-token";
}

/**
 * Decrypts the session cookie(s) of a request. Only cookies are read: a bearer header sent by
 * the browser is never taken for a session. Tampered, expired or foreign cookies read as none.
 */
export async function readSessionClaims(
  cookieHeader: string | null | undefined,
  options: SessionReaderOptions,
): Promise<SessionClaims | null> {
  if (!cookieHeader) return null;
  const cookieName = sessionCookieName(options.secureCookies);
  const token = await getToken({
    req: { headers: { cookie: cookieHeader } },
    secret: options.secret,
    secureCookie: options.secureCookies,
    cookieName,
    salt: cookieName,
    logger: { error() {}, warn() {}, debug() {} },
  });
  if (!token) return null;
  const claims = token as unknown as Partial<SessionClaims>;
  if (typeof claims.accessToken !== "string" || !claims.user) return null;
  if ((claims.accessTokenExpiresAt ?? 0) * 1000 <= Date.now()) return null;
  return claims as SessionClaims;
}

export function publicSession(claims: SessionClaims): PublicSession {
  return { user: claims.user, masqueraded: claims.masqueraded, isNewUserViaSocial: claims.isNewUserViaSocial };
}
