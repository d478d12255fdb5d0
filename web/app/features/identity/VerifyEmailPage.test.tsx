import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { VERIFY_EMAIL, VerifyEmailPage } from "./VerifyEmailPage";

function renderPage(token: string | null, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <VerifyEmailPage token={token} /> }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const answer = (verifyEmail: unknown): MockLink.MockedResponse => ({
  request: { query: VERIFY_EMAIL, variables: { token: "t0k3n" } },
  result: { data: { verifyEmail } },
});

describe("VerifyEmailPage", () => {
  it("confirms the address with the link's token", async () => {
    renderPage("t0k3n", [
      answer({
        __typename: "VerifyEmailSuccess",
        user: { __typename: "User", id: "u1", firstName: "Ada", emailVerified: true },
      }),
    ]);
    expect(screen.getByText("Confirming your email address…")).toBeInTheDocument();
    expect(await screen.findByText("Your email address is confirmed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/user/login");
  });

  it("shows the server's message for an expired link", async () => {
    renderPage("t0k3n", [
      answer({
        __typename: "AccountErrors",
        errors: [
          {
            __typename: "AccountError",
            code: "LINK_EXPIRED",
            message: "This link has expired. Ask for a new one.",
          },
        ],
      }),
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link has expired. Ask for a new one.",
    );
  });

  it("treats a link used before as good news", async () => {
    renderPage("t0k3n", [
      answer({
        __typename: "AccountErrors",
        errors: [
          {
            __typename: "AccountError",
            code: "LINK_USED",
            message: "Your email address is already confirmed. You can sign in.",
          },
        ],
      }),
    ]);
    expect(await screen.findByText("Already confirmed")).toBeInTheDocument();
  });

  it("refuses a link without a token without calling the server", () => {
    renderPage(null, []);
    expect(screen.getByRole("alert")).toHaveTextContent("This link is not valid.");
  });
});
