import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublicSession } from "~/lib/session-claims";
import { renderWithMantine } from "../../../test/render";
import { CURRENT_USER_FOR_SHELL } from "./AccountMenu";
import { AccountNavItem } from "./AccountNavItem";
import { SessionProvider } from "./session";

const ada: PublicSession = {
  user: { id: "7", name: "Ada L.", email: "ada@example.org", roles: ["applicant"], emailVerified: true },
  masqueraded: false,
  isNewUserViaSocial: false,
};

/** A session's menu loads its code when it first renders (it suspends): act awaits it. */
async function renderWithMocks(session: PublicSession | null, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    { path: "/", Component: AccountNavItem },
    { path: "/user/logout", Component: () => <p>logging out</p> },
  ]);
  return act(async () =>
    renderWithMantine(
      <SessionProvider initial={session}>
        <MockedProvider mocks={mocks}>
          <Stub initialEntries={["/"]} />
        </MockedProvider>
      </SessionProvider>,
    ),
  );
}

describe("AccountNavItem", () => {
  it("shows the signed-in user's name from the graph", async () => {
    await renderWithMocks(ada, [
      {
        request: { query: CURRENT_USER_FOR_SHELL },
        result: { data: { currentUser: { __typename: "User", id: "7", name: "Ada Lovelace" } } },
      },
    ]);
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Log in" })).not.toBeInTheDocument();
  });

  it("offers log in and sign up to visitors without asking the graph", async () => {
    await renderWithMocks(null, []);
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/user/login");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/user/register");
  });

  it("keeps the session's name when the gateway fails", async () => {
    await renderWithMocks(ada, [
      { request: { query: CURRENT_USER_FOR_SHELL }, error: new Error("connect ECONNREFUSED") },
    ]);
    expect(await screen.findByTestId("current-user")).toHaveTextContent("Ada L.");
  });

  it("sends a session whose user cannot be loaded to /user/logout", async () => {
    await renderWithMocks(ada, [{ request: { query: CURRENT_USER_FOR_SHELL }, result: { data: { currentUser: null } } }]);
    expect(await screen.findByText("logging out")).toBeInTheDocument();
  });

  it("offers recruiters their organization dashboard, applicants not", async () => {
    const user = userEvent.setup();
    const shell = {
      request: { query: CURRENT_USER_FOR_SHELL },
      result: { data: { currentUser: { __typename: "User", id: "7", name: "Ada Lovelace" } } },
    };
    const view = await renderWithMocks({ ...ada, user: { ...ada.user, roles: ["recruiter"] } }, [shell]);
    // the menu's button is named again once the graph answers: open it after that
    await user.click(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" }));
    expect(await screen.findByRole("menuitem", { name: "My organization" })).toHaveAttribute(
      "href",
      "/dashboard/organization",
    );
    view.unmount();

    await renderWithMocks(ada, [shell]);
    await user.click(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" }));
    expect(await screen.findByRole("menuitem", { name: "Account settings" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "My organization" })).not.toBeInTheDocument();
  });
});
