import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { ACCEPT_ORGANIZATION_INVITATION, AcceptInvitationPage } from "./AcceptInvitationPage";

function renderPage(token: string, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <AcceptInvitationPage token={token} /> }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

describe("AcceptInvitationPage", () => {
  it("joins the organization and links to its dashboard", async () => {
    const user = userEvent.setup();
    renderPage("t0ken", [
      {
        request: { query: ACCEPT_ORGANIZATION_INVITATION, variables: { token: "t0ken" } },
        result: {
          data: {
            acceptOrganizationInvitation: {
              __typename: "MembershipChanged",
              organization: { __typename: "Organization", id: "o1", name: "Acme Foundation" },
            },
          },
        },
      },
    ]);
    expect(screen.getByText("You are invited to join an organization")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("You are now a member of Acme Foundation.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your organization dashboard" })).toHaveAttribute(
      "href",
      "/dashboard/organization",
    );
    expect(screen.queryByRole("button", { name: "Accept invitation" })).not.toBeInTheDocument();
  });

  it("shows why the invitation was refused", async () => {
    const user = userEvent.setup();
    renderPage("old", [
      {
        request: { query: ACCEPT_ORGANIZATION_INVITATION, variables: { token: "old" } },
        result: {
          data: {
            acceptOrganizationInvitation: {
              __typename: "OrganizationErrors",
              message: "The invitation could not be accepted.",
              errors: [
                {
                  __typename: "OrganizationError",
                  field: "token",
                  code: "INVITATION_EXPIRED",
                  message: "This invitation has expired. Ask for a new one.",
                },
              ],
            },
          },
        },
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This invitation has expired. Ask for a new one.",
    );
    expect(screen.queryByText(/You are now a member/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept invitation" })).toBeEnabled();
  });

  it("says so when the link has no token", () => {
    renderPage("", []);
    expect(screen.getByRole("alert")).toHaveTextContent("This invitation link is incomplete.");
    expect(screen.queryByRole("button", { name: "Accept invitation" })).not.toBeInTheDocument();
  });
});
