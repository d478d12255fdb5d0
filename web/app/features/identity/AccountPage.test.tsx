import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  CHANGE_EMAIL,
  CHANGE_PASSWORD,
  DELETE_ACCOUNT,
  DeleteAccountCard,
  UPDATE_PROFILE,
} from "./AccountForms";
import { ACCOUNT_SETTINGS, AccountPage } from "./AccountPage";

function renderPage(page: ReactElement, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => page }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const ada = {
  __typename: "User",
  id: "u1",
  name: "Ada Lovelace",
  displayName: "Ada Lovelace",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  emailVerified: true,
  pendingEmail: null,
  roles: [{ __typename: "Role", targetId: "applicant" }],
};

const settings: MockLink.MockedResponse = {
  request: { query: ACCOUNT_SETTINGS },
  result: { data: { currentUser: ada } },
};

const wrongPassword = {
  __typename: "AccountErrors",
  message: "Your current password is not correct.",
  errors: [
    {
      __typename: "AccountError",
      field: "currentPassword",
      code: "WRONG_PASSWORD",
      message: "Your current password is not correct.",
    },
  ],
};

describe("AccountPage", () => {
  it("saves the profile and shows the new name in the summary", async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />, [
      settings,
      {
        request: {
          query: UPDATE_PROFILE,
          variables: { input: { firstName: "Ada", lastName: "King", displayName: "Countess" } },
        },
        result: {
          data: {
            updateProfile: {
              __typename: "AccountUpdated",
              user: {
                __typename: "User",
                id: "u1",
                name: "Countess",
                displayName: "Countess",
                firstName: "Ada",
                lastName: "King",
              },
            },
          },
        },
      },
    ]);
    expect(await screen.findByTestId("account-name")).toHaveTextContent("Ada Lovelace");
    const profile = screen.getByRole("region", { name: "Profile" });
    expect(within(profile).getByLabelText(/^First name/)).toHaveValue("Ada");
    expect(within(profile).getByLabelText(/^Display name/)).toHaveValue("");

    await user.clear(within(profile).getByLabelText(/^Last name/));
    await user.click(within(profile).getByRole("button", { name: "Save the profile" }));
    expect(within(profile).getByText("Enter your last name.")).toBeInTheDocument();

    await user.type(within(profile).getByLabelText(/^Last name/), "King");
    await user.type(within(profile).getByLabelText(/^Display name/), "Countess");
    await user.click(within(profile).getByRole("button", { name: "Save the profile" }));
    expect(await screen.findByText("Your profile was saved.")).toBeInTheDocument();
    expect(screen.getByTestId("account-name")).toHaveTextContent("Countess");
    expect(screen.getByText("Ada King")).toBeInTheDocument();
  });

  it("shows a wrong current password under its field when changing the email", async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />, [
      settings,
      {
        request: {
          query: CHANGE_EMAIL,
          variables: { input: { email: "ada@lovelace.org", currentPassword: "not my password" } },
        },
        result: { data: { changeEmail: wrongPassword } },
      },
    ]);
    const email = await screen.findByRole("region", { name: "Email address" });
    await user.type(within(email).getByLabelText(/^New email address/), "ada@lovelace.org");
    await user.type(within(email).getByLabelText(/^Current password/), "not my password");
    await user.click(within(email).getByRole("button", { name: "Change the email address" }));
    await waitFor(() =>
      expect(within(email).getByLabelText(/^Current password/)).toHaveAccessibleDescription(
        "Your current password is not correct.",
      ),
    );
    expect(within(email).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("tells where the confirmation link went and keeps the pending address", async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />, [
      settings,
      {
        request: {
          query: CHANGE_EMAIL,
          variables: { input: { email: "ada@lovelace.org", currentPassword: "my password" } },
        },
        result: {
          data: {
            changeEmail: {
              __typename: "AccountUpdated",
              user: {
                __typename: "User",
                id: "u1",
                email: "ada@example.org",
                emailVerified: true,
                pendingEmail: "ada@lovelace.org",
              },
            },
          },
        },
      },
    ]);
    const email = await screen.findByRole("region", { name: "Email address" });
    await user.type(within(email).getByLabelText(/^New email address/), "ada@lovelace.org");
    await user.type(within(email).getByLabelText(/^Current password/), "my password");
    await user.click(within(email).getByRole("button", { name: "Change the email address" }));
    expect(
      await within(email).findByText(
        "We sent a confirmation link to ada@lovelace.org. Your address changes once you open it.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId("account-email")).toHaveTextContent("ada@example.org");
    expect(within(email).getByLabelText(/^New email address/)).toHaveValue("");
  });

  it("shows an address waiting for its confirmation", async () => {
    renderPage(<AccountPage />, [
      { ...settings, result: { data: { currentUser: { ...ada, pendingEmail: "ada@lovelace.org" } } } },
    ]);
    expect(await screen.findByText("Waiting for confirmation: ada@lovelace.org")).toBeInTheDocument();
  });

  it("catches differing new passwords before asking the server", async () => {
    const user = userEvent.setup();
    const answer = vi.fn(() => ({
      data: { changePassword: { __typename: "AccountUpdated", user: { __typename: "User", id: "u1" } } },
    }));
    renderPage(<AccountPage />, [
      settings,
      { request: { query: CHANGE_PASSWORD, variables: () => true }, result: answer },
    ]);
    const password = await screen.findByRole("region", { name: "Password" });
    await user.type(within(password).getByLabelText(/^Current password/), "my password");
    await user.type(within(password).getByLabelText(/^New password/), "a brand new secret");
    await user.type(within(password).getByLabelText(/^Repeat the new password/), "a brand new secreT");
    await user.click(within(password).getByRole("button", { name: "Change the password" }));
    expect(within(password).getByText("The two passwords differ.")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answer).not.toHaveBeenCalled();
    expect(within(password).queryByText("Your password was changed.")).not.toBeInTheDocument();
  });

  it("changes the password", async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />, [
      settings,
      {
        request: {
          query: CHANGE_PASSWORD,
          variables: { input: { currentPassword: "my password", newPassword: "a brand new secret" } },
        },
        result: {
          data: { changePassword: { __typename: "AccountUpdated", user: { __typename: "User", id: "u1" } } },
        },
      },
    ]);
    const password = await screen.findByRole("region", { name: "Password" });
    await user.type(within(password).getByLabelText(/^Current password/), "my password");
    await user.type(within(password).getByLabelText(/^New password/), "a brand new secret");
    await user.type(within(password).getByLabelText(/^Repeat the new password/), "a brand new secret");
    await user.click(within(password).getByRole("button", { name: "Change the password" }));
    expect(await within(password).findByText("Your password was changed.")).toBeInTheDocument();
    expect(within(password).getByLabelText(/^New password/)).toHaveValue("");
  });

  it("points social sign-in accounts to choosing a password first", async () => {
    renderPage(<AccountPage />, [settings]);
    expect(await screen.findByRole("link", { name: "‘Forgot your password’" })).toHaveAttribute(
      "href",
      "/user/password",
    );
  });
});

describe("DeleteAccountCard", () => {
  it("asks for the current password in a dialog, then leaves", async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    renderPage(<DeleteAccountCard onDeleted={onDeleted} />, [
      {
        request: { query: DELETE_ACCOUNT, variables: { currentPassword: "not my password" } },
        result: { data: { deleteAccount: wrongPassword } },
      },
      {
        request: { query: DELETE_ACCOUNT, variables: { currentPassword: "my password" } },
        result: { data: { deleteAccount: { __typename: "AccountDeleted", id: "u1" } } },
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));
    expect(within(dialog).getByText("Enter your current password.")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Current password/), "not my password");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));
    expect(await within(dialog).findByText("Your current password is not correct.")).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText(/^Current password/));
    await user.type(within(dialog).getByLabelText(/^Current password/), "my password");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
  });
});
