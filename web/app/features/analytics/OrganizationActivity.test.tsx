import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ORGANIZATION_STATS } from "./documents";
import { OrganizationActivity } from "./OrganizationActivity";

function day(iso: string, visits: number) {
  return {
    __typename: "OrganizationStatsDay",
    day: iso,
    visits,
    applyStarts: 0,
    applyCompletions: visits > 0 ? 1 : 0,
    bookmarks: 0,
    shares: 0,
    profileVisits: 0,
  };
}

function statsMock(days: number, visits: number[]): MockLink.MockedResponse {
  return {
    request: { query: ORGANIZATION_STATS, variables: { organizationId: "org-1", days } },
    result: {
      data: {
        organizationStats: {
          __typename: "OrganizationStats",
          organizationId: "org-1",
          visits: visits.reduce((a, b) => a + b, 0),
          applyStarts: 4,
          applyCompletions: visits.filter((v) => v > 0).length,
          bookmarks: 2,
          shares: 1,
          profileVisits: 9,
          days: visits.map((count, n) => day(`2026-11-${String(21 + n).padStart(2, "0")}`, count)),
        },
      },
    },
  };
}

function render(mocks: MockLink.MockedResponse[]) {
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <OrganizationActivity organizationId="org-1" organizationName="Acme Foundation" />
    </MockedProvider>,
  );
}

describe("OrganizationActivity", () => {
  it("shows the period's totals and a chart over its days", async () => {
    render([statsMock(30, [3, 0, 5])]);
    expect(await screen.findByTestId("total-visits")).toHaveTextContent("8");
    expect(screen.getByTestId("total-applyCompletions")).toHaveTextContent("2");
    expect(screen.getByTestId("total-profileVisits")).toHaveTextContent("9");
    expect(screen.getByRole("heading", { name: "Activity of Acme Foundation" })).toBeInTheDocument();
    expect(screen.getByTestId("activity-chart")).toBeInTheDocument();
  });

  it("asks for another period when chosen", async () => {
    render([statsMock(30, [1]), statsMock(7, [4, 4])]);
    expect(await screen.findByTestId("total-visits")).toHaveTextContent("1");
    await userEvent.click(screen.getByText("7 days"));
    expect(await screen.findByText("8")).toBeInTheDocument();
  });

  it("says so when the activity cannot be loaded", async () => {
    render([
      {
        request: { query: ORGANIZATION_STATS, variables: { organizationId: "org-1", days: 30 } },
        error: new Error("down"),
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("The activity could not be loaded.");
  });
});
