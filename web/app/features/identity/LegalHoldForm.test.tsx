import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { LegalHoldForm, SET_LEGAL_HOLD } from "./LegalHoldForm";

const PERSON = "5f0c6a57-5d7e-4c39-9d55-0b7f3a1a2b3c";

function renderForm(mocks: MockLink.MockedResponse[]) {
  renderWithMantine(
    <MockedProvider mocks={mocks}>
      <LegalHoldForm />
    </MockedProvider>,
  );
  return screen.getByRole("form", { name: "Place a legal hold" });
}

describe("LegalHoldForm", () => {
  it("asks for an account id and a reason before placing the hold", async () => {
    const user = userEvent.setup();
    const form = renderForm([]);
    await user.click(within(form).getByRole("button", { name: "Place the hold" }));
    expect(within(form).getByText("Enter an account id (a UUID).")).toBeInTheDocument();
    expect(within(form).getByText("Say why the person's data must be kept.")).toBeInTheDocument();
  });

  it("places the hold and says so, or shows the server's answer under its field", async () => {
    const user = userEvent.setup();
    const unknown = "6f0c6a57-5d7e-4c39-9d55-0b7f3a1a2b3c";
    const form = renderForm([
      {
        request: { query: SET_LEGAL_HOLD, variables: { userId: unknown, reason: "Dispute" } },
        result: {
          data: {
            setLegalHold: {
              __typename: "AccountErrors",
              message: "1 error",
              errors: [{ __typename: "AccountError", field: "userId", code: "NOT_FOUND", message: "No such user." }],
            },
          },
        },
      },
      {
        request: { query: SET_LEGAL_HOLD, variables: { userId: PERSON, reason: "Dispute" } },
        result: { data: { setLegalHold: { __typename: "LegalHoldChanged", userId: PERSON, reason: "Dispute" } } },
      },
    ]);
    await user.type(within(form).getByLabelText(/Account id/), unknown);
    await user.type(within(form).getByLabelText(/Reason/), " Dispute ");
    await user.click(within(form).getByRole("button", { name: "Place the hold" }));
    expect(await within(form).findByText("No such user.")).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Account id/));
    await user.type(within(form).getByLabelText(/Account id/), PERSON);
    await user.click(within(form).getByRole("button", { name: "Place the hold" }));
    expect(await within(form).findByText("The account is under a legal hold: Dispute")).toBeInTheDocument();
  });
});
