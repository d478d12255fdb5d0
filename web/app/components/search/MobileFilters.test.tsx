import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { MobileFilters } from "./MobileFilters";

function panel(active: number, total: number | null, facet = "Employment type") {
  return (
    <MobileFilters active={active} total={total}>
      <fieldset>
        <legend>{facet}</legend>
      </fieldset>
    </MobileFilters>
  );
}

describe("MobileFilters", () => {
  it("starts closed: a button says how many filters are on, the facets are not shown", () => {
    renderWithMantine(panel(2, 42));
    const toggle = screen.getByRole("button", { name: "Filters, 2 active" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-haspopup", "dialog");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText("Employment type")).not.toBeInTheDocument();
  });

  it("names no count when no filter is on", () => {
    renderWithMantine(panel(0, 42));
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument();
  });

  it("opens the panel with the facets, stays open while results change, closes on Show results", async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithMantine(panel(1, 42));
    const toggle = screen.getByRole("button", { name: "Filters, 1 active" });
    await user.click(toggle);

    const dialog = await screen.findByRole("dialog", { name: "Filters" });
    expect(dialog).toHaveTextContent("Employment type");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Show 42 results" })).toBeInTheDocument();

    // a filter picked inside the panel: the page re-renders with new counts behind it
    rerender(panel(2, 7, "Remote options"));
    expect(screen.getByRole("dialog", { name: "Filters" })).toHaveTextContent("Remote options");
    await user.click(screen.getByRole("button", { name: "Show 7 results" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Filters, 2 active" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("says Show results while the total is unknown, and closes on Escape", async () => {
    const user = userEvent.setup();
    renderWithMantine(panel(0, null));
    await user.click(screen.getByRole("button", { name: "Filters" }));
    expect(await screen.findByRole("button", { name: "Show results" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
