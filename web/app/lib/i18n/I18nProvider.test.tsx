import { act, render, screen, waitFor } from "@testing-library/react";
import { FormattedMessage, useIntl } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider, useLocaleChoice } from "./I18nProvider";
import { LOCALE_COOKIE, localeFromCookie } from "./locales";

function Texts() {
  const intl = useIntl();
  const { chooseLocale } = useLocaleChoice();
  return (
    <>
      <p data-testid="translated">
        <FormattedMessage id="shell.skipLink" defaultMessage="Skip to content" />
      </p>
      <p data-testid="untranslated">
        <FormattedMessage id="test.only.en" defaultMessage="Only in English, {count, plural, one {# job} other {# jobs}}" values={{ count: 1200 }} />
      </p>
      <p data-testid="number">{intl.formatNumber(1234.5)}</p>
      <button type="button" onClick={() => void chooseLocale("fr")}>
        fr
      </button>
    </>
  );
}

afterEach(() => {
  document.cookie = `${LOCALE_COOKIE}=; max-age=0; path=/`;
});

describe("I18nProvider", () => {
  it("shows the locale's message and falls back to the defaultMessage, silently", () => {
    const log = vi.spyOn(console, "error");
    render(
      <I18nProvider locale="de" messages={{ "shell.skipLink": "Zum Inhalt springen" }}>
        <Texts />
      </I18nProvider>,
    );
    expect(screen.getByTestId("translated")).toHaveTextContent("Zum Inhalt springen");
    // The en message as a whole: react-intl formats a defaultMessage in the default locale.
    expect(screen.getByTestId("untranslated")).toHaveTextContent("Only in English, 1,200 jobs");
    expect(screen.getByTestId("number")).toHaveTextContent("1.234,5");
    expect(log).not.toHaveBeenCalled();
  });

  it("renders the en texts with an empty set (messages that failed to load)", () => {
    render(
      <I18nProvider locale="en" messages={{}}>
        <Texts />
      </I18nProvider>,
    );
    expect(screen.getByTestId("translated")).toHaveTextContent("Skip to content");
    expect(screen.getByTestId("number")).toHaveTextContent("1,234.5");
  });

  it("loads a chosen locale from /api/messages, remembers it and switches the page", async () => {
    const fetcher = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(JSON.stringify({ "shell.skipLink": "Aller au contenu" })));
    render(
      <I18nProvider locale="en" messages={{}}>
        <Texts />
      </I18nProvider>,
    );
    await act(async () => screen.getByRole("button", { name: "fr" }).click());
    expect(fetcher).toHaveBeenCalledWith("/api/messages/fr", expect.anything());
    // the catalogue is compiled with the ICU parser, loaded for it
    await waitFor(() => expect(screen.getByTestId("translated")).toHaveTextContent("Aller au contenu"));
    expect(screen.getByTestId("number").textContent).toMatch(/^1\s234,5$/);
    expect(document.documentElement.lang).toBe("fr");
    expect(localeFromCookie(document.cookie)).toBe("fr");
  });
});

describe("localeFromCookie", () => {
  it("reads a known locale and ignores the rest", () => {
    expect(localeFromCookie(`a=1; ${LOCALE_COOKIE}=en-GB`)).toBe("en-GB");
    expect(localeFromCookie(`${LOCALE_COOKIE}=xx`)).toBe("en");
    expect(localeFromCookie(null)).toBe("en");
  });
});
