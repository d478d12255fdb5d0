import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { DescriptionEditor } from "./DescriptionEditor";

describe("DescriptionEditor", () => {
  it("gives admin-like users indent, tables and media embeds (spec 5)", async () => {
    renderWithMantine(<DescriptionEditor label="Description" value="<p>Hi</p>" onChange={() => undefined} richToolbar />);
    expect(await screen.findByRole("button", { name: "Insert a table" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Indent" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Embed a video" })).toBeInTheDocument();
  });

  it("shows the admin tools as icons, each named and with a tooltip", async () => {
    const user = userEvent.setup();
    renderWithMantine(<DescriptionEditor label="Description" value="<p>Hi</p>" onChange={() => undefined} richToolbar />);
    const icons = {
      Indent: "indent-increase",
      Outdent: "indent-decrease",
      "Insert a table": "table-plus",
      "Delete the table": "table-minus",
      "Embed a video": "video",
    };
    for (const [name, icon] of Object.entries(icons)) {
      const control = await screen.findByRole("button", { name });
      expect(control.querySelector(`svg.tabler-icon-${icon}`)).not.toBeNull();
      expect(control.textContent).toBe("");
      await user.hover(control);
      expect(await screen.findByRole("tooltip", { name })).toBeInTheDocument();
      await user.unhover(control);
    }
  });

  it("gives recruiters the filtered toolbar without them", async () => {
    renderWithMantine(<DescriptionEditor label="Description" value="<p>Hi</p>" onChange={() => undefined} richToolbar={false} />);
    expect(await screen.findByRole("button", { name: "Bold" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Insert a table" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Embed a video" })).toBeNull();
  });
});
