import { screen } from "@testing-library/react";
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

  it("gives recruiters the filtered toolbar without them", async () => {
    renderWithMantine(<DescriptionEditor label="Description" value="<p>Hi</p>" onChange={() => undefined} richToolbar={false} />);
    expect(await screen.findByRole("button", { name: "Bold" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Insert a table" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Embed a video" })).toBeNull();
  });
});
