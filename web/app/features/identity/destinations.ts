/** Spec section 4: the `dispatch` values that fire a tracking event once after login or sign-up. */
export const DISPATCH_EVENTS = { login: "login", signup_start: "sign_up_start" } as const;

export type Dispatch = keyof typeof DISPATCH_EVENTS;

/** Only same-site paths are followed after sign-in; anything else goes home (no open redirect). */
export function safeDestination(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/user/login") || value.startsWith("/user/logout")) return "/";
  return value;
}

/** The destination with `dispatch` set, so the landing page sends the event. */
export function withDispatch(destination: string, dispatch: Dispatch): string {
  const url = new URL(destination, "http://site.invalid");
  url.searchParams.set("dispatch", dispatch);
  return `${url.pathname}${url.search}${url.hash}`;
}
