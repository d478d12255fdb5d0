import { ActionIcon } from "@mantine/core";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { HintTooltip } from "./HintTooltip";

function portals() {
  return document.body.querySelectorAll("[data-portal]");
}

describe("HintTooltip", () => {
  it("renders the control alone, without a portal, while closed", () => {
    renderWithMantine(
      <HintTooltip label="Next slide">
        <ActionIcon aria-label="Next slide">›</ActionIcon>
      </HintTooltip>,
    );
    expect(screen.getByRole("button", { name: "Next slide" })).toBeInTheDocument();
    expect(portals()).toHaveLength(0);
    expect(screen.queryByText("Next slide", { selector: ".mantine-Tooltip-tooltip" })).toBeNull();
  });

  it("shows its label on hover, and the control's own handlers still run", () => {
    const onMouseEnter = vi.fn();
    renderWithMantine(
      <HintTooltip label="Next slide">
        <ActionIcon aria-label="Next slide" onMouseEnter={onMouseEnter}>›</ActionIcon>
      </HintTooltip>,
    );
    const button = screen.getByRole("button", { name: "Next slide" });
    fireEvent.mouseEnter(button);
    expect(onMouseEnter).toHaveBeenCalledOnce();
    expect(screen.getByText("Next slide", { selector: ".mantine-Tooltip-tooltip" })).toBeInTheDocument();
    fireEvent.mouseLeave(button);
    expect(screen.queryByText("Next slide", { selector: ".mantine-Tooltip-tooltip" })).toBeNull();
  });

  it("shows on keyboard focus when asked, and never when disabled", () => {
    const { rerender } = renderWithMantine(
      <HintTooltip label="Collapse" focus>
        <button type="button" aria-label="Collapse" />
      </HintTooltip>,
    );
    const button = screen.getByRole("button", { name: "Collapse" });
    fireEvent.focus(button);
    expect(screen.getByText("Collapse", { selector: ".mantine-Tooltip-tooltip" })).toBeInTheDocument();
    rerender(
      <HintTooltip label="Collapse" focus disabled>
        <button type="button" aria-label="Collapse" />
      </HintTooltip>,
    );
    expect(screen.queryByText("Collapse", { selector: ".mantine-Tooltip-tooltip" })).toBeNull();
  });
});
