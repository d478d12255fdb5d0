import { createTheme, MantineProvider, Popover } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nProvider } from "~/lib/i18n/I18nProvider";
import type { Locale } from "~/lib/i18n/locales";
import de from "~/lib/i18n/messages/de.json";
import en from "~/lib/i18n/messages/en.json";
import enGB from "~/lib/i18n/messages/en-GB.json";
import fr from "~/lib/i18n/messages/fr.json";

const CATALOGUES: Record<Locale, Record<string, string>> = { en, "en-GB": enGB, de, fr };

// jsdom lays nothing out: every element's rectangle is empty, so a popover's "hide when the target
// is detached" check (floating-ui's hide middleware) finds every target clipped and hides menus,
// selects and popovers as soon as their position is computed. That computation is asynchronous: on
// an idle machine a test clicked the item first, on a busy one the menu was already hidden and the
// job manager's menu tests failed (found under CPU load). Portals and transitions stay as in the
// browser.
const testTheme = createTheme({
  components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) },
});

/** What every component needs around it: Mantine, and react-intl with a locale's catalogue (en by default). */
export function AppProviders({ children, locale = "en" }: { children: ReactNode; locale?: Locale }) {
  return (
    <MantineProvider theme={testTheme}>
      <I18nProvider locale={locale} messages={CATALOGUES[locale]}>
        {children}
      </I18nProvider>
    </MantineProvider>
  );
}

/** Renders (and re-renders) inside the providers every component needs. */
export function renderWithMantine(ui: ReactElement) {
  return render(ui, { wrapper: AppProviders });
}

/** The same in another of the site's locales, with its catalogue. */
export function renderInLocale(ui: ReactElement, locale: Locale) {
  return render(ui, { wrapper: ({ children }) => <AppProviders locale={locale}>{children}</AppProviders> });
}
