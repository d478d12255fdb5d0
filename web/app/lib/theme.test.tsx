import { DEFAULT_THEME, MantineProvider, Modal, Table } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { contrast, cssVariablesResolver, theme } from "./theme";

describe("theme", () => {
  it("caps a modal at spec 9's width but never wider than the screen", async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal
          opened
          onClose={() => undefined}
          title="Create a job alert"
          transitionProps={{ duration: 0 }}
        >
          Fields
        </Modal>
      </MantineProvider>,
    );
    const content =
      (await screen.findByRole("dialog")).closest(".mantine-Modal-content") ??
      (await screen.findByRole("dialog"));
    // a phone of 390 px showed a 750 px dialog, half of it off the screen
    expect((content as HTMLElement).style.maxWidth).toBe("min(750px, 100%)");
  });

  it("keeps what is absolutely placed inside a scrolling table in its box", () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <Table.ScrollContainer minWidth={800}>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Cell</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </MantineProvider>,
    );
    // a visually hidden "Actions" label made /job-manager 565 px wider than a phone
    const box = container.querySelector(".mantine-TableScrollContainer-scrollContainer") as HTMLElement;
    expect(box.style.position).toBe("relative");
  });

  it("gives every colour's text, filled and light variants AA contrast in both schemes", () => {
    const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
    const light = variables.light as Record<string, string>;
    const dark = variables.dark as Record<string, string>;
    const failing: string[] = [];
    const check = (what: string, ratio: number) => {
      if (ratio < 4.5) failing.push(`${what}: ${ratio.toFixed(2)}`);
    };
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === "dark") continue;
      // Mantine's light tint is shade 8 at 10 % over the page; measured over white and gray 1
      for (const page of ["#ffffff", DEFAULT_THEME.colors.gray[1]]) {
        const tint = blend(shades[8], 0.12, page);
        check(`${name} light variant on ${page}`, contrast(light[`--mantine-color-${name}-light-color`] as string, tint));
        check(`${name} text on ${page}`, contrast(light[`--mantine-color-${name}-text`] as string, page));
      }
      check(`${name} filled (light)`, contrast("#ffffff", light[`--mantine-color-${name}-filled`] as string));
      check(`${name} filled (dark)`, contrast("#ffffff", dark[`--mantine-color-${name}-filled`] as string));
    }
    // green and yellow failed before: white on green 8 is 3.4:1, yellow 8 on its tint 2.2:1
    expect(failing).toEqual([]);
  });
});

/** `color` at `opacity` over `page`, as an opaque hex colour. */
function blend(color: string, opacity: number, page: string): string {
  const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
  const mixed = [1, 3, 5].map((at) => Math.round(channel(color, at) * opacity + channel(page, at) * (1 - opacity)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}
