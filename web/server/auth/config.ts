import { AsyncLocalStorage } from "node:async_hooks";
import { CredentialsSignin } from "@auth/core/errors";
import type { JWT } from "@auth/core/jwt";
import Credentials from "@auth/core/providers/credentials";
import type { OIDCConfig } from "@auth/core/providers";
import type { Account, Profile } from "@auth/core/types";
import type { ExpressAuthConfig } from "@auth/express";
import {
  AUTH_BASE_PATH,
  SESSION_MAX_AGE_SECONDS,
} from "../../app/lib/auth-constants.js";
import type {
  SessionClaims,
  SessionUser,
} from "../../app/lib/session-claims.js";
import { sitePath } from "../../app/lib/safe-path.js";
import type { IdentityClient, IdentityGrant } from "./identity-client.js";

/** What the auth routes know about the request that callbacks cannot see themselves. */
export interface AuthRequestContext {
  clientAddress?: string;
  /** The role chosen on the sign-up page before a social sign-up (cookie, see signUpRoleCookie). */
  signUpRole?: string;
  /** The consent infos ticked on the sign-up page before a social sign-up (ADR 0009). */
  signUpConsents?: string[];
  /** The browser's User-Agent, kept with the session identity opens. */
  userAgent?: string;
}

export const authRequestContext = new AsyncLocalStorage<AuthRequestContext>();

