import { useCallback } from "react";
import { redirect } from "react-router";
import { useNavigate } from "~/lib/site-locale";

/** Spec 2: the redirect helper's status on the server unless a caller says otherwise. */
export const SERVER_REDIRECT_STATUS = 303;

/**
 * A redirect for loaders and actions: 303 See Other by default (the next request is a GET,
 * whatever method brought the visitor here); permanent moves pass 301.
 */
export function redirectTo(
  to: string,
  status: 301 | 302 | 303 | 307 | 308 = SERVER_REDIRECT_STATUS,
): Response {
  return redirect(to, status);
}

/** In the browser the same helper replaces the current history entry (no back-button loop). */
export function useRedirect(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => void navigate(to, { replace: true }),
    [navigate],
  );
}
