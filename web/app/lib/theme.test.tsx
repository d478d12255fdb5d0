import { MantineProvider, Modal, Table } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { theme } from "./theme";

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
});