export interface OidcProviderSettings {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const EXPECTED_AUTH_ERRORS = new Set([
  "CredentialsSignin",
  "JWTSessionError",
  "MissingCSRF",
]);

/** Credentials sign-in answers with `?error=CredentialsSignin&code=<code>`. */
class InvalidCredentials extends CredentialsSignin {
  override code = "credentials";
}
class ThrottledSignin extends CredentialsSignin {
  override code = "throttled";
}
class IdentityUnavailable extends CredentialsSignin {
  override code = "unavailable";
}

function userFromGrant(grant: IdentityGrant): SessionUser {
  return {
    id: grant.user.id,
    name: grant.user.name,
    email: grant.user.email,
    roles: grant.user.roles,
    emailVerified: grant.user.emailVerified,
  };
}

function claimsFromGrant(
  grant: IdentityGrant,
  extra: Partial<SessionClaims> = {},
): SessionClaims {
  return {
    sub: grant.user.id,
    user: userFromGrant(grant),
    accessToken: grant.accessToken,
    accessTokenExpiresAt: grant.expiresAt,
    masqueraded: false,
    isNewUserViaSocial: false,
    ...extra,
  };
}

type AuthUser = { id: string; grant: IdentityGrant };

function isAuthUser(value: unknown): value is AuthUser {
  return typeof value === "object" && value !== null && "grant" in value;
}

export interface AuthConfigOptions {
  secret: string;
  identity: IdentityClient;
  oidcProviders: OidcProviderSettings[];
  /** Send cookies with `Secure` and the `__Secure-` prefix (the site is served over https). */
  secureCookies: boolean;
}

/**
 * Auth.js configuration for `/api/auth/*`: sessions are encrypted JWT cookies (Auth.js chunks
 * them at 3933 characters, PKCE/state cookies live 900 s, 15 s clock tolerance) that carry
 * identity's access token; `session` exposes the user and the session flags, never the token.
 */
export function createAuthConfig(
  options: AuthConfigOptions,
): ExpressAuthConfig {
  const { identity } = options;
  // Identity's answer to a social sign-in, handed from the signIn callback to the jwt callback.
  const socialGrants = new WeakMap<Account, IdentityGrant>();

  const credentials = Credentials({
    id: "credentials",
    name: "Email and password",
    credentials: { email: { type: "email" }, password: { type: "password" } },
    async authorize(input) {
      const email = typeof input.email === "string" ? input.email : "";
      const password = typeof input.password === "string" ? input.password : "";
      if (!email || !password) throw new InvalidCredentials();
      const answer = await identity.credentials({
        email,
        password,
        clientAddress: authRequestContext.getStore()?.clientAddress,
        userAgent: authRequestContext.getStore()?.userAgent,
      });
      if (answer.kind === "ok")
        return { id: answer.grant.user.id, grant: answer.grant } as AuthUser;
      if (answer.kind === "throttled") throw new ThrottledSignin();
      if (answer.kind === "unavailable") throw new IdentityUnavailable();
      throw new InvalidCredentials();
    },
  });

  const oidc = options.oidcProviders.map((provider): OIDCConfig<Profile> => ({
    id: provider.id,
    name: provider.name,
    type: "oidc",
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    checks: ["pkce", "state", "nonce"],
    authorization: { params: { scope: "openid email profile" } },
  }));

  return {
    secret: options.secret,
    basePath: AUTH_BASE_PATH,
    trustHost: true,
    useSecureCookies: options.secureCookies,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: [credentials, ...oidc],
    events: {
      // Sign-out ends the session at identity first, so a copy of its token stops working too
      // (ADR 0023); the cookie is cleared whatever identity answers.
      async signOut(message) {
        const claims = ("token" in message ? message.token : null) as Partial<SessionClaims> | null;
        const token = claims?.realAccessToken ?? claims?.accessToken;
        if (token) await identity.signOut(token);
      },
    },
    pages: {
      signIn: "/user/login",
      signOut: "/user/logout",
      error: "/user/auth-error",
    },
    logger: {
      // Expected failures (wrong password, tampered cookie, stale form) are answered to the
      // visitor, not logged as errors.
      error(error) {
        const type = (error as { type?: string }).type ?? error.name;
        if (!EXPECTED_AUTH_ERRORS.has(type))
          console.error(`[auth] ${type}: ${error.message}`);
      },
      warn() {},
      debug() {},
    },
    callbacks: {
      // A callbackUrl is followed only to a path on this site (ADR 0022); Auth.js's own check
      // reads the raw text, not what a browser makes of it.
      redirect({ url, baseUrl }) {
        const path = sitePath(url, baseUrl);
        return path ? `${baseUrl}${path}` : baseUrl;
      },
      async signIn({ account }) {
        if (!account || account.type !== "oidc") return true;
        const idToken = account.id_token;
        if (!idToken) return "/user/auth-error?error=OAuthCallbackError";
        const answer = await identity.social({
          provider: account.provider,
          idToken,
          role: authRequestContext.getStore()?.signUpRole,
          consents: authRequestContext.getStore()?.signUpConsents,
          userAgent: authRequestContext.getStore()?.userAgent,
        });
        if (answer.kind === "ok") {
          socialGrants.set(account, answer.grant);
          return true;
        }
        if (answer.kind === "unavailable")
          return "/user/auth-error?error=Unavailable";
        // A new account needs the sign-up page's consent first.
        if (answer.kind === "rejected" && answer.error === "ConsentRequired") {
          // the provider goes along, so the page can say which one and continue with it
          return `/user/register?error=ConsentRequired&provider=${encodeURIComponent(account.provider)}`;
        }
        return "/user/auth-error?error=AccessDenied";
      },

      async jwt({
        token,
        user,
        account,
        trigger,
        session,
      }): Promise<JWT | null> {
        if (trigger === "signIn" || trigger === "signUp") {
          if (account?.type === "oidc") {
            const grant = socialGrants.get(account);
            if (!grant) return null;
            return {
              ...claimsFromGrant(grant, {
                isNewUserViaSocial: Boolean(grant.isNewUser),
              }),
            };
          }
          if (isAuthUser(user)) return { ...claimsFromGrant(user.grant) };
          return null;
        }
        const claims = token as Partial<SessionClaims>;
        if (!claims.accessToken || !claims.user) return null;
        // Identity's token ends the session when it expires.
        if ((claims.accessTokenExpiresAt ?? 0) * 1000 <= Date.now())
          return null;

        if (trigger === "update" && session && typeof session === "object") {
          return updateSession(
            claims as SessionClaims,
            session as Record<string, unknown>,
            identity,
          );
        }
        return renewSession(claims as SessionClaims, identity);
      },

      session({ session, token }) {
        const claims = token as Partial<SessionClaims>;
        return {
          expires: session.expires,
          user: claims.user,
          masqueraded: Boolean(claims.masqueraded),
          isNewUserViaSocial: Boolean(claims.isNewUserViaSocial),
        } as unknown as typeof session;
      },
    },
  };
}

/**
 * Every read of the session asks identity for a fresh token of it (ADR 0023): the current roles
 * after a role change (the old token is refused everywhere within seconds), and the end of a
 * session identity ended (signed out elsewhere, a password change, a block, a deletion), which
 * clears the cookie. While masquerading, the admin's own session is the one checked. An
 * unreachable identity keeps the session as it is.
 */
async function renewSession(
  claims: SessionClaims,
  identity: IdentityClient,
): Promise<JWT | null> {
  const own = claims.masqueraded ? claims.realAccessToken : claims.accessToken;
  if (!own) return claims as unknown as JWT;
  const answer = await identity.refresh(own);
  if (answer.kind === "rejected") return null;
  if (answer.kind !== "ok") return claims as unknown as JWT;
  if (claims.masqueraded) {
    return {
      ...claims,
      realUser: userFromGrant(answer.grant),
      realAccessToken: answer.grant.accessToken,
      realAccessTokenExpiresAt: answer.grant.expiresAt,
    } as unknown as JWT;
  }
  return {
    ...claims,
    user: userFromGrant(answer.grant),
    accessToken: answer.grant.accessToken,
    accessTokenExpiresAt: answer.grant.expiresAt,
  } as unknown as JWT;
}

/**
 * Session updates the client may ask for (POST /api/auth/session, CSRF-checked by Auth.js):
 * `{masquerade: userIdOrEmail}` swaps in identity's token for that user, keeping the admin's to come
 * back to; `{stopMasquerading: true}` restores it; `{clearNewUserViaSocial: true}` drops the flag.
 */
async function updateSession(
  claims: SessionClaims,
  request: Record<string, unknown>,
  identity: IdentityClient,
): Promise<JWT> {
  if (typeof request.masquerade === "string" && !claims.masqueraded) {
    const answer = await identity.masquerade({
      adminToken: claims.accessToken,
      user: request.masquerade,
    });
    if (answer.kind !== "ok") return claims as unknown as JWT;
    return {
      ...claimsFromGrant(answer.grant, { masqueraded: true }),
      realUser: claims.user,
      realAccessToken: claims.accessToken,
      realAccessTokenExpiresAt: claims.accessTokenExpiresAt,
    } as unknown as JWT;
  }
  if (
    request.stopMasquerading === true &&
    claims.masqueraded &&
    claims.realAccessToken &&
    claims.realUser
  ) {
    return {
      sub: claims.realUser.id,
      user: claims.realUser,
      accessToken: claims.realAccessToken,
      accessTokenExpiresAt:
        claims.realAccessTokenExpiresAt ?? claims.accessTokenExpiresAt,
      masqueraded: false,
      isNewUserViaSocial: false,
    } as unknown as JWT;
  }
  if (request.clearNewUserViaSocial === true) {
    return { ...claims, isNewUserViaSocial: false } as unknown as JWT;
  }
  return claims as unknown as JWT;
}
