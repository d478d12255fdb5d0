import { useEffect } from "react";
import { useCookieConsent } from "~/lib/cookie-consent";
import { loadTagLibrary } from "~/lib/tag-library";

/** Loads the tag library once the visitor granted C0001 (a grant reloads the page). */
export function TagLibrary({ src }: { src: string | null }) {
  const { granted } = useCookieConsent();
  const allowed = granted("C0001");
  useEffect(() => {
    if (allowed) loadTagLibrary(window as Parameters<typeof loadTagLibrary>[0], document, src);
  }, [allowed, src]);
  return null;
}
