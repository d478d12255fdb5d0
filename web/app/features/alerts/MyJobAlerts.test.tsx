import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { DELETE_JOB_ALERT, MY_JOB_ALERTS, PAUSE_JOB_ALERT } from "./documents";
import { MyJobAlerts } from "./MyJobAlerts";

function renderList(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: MyJobAlerts }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

function alert(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "JobAlert",
    id: "a1",
    name: "Python in Berlin",
    frequency: "INSTANT",
    paused: false,
    pausedReason: null,
    confirmed: true,
    email: "me@example.com",
    search: { __typename: "AlertSearch", keys: "python", path: "/jobs?search=python" },
    ...overrides,
  };
}

const mine = (alerts: unknown[]): MockLink.MockedResponse => ({
  request: { query: MY_JOB_ALERTS },
  result: { data: { myJobAlerts: alerts } },
});

describe("MyJobAlerts", () => {
  it("lists the applicant's alerts and pauses one as their owner (no manage token)", async () => {
    const user = userEvent.setup();
    renderList([
      mine([alert(), alert({ id: "a2", name: "Design", frequency: "WEEKLY" })]),
      {
        request: { query: PAUSE_JOB_ALERT, variables: { id: "a2", manageToken: null } },
        result: { data: { pauseJobAlert: { __typename: "JobAlertSaved", alert: alert({ id: "a2", name: "Design", frequency: "WEEKLY", paused: true }) } } },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Job alerts" });
    const design = await within(section).findByRole("listitem", { name: "Design" });
    expect(within(section).getByRole("listitem", { name: "Python in Berlin" })).toBeInTheDocument();
    expect(within(design).getByRole("link", { name: "See the jobs" })).toHaveAttribute("href", "/jobs?search=python");
    await user.click(within(design).getByRole("button", { name: "Pause" }));
    expect(await within(design).findByText("Paused")).toBeInTheDocument();
  });

  it("deletes an alert", async () => {
    const user = userEvent.setup();
    renderList([
      mine([alert()]),
      {
        request: { query: DELETE_JOB_ALERT, variables: { id: "a1", manageToken: null } },
        result: { data: { deleteJobAlert: { __typename: "JobAlertDeleted", id: "a1" } } },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("There are no job alerts here.")).toBeInTheDocument();
  });

  it("points to the search when there is no alert", async () => {
    renderList([mine([])]);
    expect(await screen.findByText(/You have no job alerts/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Search jobs" })).toHaveAttribute("href", "/jobs");
  });

  it("says so when the alerts cannot be loaded", async () => {
    renderList([{ request: { query: MY_JOB_ALERTS }, error: new Error("down") }]);
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your job alerts.");
  });
});
