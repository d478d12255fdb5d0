import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CookieConsentProvider, CONSENT_VERSION, type ConsentCategory } from "~/lib/cookie-consent";
import { TAG_LIBRARY_SCRIPT_ID, loadTagLibrary } from "~/lib/tag-library";
import { TagLibrary } from "./TagLibrary";

type TagWindow = { dataLayer?: Record<string, unknown>[] };
const SRC = "https://tags.example/gtm.js?id=GTM-TEST";

function renderWith(granted: ConsentCategory[] | null, src: string | null = SRC) {
  const consent = granted === null ? null : { version: CONSENT_VERSION, granted, at: "2026-11-23T00:00:00Z" };
  return render(
    <CookieConsentProvider initial={consent} reload={() => undefined}>
      <TagLibrary src={src} />
    </CookieConsentProvider>,
  );
}

afterEach(() => {
  delete (window as TagWindow).dataLayer;
  document.getElementById(TAG_LIBRARY_SCRIPT_ID)?.remove();
});

describe("TagLibrary", () => {
  it("loads nothing before the visitor chose, nor when C0001 was refused", () => {
    renderWith(null);
    renderWith(["C0002", "C0003", "C0004"]);
    expect((window as TagWindow).dataLayer).toBeUndefined();
    expect(document.getElementById(TAG_LIBRARY_SCRIPT_ID)).toBeNull();
  });

  it("defines the dataLayer and adds the configured script once C0001 is granted", () => {
    renderWith(["C0001"]);
    const layer = (window as TagWindow).dataLayer;
    expect(layer?.map((entry) => entry.event)).toEqual(["gtm.js"]);
    const script = document.getElementById(TAG_LIBRARY_SCRIPT_ID) as HTMLScriptElement;
    expect(script.src).toBe(SRC);
    expect(script.async).toBe(true);
  });

  it("keeps a dataLayer analytics already filled and never adds a second start or script", () => {
    const win = window as TagWindow;
    win.dataLayer = [{ event: "job_visit" }];
    loadTagLibrary(win, document, SRC, 1);
    loadTagLibrary(win, document, SRC, 2);
    expect(win.dataLayer.map((entry) => entry.event)).toEqual(["job_visit", "gtm.js"]);
    expect(document.querySelectorAll(`#${TAG_LIBRARY_SCRIPT_ID}`)).toHaveLength(1);
  });

  it("only defines the dataLayer when the site configures no container", () => {
    renderWith(["C0001"], null);
    expect((window as TagWindow).dataLayer).toHaveLength(1);
    expect(document.getElementById(TAG_LIBRARY_SCRIPT_ID)).toBeNull();
  });
});
