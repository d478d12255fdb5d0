import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInLocale, renderWithMantine } from "../../test/render";
import { UnavailableParts } from "~/lib/unavailable-parts";
import { UnavailableNotice, UnavailablePartsProvider } from "./UnavailableNotice";

function page(parts: UnavailableParts) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <UnavailablePartsProvider parts={parts}>
          <UnavailableNotice />
          <Link to="/jobs">Jobs</Link>
        </UnavailablePartsProvider>
      ),
    },
    {
      path: "/jobs",
      Component: () => (
        <UnavailablePartsProvider parts={parts}>
          <UnavailableNotice />
          <p>Jobs page</p>
        </UnavailablePartsProvider>
      ),
    },
  ]);
  return <Stub initialEntries={["/"]} />;
}

describe("UnavailableNotice", () => {
  it("says nothing while every part of the site answered", async () => {
    renderWithMantine(page(new UnavailableParts()));
    await screen.findByRole("link", { name: "Jobs" });
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says some information is unavailable when a part did not answer, and names it for tests", async () => {
    renderWithMantine(page(new UnavailableParts(["organizations"])));
    const notice = await screen.findByRole("status");
    expect(notice).toHaveTextContent("Some information is unavailable right now");
    expect(notice).toHaveTextContent("Part of this page could not be loaded, so we are showing what we have.");
    expect(notice).toHaveAttribute("data-unavailable", "organizations");
  });

  it("appears when a query of the page comes back partial after the page rendered", async () => {
    const parts = new UnavailableParts();
    renderWithMantine(page(parts));
    await screen.findByRole("link", { name: "Jobs" });
    act(() => parts.add(["jobs"]));
    expect(await screen.findByRole("status")).toHaveAttribute("data-unavailable", "jobs");
  });

  it("goes away on the next page, whose own queries say anew", async () => {
    const user = userEvent.setup();
    renderWithMantine(page(new UnavailableParts(["organizations"])));
    await screen.findByRole("status");
    await user.click(screen.getByRole("link", { name: "Jobs" }));
    await screen.findByText("Jobs page");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("is translated", async () => {
    renderInLocale(page(new UnavailableParts(["organizations"])), "de");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Einige Informationen sind gerade nicht verfügbar",
    );
  });
});
