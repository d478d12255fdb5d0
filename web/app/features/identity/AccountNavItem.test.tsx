import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { AccountNavItem, CURRENT_USER_FOR_SHELL } from "./AccountNavItem";

function renderWithMocks(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: AccountNavItem }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

describe("AccountNavItem", () => {
  it("shows the signed-in user's name", async () => {
    renderWithMocks([
      {
        request: { query: CURRENT_USER_FOR_SHELL },
        result: { data: { currentUser: { __typename: "User", id: "7", name: "Ada Lovelace" } } },
      },
    ]);
    expect(await screen.findByTestId("current-user")).toHaveTextContent("Ada Lovelace");
    expect(screen.queryByRole("link", { name: "Log in" })).not.toBeInTheDocument();
  });

  it("offers the login link to visitors", async () => {
    renderWithMocks([
      { request: { query: CURRENT_USER_FOR_SHELL }, result: { data: { currentUser: null } } },
    ]);
    expect(await screen.findByRole("link", { name: "Log in" })).toHaveAttribute("href", "/user/login");
  });

  it("still offers the login link when the gateway fails", async () => {
    renderWithMocks([
      { request: { query: CURRENT_USER_FOR_SHELL }, error: new Error("connect ECONNREFUSED") },
    ]);
    expect(await screen.findByRole("link", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByTestId("current-user")).not.toBeInTheDocument();
  });
});
