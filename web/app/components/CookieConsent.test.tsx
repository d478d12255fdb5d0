import { fireEvent, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import {
  CONSENT_COOKIE,
  CONSENT_VERSION,
  type CookieConsent as Stored,
  CookieConsentProvider,
  consentCookie,
  needsReload,
  readCookieConsent,
} from "~/lib/cookie-consent";
import { ConsentedEmbed } from "./ConsentedEmbed";
import { CookieConsent } from "./CookieConsent";
import { SiteFooter } from "./SiteFooter";

function renderWith(initial: Stored | null, reload = vi.fn(), siteName?: string) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CookieConsentProvider initial={initial} reload={reload}>
          <ConsentedEmbed
            src="https://www.youtube-nocookie.com/embed/x"
            title="Our work"
            provider="YouTube"
          />
          <SiteFooter />
          <CookieConsent siteName={siteName} />
        </CookieConsentProvider>
      ),
    },
  ]);
  renderWithMantine(<Stub initialEntries={["/"]} />);
  return reload;
}

function storedCookie(): Stored | null {
  return readCookieConsent(document.cookie);
}

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe("the cookie banner", () => {
  it("names the site it is on, else the platform", () => {
    renderWith(null, vi.fn(), "Jobboard US");
    expect(screen.getByRole("region", { name: "Cookies on Jobboard US" })).toBeInTheDocument();
  });

  it("says Jobboard on a site that never named itself", () => {
    renderWith(null);
    expect(screen.getByRole("region", { name: "Cookies on Jobboard" })).toBeInTheDocument();
  });
});

describe("the consent cookie", () => {
  it("reads a choice of this version and drops unknown categories", () => {
    const cookie = consentCookie(
      {
        version: CONSENT_VERSION,
        granted: ["C0002"],
        at: "2026-11-23T08:00:00Z",
      },
      false,
    ).split(";")[0];
    expect(readCookieConsent(`other=1; ${cookie}`)?.granted).toEqual(["C0002"]);
    const forged = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ version: CONSENT_VERSION, granted: ["C0002", "C9999"] }))}`;
    expect(readCookieConsent(forged)?.granted).toEqual(["C0002"]);
  });

  it("asks again when the version changed or the cookie is garbage", () => {
    const old = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ version: 0, granted: ["C0002"] }))}`;
    expect(readCookieConsent(old)).toBeNull();
    expect(readCookieConsent(`${CONSENT_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(readCookieConsent(undefined)).toBeNull();
  });

  it("reloads only when a category goes from not granted to granted", () => {
    expect(needsReload([], ["C0002"])).toBe(true);
    expect(needsReload(["C0002"], ["C0002"])).toBe(false);
    expect(needsReload(["C0002", "C0003"], ["C0002"])).toBe(false);
  });
});

describe("the banner and the settings", () => {
  it("shows the banner until a choice; rejecting stores it without a reload", async () => {
    const reload = renderWith(null);
    const banner = await screen.findByTestId("cookie-banner");
    fireEvent.click(within(banner).getByRole("button", { name: "Reject all" }));
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    expect(storedCookie()?.granted).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("accepting everything stores every category and reloads so the scripts load", async () => {
    const reload = renderWith(null);
    fireEvent.click(
      within(await screen.findByTestId("cookie-banner")).getByRole("button", {
        name: "Accept all",
      }),
    );
    expect(storedCookie()?.granted).toEqual([
      "C0001",
      "C0002",
      "C0003",
      "C0004",
    ]);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("no banner for a visitor who chose; the footer opens the settings to change it", async () => {
    const reload = renderWith({
      version: CONSENT_VERSION,
      granted: [],
      at: "",
    });
    expect(screen.queryByTestId("cookie-banner")).toBeNull();
    fireEvent.click(
      await screen.findByRole("button", { name: "Cookie settings" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Cookie settings",
    });
    for (const name of [
      "Tag manager",
      "Analytics",
      "Places, maps and videos",
      "Advertising",
    ]) {
      expect(
        within(dialog).getByRole("switch", { name: new RegExp(`^${name}`) }),
      ).not.toBeChecked();
    }
    fireEvent.click(within(dialog).getByRole("switch", { name: /^Analytics/ }));
    fireEvent.click(
      within(dialog).getByRole("button", { name: "Save choices" }),
    );
    expect(storedCookie()?.granted).toEqual(["C0002"]);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("a video embed", () => {
  it("loads nothing before consent; a click loads this one", async () => {
    renderWith({ version: CONSENT_VERSION, granted: [], at: "" });
    expect(document.querySelector("iframe")).toBeNull();
    fireEvent.click(
      await screen.findByRole("button", { name: "Play video: Our work" }),
    );
    expect(document.querySelector("iframe")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/x",
    );
  });

  it("loads at once when videos are granted", async () => {
    renderWith({ version: CONSENT_VERSION, granted: ["C0003"], at: "" });
    expect(await screen.findByTitle("Our work")).toBeInTheDocument();
  });
});
