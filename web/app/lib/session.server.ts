import { data } from "react-router";
import { redirectTo } from "~/lib/redirect";
import type { AuthTokenResolver } from "~/lib/apollo/create-apollo-client";
import { parseOidcProviders, serverEnv } from "~/env.server";
import {
  readSessionClaims,
  type SessionClaims,
  type SessionReaderOptions,
  type SessionUser,
} from "~/lib/session-claims";

function readerOptions(): SessionReaderOptions {
  const env = serverEnv();
  return {
    secret: env.AUTH_SECRET,
    secureCookies: env.AUTH_URL.startsWith("https:"),
  };
}

/** The session of a page request, or null for visitors. */
export function sessionOf(request: Request): Promise<SessionClaims | null> {
  return readSessionClaims(request.headers.get("cookie"), readerOptions());
}

/** Bearer token for server-side GraphQL calls made while rendering `request`. */
export function sessionTokenResolver(request: Request): AuthTokenResolver {
  let pending: Promise<string | null> | undefined;
  return () => {
    pending ??= sessionOf(request).then(
      (claims) => claims?.accessToken ?? null,
    );
    return pending;
  };
}

/** The login page for a page that needs a session (spec 6 and 8: error SessionRequired). */
export function loginUrlFor(destination: string, error?: string): string {
  const params = new URLSearchParams({ destination });
  if (error) params.set("error", error);
  return `/user/login?${params.toString()}`;
}

/**
 * For loaders of pages that need a session: visitors go to the login page with the error
 * SessionRequired (spec 6); a signed-in user `allow` refuses gets a 403 page.
 */
export async function requireSession(
  request: Request,
  allow?: (user: SessionUser) => boolean,
): Promise<SessionClaims> {
  const claims = await sessionOf(request);
  if (!claims) {
    const url = new URL(request.url);
    throw redirectTo(
      loginUrlFor(`${url.pathname}${url.search}`, "SessionRequired"),
    );
  }
  if (allow && !allow(claims.user)) {
    throw data(
      { message: "You do not have access to this page." },
      { status: 403 },
    );
  }
  return claims;
}

export interface SocialProvider {
  id: string;
  name: string;
}

/** The configured OpenID Connect providers, for the social buttons (ids and names only). */
export function socialProviders(): SocialProvider[] {
  return parseOidcProviders(process.env).map(({ id, name }) => ({ id, name }));
}
