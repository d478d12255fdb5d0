import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  ADMIN_SUBSCRIPTIONS,
  GRANT_CREDITS,
  ORGANIZATION_LEDGER,
  PRODUCTS,
} from "./admin-documents";
import { BillingAdminPage } from "./BillingAdminPage";
import { CREDITS } from "./documents";

const credits = (amount: number): MockLink.MockedResponse => ({
  request: { query: CREDITS, variables: { organizationId: 3 } },
  result: {
    data: {
      getCredits: [
        {
          __typename: "Credit",
          amount,
          label: "Job postings",
          organizationName: "Riverbend",
          type: "job",
          frontend: "jobboard",
        },
      ],
    },
  },
});
const ledger = (balances: number[]): MockLink.MockedResponse => ({
  request: { query: ORGANIZATION_LEDGER, variables: { organizationId: 3 } },
  result: {
    data: {
      organizationLedger: {
        __typename: "LedgerPage",
        total: balances.length,
        entries: balances.map((balance, index) => ({
          __typename: "LedgerLine",
          id: `e${index}`,
          createdAt: "2026-11-01T10:00:00Z",
          kind: "job",
          entryType: "grant",
          amount: 2,
          balance,
          label: "Demo grant",
          reference: null,
        })),
      },
    },
  },
});
const subscriptions: MockLink.MockedResponse = {
  request: { query: ADMIN_SUBSCRIPTIONS, variables: { organizationId: 3 } },
  result: {
    data: {
      getSubscriptions: {
        __typename: "SubscriptionsAnswer",
        total: 0,
        errors: [],
        subscriptions: [],
      },
    },
  },
};
const products: MockLink.MockedResponse = {
  request: { query: PRODUCTS },
  result: {
    data: {
      products: [
        {
          __typename: "Product",
          id: "p1",
          name: "Monthly",
          type: "subscription",
        },
      ],
    },
  },
};

describe("BillingAdminPage", () => {
  it("shows an organization's credits and ledger, and a grant refreshes them", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([{ path: "/", Component: BillingAdminPage }]);
    renderWithMantine(
      <MockedProvider
        mocks={[
          credits(2),
          ledger([2]),
          subscriptions,
          products,
          {
            request: {
              query: GRANT_CREDITS,
              variables: {
                organizationId: 3,
                kind: "JOB",
                amount: 5,
                validDays: 90,
              },
            },
            result: {
              data: {
                grantCredits: {
                  __typename: "CreditsGranted",
                  credit: {
                    __typename: "Credit",
                    amount: 7,
                    label: "Job postings",
                  },
                },
              },
            },
          },
          credits(7),
          ledger([7, 2]),
          subscriptions,
          products,
        ]}
      >
        <Stub initialEntries={["/"]} />
      </MockedProvider>,
    );
    await user.type(screen.getByLabelText("Organization number"), "3");
    await user.click(screen.getByRole("button", { name: "Show" }));
    const entries = await screen.findByRole(
      "table",
      { name: "Ledger entries" },
      { timeout: 10_000 },
    );
    expect(within(entries).getAllByRole("row")).toHaveLength(2);

    const grant = screen.getByRole("region", { name: "Grant credits" });
    await user.clear(within(grant).getByLabelText("Amount"));
    await user.type(within(grant).getByLabelText("Amount"), "5");
    await user.click(within(grant).getByRole("button", { name: "Grant" }));
    // the grant remounts the views: they load the new credits and ledger (slow on a busy machine)
    await waitFor(
      () => {
        expect(
          screen
            .getByRole("table", { name: "Ledger entries" })
            .querySelectorAll("tbody tr"),
        ).toHaveLength(2);
        expect(screen.getByTestId("credit-job")).toHaveTextContent(
          "Job postings7",
        );
      },
      { timeout: 10_000 },
    );
  });
});
