import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { flashState, readFlash } from "~/lib/flash";
import { FlashMessage } from "./FlashMessage";

function Sender() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() =>
        void navigate("/dashboard", {
          state: flashState({
            title: "Your message was sent",
            text: "They will answer by email.",
          }),
        })
      }
    >
      Send
    </button>
  );
}

describe("FlashMessage", () => {
  it("shows what the navigation carried once, until dismissed, and never on a plain visit", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/", Component: Sender },
      { path: "/dashboard", Component: () => <FlashMessage /> },
    ]);
    renderWithMantine(<Stub initialEntries={["/"]} />);
    await user.click(await screen.findByRole("button", { name: "Send" }));
    const flash = await screen.findByRole("status");
    expect(flash).toHaveTextContent("Your message was sent");
    expect(flash).toHaveTextContent("They will answer by email.");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("reads only a well-formed flash from the history state", () => {
    expect(readFlash(null)).toBeNull();
    expect(readFlash({ flash: { title: "" } })).toBeNull();
    expect(readFlash({ flash: { title: 3 } })).toBeNull();
    expect(readFlash({ other: 1 })).toBeNull();
    expect(readFlash({ flash: { title: "Saved", text: 4 } })).toEqual({
      title: "Saved",
    });
    expect(readFlash(flashState({ title: "Saved", text: "ok" }))).toEqual({
      title: "Saved",
      text: "ok",
    });
  });
});
