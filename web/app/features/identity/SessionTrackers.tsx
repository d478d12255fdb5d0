import { useEffect } from "react";
import { useLocation } from "react-router";
import { useNavigate } from "~/lib/site-locale";
import { track } from "~/lib/analytics";
import { DISPATCH_EVENTS, type Dispatch } from "./destinations";
import { useSession } from "./session";

/** Set once the sign-up-start event of a social sign-up has been sent. */
export const SOCIAL_SIGNUP_MARKER = "jobboard.social-signup-sent";

/**
 * Spec 4: after login or sign-up the `dispatch` parameter fires its tracking event once and is
 * removed from the URL. A user new through social sign-up sends sign_up_start once, guarded by a
 * local-storage marker that is cleared otherwise.
 */
export function SessionTrackers() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const dispatch = params.get("dispatch");
    if (!dispatch) return;
    if (dispatch in DISPATCH_EVENTS) track(DISPATCH_EVENTS[dispatch as Dispatch]);
    params.delete("dispatch");
    const search = params.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ""}${location.hash}`, {
      replace: true,
      preventScrollReset: true,
    });
  }, [location.pathname, location.search, location.hash, navigate]);

  const newViaSocial = session.data?.isNewUserViaSocial ?? false;
  useEffect(() => {
    try {
      if (!newViaSocial) {
        window.localStorage.removeItem(SOCIAL_SIGNUP_MARKER);
        return;
      }
      if (window.localStorage.getItem(SOCIAL_SIGNUP_MARKER)) return;
      window.localStorage.setItem(SOCIAL_SIGNUP_MARKER, "1");
      track("sign_up_start", { method: "social" });
    } catch {
      // No local storage: send nothing rather than twice.
    }
  }, [newViaSocial]);

  return null;
}
