import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  ForgotPasswordPage,
  REQUEST_PASSWORD_RESET,
  RESET_PASSWORD,
  ResetPasswordPage,
} from "./PasswordPages";
import { decodeServerMessage } from "~/components/DangerList";

function renderPage(page: ReactElement, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => page }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

describe("ForgotPasswordPage", () => {
  it("validates the address inline, then shows the server's neutral answer", async () => {
    const user = userEvent.setup();
    const message = "If an account exists for that address, we sent it a link to choose a new password.";
    renderPage(<ForgotPasswordPage />, [
      {
        request: { query: REQUEST_PASSWORD_RESET, variables: { email: "ada@example.org" } },
        result: { data: { requestPasswordReset: { __typename: "PasswordResetRequested", message } } },
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Send the link" }));
    expect(screen.getByText("Enter the email address of your account.")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), "ada@example.org");
    await user.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe("ResetPasswordPage", () => {
  it("checks the two passwords before asking the server", async () => {
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage token="t0k3n" />, []);
    await user.type(screen.getByLabelText(/^New password/), "short");
    await user.click(screen.getByRole("button", { name: "Change the password" }));
    expect(screen.getByText("Use at least 8 characters.")).toBeInTheDocument();
    expect(screen.getByText("The two passwords differ.")).toBeInTheDocument();
  });

  it("lists the server's errors in a danger alert", async () => {
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage token="t0k3n" />, [
      {
        request: {
          query: RESET_PASSWORD,
          variables: { input: { token: "t0k3n", password: "a brand new secret" } },
        },
        result: {
          data: {
            resetPassword: {
              __typename: "AccountErrors",
              errors: [
                {
                  __typename: "AccountError",
                  field: "token",
                  code: "LINK_USED",
                  message: "This link was used already. Ask for a new one if you still need it.",
                },
              ],
            },
          },
        },
      },
    ]);
    await user.type(screen.getByLabelText(/^New password/), "a brand new secret");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "a brand new secret");
    await user.click(screen.getByRole("button", { name: "Change the password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This link was used already.");
  });

  it("confirms a changed password", async () => {
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage token="t0k3n" />, [
      {
        request: {
          query: RESET_PASSWORD,
          variables: { input: { token: "t0k3n", password: "a brand new secret" } },
        },
        result: {
          data: {
            resetPassword: { __typename: "ResetPasswordSuccess", user: { __typename: "User", id: "u1" } },
          },
        },
      },
    ]);
    await user.type(screen.getByLabelText(/^New password/), "a brand new secret");
    await user.type(screen.getByLabelText(/^Repeat the new password/), "a brand new secret");
    await user.click(screen.getByRole("button", { name: "Change the password" }));
    expect(await screen.findByText("Your password is changed")).toBeInTheDocument();
  });

  it("refuses a link without a token", () => {
    renderPage(<ResetPasswordPage token={null} />, []);
    expect(screen.getByRole("alert")).toHaveTextContent("This link is not valid.");
  });
});

describe("decodeServerMessage", () => {
  it("URL-decodes and turns plus signs into spaces (spec 5)", () => {
    expect(decodeServerMessage("Try+again%3A+later")).toBe("Try again: later");
    expect(decodeServerMessage("100%")).toBe("100%");
  });
});
