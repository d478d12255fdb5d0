import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  DATA_EXPORTS,
  DATA_EXPORTS_SHOWN,
  DataExportsAdmin,
  EXPORT_USER_DATA,
} from "./DataExportsAdmin";

const PERSON = "5f0c6a57-5d7e-4c39-9d55-0b7f3a1a2b3c";

function listed(exports: unknown[]): MockLink.MockedResponse {
  return {
    request: {
      query: DATA_EXPORTS,
      variables: { pendingOnly: false, limit: DATA_EXPORTS_SHOWN },
    },
    result: {
      data: {
        dataExports: {
          __typename: "DataExports",
          total: exports.length,
          exports,
        },
      },
    },
  };
}

const preparing = {
  __typename: "DataExport",
  id: "e1",
  userId: PERSON,
  state: "PREPARING",
  requestedAt: "2026-11-28T10:00:00Z",
  requestedByThemselves: false,
  completedAt: null,
  attempts: 2,
  size: null,
  downloadUrl: null,
  parts: [
    {
      __typename: "DataExportPart",
      service: "jobs",
      receivedAt: "2026-11-28T10:00:02Z",
      counts: [{ __typename: "ErasureCount", kind: "applications", count: 2 }],
    },
    {
      __typename: "DataExportPart",
      service: "resumes",
      receivedAt: null,
      counts: [],
    },
  ],
};

describe("DataExportsAdmin", () => {
  it("lists each export with its parts by service", async () => {
    renderWithMantine(
      <MockedProvider mocks={[listed([preparing])]}>
        <DataExportsAdmin pendingOnly={false} />
      </MockedProvider>,
    );
    const table = await screen.findByRole("table", { name: "Data exports" });
    expect(within(table).getByText(PERSON)).toBeTruthy();
    expect(within(table).getByText("an administrator")).toBeTruthy();
    expect(
      within(table).getByText("1 of 2 parts · asked 2 times"),
    ).toBeTruthy();
    expect(within(table).getByText("jobs: sent")).toBeTruthy();
    expect(within(table).getByText("2 applications")).toBeTruthy();
    expect(within(table).getByText("resumes: waiting")).toBeTruthy();
  });

  it("checks the account id, then prepares the export and says so", async () => {
    const user = userEvent.setup();
    renderWithMantine(
      <MockedProvider
        mocks={[
          listed([]),
          {
            request: { query: EXPORT_USER_DATA, variables: { userId: PERSON } },
            result: {
              data: { exportUserData: { __typename: "DataExport", id: "e1" } },
            },
          },
          listed([preparing]),
        ]}
      >
        <DataExportsAdmin pendingOnly={false} />
      </MockedProvider>,
    );
    expect(await screen.findByText("No data exports.")).toBeTruthy();
    const form = screen.getByRole("form", {
      name: "Export a person's data on their request",
    });
    const button = within(form).getByRole("button", {
      name: "Prepare the export",
    });
    await user.type(within(form).getByLabelText("Account id"), "not an id");
    await user.click(button);
    expect(
      await within(form).findByText("Enter an account id (a UUID)."),
    ).toBeTruthy();
    await user.clear(within(form).getByLabelText("Account id"));
    await user.type(within(form).getByLabelText("Account id"), PERSON);
    await user.click(button);
    expect(
      await within(form).findByText("The export is being prepared."),
    ).toBeTruthy();
    expect(
      await screen.findByText("1 of 2 parts · asked 2 times"),
    ).toBeTruthy();
  });
});
