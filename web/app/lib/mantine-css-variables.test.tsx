import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { mantineCssVariables } from "./mantine-css-variables";
import { cssVariablesResolver, theme } from "./theme";

/** The first `<style data-mantine-styles>` Mantine's provider writes: its variables. */
function providersVariables(): string {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <p>page</p>
    </MantineProvider>,
  );
  return root.querySelector('style[data-mantine-styles="true"]')?.innerHTML ?? "";
}

describe("mantineCssVariables", () => {
  it("is what Mantine's provider writes for the site's theme", () => {
    const css = mantineCssVariables(theme, cssVariablesResolver);
    expect(css).toContain("--mantine-color-dimmed");
    expect(css).toBe(providersVariables());
  });
});
