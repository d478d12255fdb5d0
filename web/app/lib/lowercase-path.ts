import { redirect } from "react-router";

/**
 * Spec section 2: lowercase path enforcement applies to /jobs and /organization. Returns a
 * permanent redirect to the lowercased path (query kept), or null when the path is already
 * lowercase.
 */
export function lowercasePathRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const lowered = url.pathname.toLowerCase();
  if (lowered === url.pathname) return null;
  return redirect(`${lowered}${url.search}`, 301);
}
