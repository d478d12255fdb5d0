import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { editedAlert, stopEditingAlert } from "~/lib/job-alert-editing";
import { DELETE_JOB_ALERT, MY_JOB_ALERTS, PAUSE_JOB_ALERT, UPDATE_JOB_ALERT } from "./documents";
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

  it("renames an alert, refusing an empty name before asking the API", async () => {
    const user = userEvent.setup();
    renderList([
      mine([alert()]),
      {
        request: { query: UPDATE_JOB_ALERT, variables: { input: { id: "a1", manageToken: null, name: "Python jobs" } } },
        result: { data: { updateJobAlert: { __typename: "JobAlertSaved", alert: alert({ name: "Python jobs" }) } } },
      },
    ]);
    const row = await screen.findByRole("listitem", { name: "Python in Berlin" });
    await user.click(within(row).getByRole("button", { name: "Rename" }));
    const form = within(row).getByRole("form", { name: "Rename" });
    const name = within(form).getByRole("textbox", { name: /Name of the alert/ });
    await user.clear(name);
    await user.click(within(form).getByRole("button", { name: "Save the name" }));
    expect(within(form).getByText("Give the alert a name.")).toBeInTheDocument();
    await user.type(name, "Python jobs");
    await user.click(within(form).getByRole("button", { name: "Save the name" }));
    expect(await screen.findByRole("listitem", { name: "Python jobs" })).toBeInTheDocument();
    // the cache shows the new name as the mutation answers; the form closes a render later
    await waitFor(() => expect(screen.queryByRole("form", { name: "Rename" })).not.toBeInTheDocument());
  });

  it("sends the owner to the alert's search to edit it, remembering which alert", async () => {
    stopEditingAlert();
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/", Component: MyJobAlerts },
      { path: "/jobs", Component: () => <p>the search page</p> },
    ]);
    renderWithMantine(
      <MockedProvider mocks={[mine([alert()])]}>
        <Stub initialEntries={["/"]} />
      </MockedProvider>,
    );
    const row = await screen.findByRole("listitem", { name: "Python in Berlin" });
    const edit = within(row).getByRole("link", { name: "Edit the search" });
    expect(edit).toHaveAttribute("href", "/jobs?search=python");
    await user.click(edit);
    expect(await screen.findByText("the search page")).toBeInTheDocument();
    expect(editedAlert()).toEqual({ id: "a1", name: "Python in Berlin" });
    stopEditingAlert();
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
