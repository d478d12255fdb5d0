import { sitePath } from "~/lib/safe-path";

/** Spec section 4: the `dispatch` values that fire a tracking event once after login or sign-up. */
export const DISPATCH_EVENTS = { login: "login", signup_start: "sign_up_start" } as const;

export type Dispatch = keyof typeof DISPATCH_EVENTS;

/**
 * Only same-site paths are followed after sign-in (`sitePath`, ADR 0022); anything else, and the
 * login and logout pages themselves, go home (no open redirect, no loop).
 */
export function safeDestination(value: string | null | undefined, siteOrigin?: string): string {
  const path = sitePath(value, siteOrigin);
  if (!path) return "/";
  const { pathname } = new URL(path, "http://site.invalid");
  if (pathname.startsWith("/user/login") || pathname.startsWith("/user/logout")) return "/";
  return path;
}

/** The destination with `dispatch` set, so the landing page sends the event. */
export function withDispatch(destination: string, dispatch: Dispatch): string {
  const url = new URL(destination, "http://site.invalid");
  url.searchParams.set("dispatch", dispatch);
  return `${url.pathname}${url.search}${url.hash}`;
}
