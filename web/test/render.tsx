import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";

/** Renders (and re-renders) inside the provider every Mantine component needs. */
export function renderWithMantine(ui: ReactElement) {
  return render(ui, { wrapper: MantineProvider });
}
