/**
 * The browser tag library (a tag manager container): the dataLayer it reads and, when the site
 * configures one, its script. Nothing loads before the visitor granted C0001 (spec 9's cookie
 * categories); lib/analytics waits for the dataLayer (retry every 500 ms, 30 times).
 */

export const TAG_LIBRARY_SCRIPT_ID = "jb-tag-library";

type TagWindow = { dataLayer?: Record<string, unknown>[] };

/** Defines the dataLayer with the container's start event and adds the script once. */
export function loadTagLibrary(win: TagWindow, doc: Document, src: string | null, now = Date.now()): void {
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  if (!win.dataLayer.some((entry) => entry.event === "gtm.js")) {
    win.dataLayer.push({ "gtm.start": now, event: "gtm.js" });
  }
  if (src && !doc.getElementById(TAG_LIBRARY_SCRIPT_ID)) {
    const script = doc.createElement("script");
    script.id = TAG_LIBRARY_SCRIPT_ID;
    script.async = true;
    script.src = src;
    doc.head.appendChild(script);
  }
}
