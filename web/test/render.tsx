import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nProvider } from "~/lib/i18n/I18nProvider";
import en from "~/lib/i18n/messages/en.json";

/** What every component needs around it: Mantine, and react-intl with the site's catalogue. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <I18nProvider locale="en" messages={en}>
        {children}
      </I18nProvider>
    </MantineProvider>
  );
}

/** Renders (and re-renders) inside the providers every component needs. */
export function renderWithMantine(ui: ReactElement) {
  return render(ui, { wrapper: AppProviders });
}
