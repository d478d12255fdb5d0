import type { AuthTokenResolver } from "~/lib/apollo/create-apollo-client";

/**
 * The hook point for the session system (spec: /api/auth/*). No session exists yet, so every
 * request is anonymous; when sessions land, read the session cookie from `request` here and
 * return its bearer token for server-side GraphQL calls.
 */
export function sessionTokenResolver(_request: Request): AuthTokenResolver {
  return () => null;
}
