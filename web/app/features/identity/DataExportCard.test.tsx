import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  DataExportCard,
  MY_DATA_EXPORTS,
  REQUEST_DATA_EXPORT,
} from "./DataExportCard";

const SERVICES = [
  "organizations",
  "jobs",
  "resumes",
  "billing",
  "consent",
  "search",
  "analytics",
];

function parts(received: number) {
  return SERVICES.map((service, index) => ({
    __typename: "DataExportPart",
    service,
    receivedAt: index < received ? "2026-11-28T10:00:05Z" : null,
  }));
}

function exportOf(overrides: Record<string, unknown>) {
  return {
    __typename: "DataExport",
    id: "e1",
    state: "PREPARING",
    requestedAt: "2026-11-28T10:00:00Z",
    requestedByThemselves: true,
    completedAt: null,
    expiresAt: null,
    size: null,
    downloadUrl: null,
    parts: parts(3),
    ...overrides,
  };
}

function listed(exports: unknown[]): MockLink.MockedResponse {
  return {
    request: { query: MY_DATA_EXPORTS },
    result: { data: { myDataExports: exports } },
  };
}

function renderCard(mocks: MockLink.MockedResponse[]) {
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <DataExportCard />
    </MockedProvider>,
  );
}

/** The request button once it is offered (the list of exports known). */
async function offeredRequest(): Promise<HTMLElement> {
  const button = await screen.findByRole("button", {
    name: "Request a copy of my data",
  });
  await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
  return button;
}

describe("DataExportCard", () => {
  it("asks for an export and shows it being prepared, part by part", async () => {
    const user = userEvent.setup();
    renderCard([
      listed([]),
      {
        request: { query: REQUEST_DATA_EXPORT },
        result: {
          data: {
            requestDataExport: {
              __typename: "DataExport",
              id: "e1",
              state: "PREPARING",
            },
          },
        },
      },
      listed([exportOf({})]),
    ]);
    const section = await screen.findByRole("region", { name: "Your data" });
    expect(within(section).queryByTestId("data-export")).toBeNull();
    await user.click(await offeredRequest());
    const item = await within(section).findByTestId("data-export");
    expect(within(item).getByText("Preparing")).toBeTruthy();
    expect(
      within(item).getByText("3 of 7 parts of the site have sent their share"),
    ).toBeTruthy();
    expect(
      within(item).getByRole("progressbar", {
        name: "3 of 7 parts of the site have sent their share",
      }),
    ).toBeTruthy();
    // one export at a time
    expect(
      within(section)
        .getByRole("button", { name: "Request a copy of my data" })
        .hasAttribute("disabled"),
    ).toBe(true);
  });

  it("offers a request only once the list is known", async () => {
    renderCard([{ ...listed([]), delay: 200 }]);
    const section = await screen.findByRole("region", { name: "Your data" });
    const button = within(section).getByRole("button", {
      name: "Request a copy of my data",
    });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(await offeredRequest()).toBe(button);
  });

  it("offers the download of a ready export until it expires, and says when one expired", async () => {
    renderCard([
      listed([
        exportOf({
          id: "e2",
          state: "READY",
          completedAt: "2026-11-28T10:01:00Z",
          expiresAt: "2026-12-05T10:01:00Z",
          size: 2_400_000,
          downloadUrl:
            "/api/uploads/identity/files/e2/archive?expires=1&signature=s",
          requestedByThemselves: false,
          parts: parts(7),
        }),
        exportOf({
          id: "e3",
          state: "EXPIRED",
          completedAt: "2026-11-01T10:00:00Z",
          parts: parts(7),
        }),
      ]),
    ]);
    const [ready, expired] = (await screen.findAllByTestId("data-export")) as [
      HTMLElement,
      HTMLElement,
    ];
    const link = within(ready).getByRole("link", {
      name: "Download (2.4 MB)",
    });
    expect(link.getAttribute("href")).toBe(
      "/api/uploads/identity/files/e2/archive?expires=1&signature=s",
    );
    expect(link.hasAttribute("download")).toBe(true);
    expect(within(ready).getByText("Available until Dec 5, 2026")).toBeTruthy();
    expect(
      within(ready).getByText(/prepared by an administrator at your request/),
    ).toBeTruthy();
    expect(within(expired).getByText("Expired")).toBeTruthy();
    expect(within(expired).queryByRole("link")).toBeNull();
    expect(
      screen
        .getByRole("button", { name: "Request a copy of my data" })
        .hasAttribute("disabled"),
    ).toBe(false);
  });

  it("shows why a request was refused", async () => {
    const user = userEvent.setup();
    const message =
      "You asked for a copy of your data 3 times today. Try again tomorrow.";
    renderCard([
      listed([]),
      {
        request: { query: REQUEST_DATA_EXPORT },
        result: {
          data: {
            requestDataExport: {
              __typename: "AccountErrors",
              message: "1 error",
              errors: [
                {
                  __typename: "AccountError",
                  field: null,
                  code: "THROTTLED",
                  message,
                },
              ],
            },
          },
        },
      },
      listed([]),
    ]);
    await user.click(await offeredRequest());
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
