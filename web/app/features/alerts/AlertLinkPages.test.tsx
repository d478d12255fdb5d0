import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ConfirmAlertPage, ManageAlertsPage, UnsubscribeAlertPage } from "./AlertLinkPages";
import {
  CONFIRM_JOB_ALERT,
  DELETE_JOB_ALERT,
  JOB_ALERTS_BY_TOKEN,
  PAUSE_JOB_ALERT,
  RESUME_JOB_ALERT,
  UNSUBSCRIBE_JOB_ALERT,
  UPDATE_JOB_ALERT,
} from "./documents";

function renderPage(page: ReactElement, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => page }]);
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
    frequency: "DAILY",
    paused: false,
    pausedReason: null,
    confirmed: true,
    email: "ada@example.com",
    search: { __typename: "AlertSearch", keys: "python", path: "/jobs?keys=python" },
    ...overrides,
  };
}

const refused = (message: string) => ({
  __typename: "AlertErrors",
  errors: [{ __typename: "AlertError", code: "INVALID_TOKEN", message }],
});

describe("ConfirmAlertPage", () => {
  it("confirms the alert with the link's token and says so", async () => {
    renderPage(<ConfirmAlertPage token="c0nf" />, [
      {
        request: { query: CONFIRM_JOB_ALERT, variables: { token: "c0nf" } },
        result: { data: { confirmJobAlert: { __typename: "JobAlertSaved", alert: alert() } } },
      },
    ]);
    expect(screen.getByText("Confirming your job alert…")).toBeInTheDocument();
    expect(await screen.findByText("Your job alert is on")).toBeInTheDocument();
    expect(screen.getByText(/new jobs for “Python in Berlin”/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Search jobs" })).toHaveAttribute("href", "/jobs?keys=python");
  });

  it("shows the server's message for a bad or expired link", async () => {
    renderPage(<ConfirmAlertPage token="c0nf" />, [
      {
        request: { query: CONFIRM_JOB_ALERT, variables: { token: "c0nf" } },
        result: { data: { confirmJobAlert: refused("This link is not valid; use the link in your latest mail.") } },
      },
    ]);
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("This link does not work");
    expect(box).toHaveTextContent("use the link in your latest mail");
  });

  it("refuses a link without a token without asking the server", () => {
    renderPage(<ConfirmAlertPage token={null} />, []);
    expect(screen.getByRole("alert")).toHaveTextContent("This link is not valid");
  });

  it("says so when job alerts cannot be reached", async () => {
    renderPage(<ConfirmAlertPage token="c0nf" />, [
      { request: { query: CONFIRM_JOB_ALERT, variables: { token: "c0nf" } }, error: new Error("down") },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not reach job alerts");
  });
});

const managed = (alerts: unknown[]): MockLink.MockedResponse => ({
  request: { query: JOB_ALERTS_BY_TOKEN, variables: { token: "m4n" } },
  result: { data: { jobAlertsByToken: { __typename: "ManagedJobAlerts", email: "ada@example.com", alerts } } },
});

describe("ManageAlertsPage", () => {
  it("lists the address's alerts and pauses one through the token", async () => {
    const user = userEvent.setup();
    renderPage(<ManageAlertsPage token="m4n" />, [
      managed([alert(), alert({ id: "a2", name: "Weekly design", frequency: "WEEKLY", paused: true })]),
      {
        request: { query: PAUSE_JOB_ALERT, variables: { id: "a1", manageToken: "m4n" } },
        result: { data: { pauseJobAlert: { __typename: "JobAlertSaved", alert: alert({ paused: true }) } } },
      },
    ]);
    expect(await screen.findByText("Job alerts sent to ada@example.com")).toBeInTheDocument();
    const first = screen.getByRole("listitem", { name: "Python in Berlin" });
    const second = screen.getByRole("listitem", { name: "Weekly design" });
    expect(within(first).getByText("Active")).toBeInTheDocument();
    expect(within(second).getByText("Paused")).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "Resume" })).toBeInTheDocument();
    // renaming works through the token; editing the search is for signed-in owners
    expect(within(first).getByRole("button", { name: "Rename" })).toBeInTheDocument();
    expect(within(first).queryByRole("link", { name: "Edit the search" })).not.toBeInTheDocument();
    await user.click(within(first).getByRole("button", { name: "Pause" }));
    expect(await within(first).findByRole("button", { name: "Resume" })).toBeInTheDocument();
    expect(within(first).getByText("Paused")).toBeInTheDocument();
  });

  it("resumes an alert the mailer paused and shows why it was paused", async () => {
    const user = userEvent.setup();
    renderPage(<ManageAlertsPage token="m4n" />, [
      managed([alert({ paused: true, pausedReason: "the address refuses mail" })]),
      {
        request: { query: RESUME_JOB_ALERT, variables: { id: "a1", manageToken: "m4n" } },
        result: { data: { resumeJobAlert: { __typename: "JobAlertSaved", alert: alert() } } },
      },
    ]);
    expect(await screen.findByText("Paused: the address refuses mail")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resume" }));
    expect(await screen.findByText("Active")).toBeInTheDocument();
  });

  it("changes the frequency and deletes an alert", async () => {
    const user = userEvent.setup();
    renderPage(<ManageAlertsPage token="m4n" />, [
      managed([alert()]),
      {
        request: { query: UPDATE_JOB_ALERT, variables: { input: { id: "a1", manageToken: "m4n", frequency: "WEEKLY" } } },
        result: { data: { updateJobAlert: { __typename: "JobAlertSaved", alert: alert({ frequency: "WEEKLY" }) } } },
      },
      {
        request: { query: DELETE_JOB_ALERT, variables: { id: "a1", manageToken: "m4n" } },
        result: { data: { deleteJobAlert: { __typename: "JobAlertDeleted", id: "a1" } } },
      },
    ]);
    const select = await screen.findByRole("combobox", { name: "How often" });
    expect(select).toHaveValue("DAILY");
    await user.selectOptions(select, "WEEKLY");
    await waitFor(() => expect(select).toHaveValue("WEEKLY"));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("There are no job alerts here.")).toBeInTheDocument();
  });

  it("shows a refused change's message", async () => {
    const user = userEvent.setup();
    renderPage(<ManageAlertsPage token="m4n" />, [
      managed([alert()]),
      {
        request: { query: DELETE_JOB_ALERT, variables: { id: "a1", manageToken: "m4n" } },
        result: { data: { deleteJobAlert: { __typename: "AlertErrors", errors: [{ __typename: "AlertError", code: "NOT_FOUND", message: "There is no such alert." }] } } },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("There is no such alert.");
    expect(screen.getByRole("listitem", { name: "Python in Berlin" })).toBeInTheDocument();
  });

  it("refuses a forged link with the server's message", async () => {
    renderPage(<ManageAlertsPage token="m4n" />, [
      {
        request: { query: JOB_ALERTS_BY_TOKEN, variables: { token: "m4n" } },
        result: { data: { jobAlertsByToken: refused("This link is not valid; use the link in your latest mail.") } },
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("use the link in your latest mail");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});

describe("UnsubscribeAlertPage", () => {
  it("unsubscribes only when the button is pressed", async () => {
    const user = userEvent.setup();
    renderPage(<UnsubscribeAlertPage token="u5" />, [
      {
        request: { query: UNSUBSCRIBE_JOB_ALERT, variables: { token: "u5" } },
        result: {
          data: {
            unsubscribeJobAlert: {
              __typename: "JobAlertsUnsubscribed",
              alerts: [alert(), alert({ id: "a2", name: "Weekly design" })],
            },
          },
        },
      },
    ]);
    expect(screen.getByText(/Stop the job alerts of the mail you came from/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    const done = await screen.findByRole("status");
    expect(done).toHaveTextContent("You are unsubscribed");
    expect(done).toHaveTextContent("Python in Berlin and Weekly design");
  });

  it("shows the server's message for a bad link", async () => {
    const user = userEvent.setup();
    renderPage(<UnsubscribeAlertPage token="u5" />, [
      {
        request: { query: UNSUBSCRIBE_JOB_ALERT, variables: { token: "u5" } },
        result: { data: { unsubscribeJobAlert: refused("This link is not valid; use the link in your latest mail.") } },
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This link does not work");
  });

  it("offers no button for a link without a token", () => {
    renderPage(<UnsubscribeAlertPage token={null} />, []);
    expect(screen.getByRole("alert")).toHaveTextContent("This link is not valid");
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });
});
