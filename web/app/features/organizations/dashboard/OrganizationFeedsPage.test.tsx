import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { possibleTypes } from "~/lib/graphql/generated/possible-types";
import {
  CREATE_FEED_SOURCE,
  DELETE_FEED_SOURCE,
  FEED_RUNS,
  ORGANIZATION_FEED_SOURCES,
  ORGANIZATION_FEEDS_PAGE,
  RUN_FEED_SOURCE,
  UPDATE_FEED_SOURCE,
} from "./documents";
import { OrganizationFeedsPage } from "./OrganizationFeedsPage";

function renderPage(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <OrganizationFeedsPage id="p1" /> }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ possibleTypes })}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const page: MockLink.MockedResponse = {
  request: { query: ORGANIZATION_FEEDS_PAGE, variables: { id: "p1" } },
  result: {
    data: {
      organizationProfile: {
        __typename: "OrganizationProfile",
        id: "p1",
        slug: "open-meadow",
        name: "Open Meadow",
        organization: { __typename: "Organization", id: "o1", name: "Open Meadow" },
      },
    },
  },
};

const atlantis = {
  __typename: "FeedRunIssue",
  position: 3,
  reference: "OMHA-FEED-103",
  title: "Volunteer Coordinator",
  outcome: "REJECTED",
  errors: [
    {
      __typename: "JobError",
      field: "locations.0.countryCode",
      code: "INVALID_CHOICE",
      message: "Choose a country from the list.",
    },
  ],
};

type RunFields = Record<string, unknown> & { id: string };

const feedRun = (fields: RunFields) => ({
  __typename: "FeedRun",
  sourceId: "s1",
  trigger: "SCHEDULE",
  status: "SUCCEEDED",
  startedAt: "2026-11-29T07:00:00Z",
  finishedAt: "2026-11-29T07:00:02Z",
  items: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  duplicate: 0,
  rejected: 1,
  closed: 0,
  error: null,
  issues: [atlantis],
  ...fields,
});

const scheduled = feedRun({ id: "r1" });

const careers = {
  __typename: "FeedSource",
  id: "s1",
  organizationId: "o1",
  name: "Careers site",
  url: "https://careers.openmeadow.test/jobs.json",
  format: "JSON",
  enabled: true,
  intervalMinutes: 60,
  createdAt: "2026-11-20T10:00:00Z",
  createdByEmail: "omar@openmeadow.test",
  lastRunAt: "2026-11-29T07:00:00Z",
  nextRunAt: "2026-11-29T08:00:00Z",
  lastRun: scheduled,
};

const aggregator = {
  ...careers,
  id: "s2",
  name: "Aggregator export",
  url: "https://ats.example.test/export.xml",
  format: "XML",
  enabled: false,
  intervalMinutes: 1440,
  lastRunAt: null,
  nextRunAt: null,
  lastRun: null,
};

const sources = (...list: unknown[]): MockLink.MockedResponse => ({
  request: { query: ORGANIZATION_FEED_SOURCES, variables: { organizationId: "o1" } },
  result: { data: { feedSources: list } },
});

/** The panel an accordion control opens. */
function panelOf(control: HTMLElement | undefined): HTMLElement {
  const panel = document.getElementById(control?.getAttribute("aria-controls") ?? "");
  expect(panel).toHaveAttribute("role", "region");
  return panel as HTMLElement;
}

describe("OrganizationFeedsPage", () => {
  it("lists the feeds with their format, schedule, state and last run", async () => {
    renderPage([page, sources(careers, aggregator)]);
    expect(await screen.findByRole("heading", { level: 1, name: "Job feeds of Open Meadow" })).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Feeds" });

    const first = await within(list).findByRole("article", { name: "Careers site" });
    expect(first).toHaveTextContent("https://careers.openmeadow.test/jobs.json");
    expect(within(first).getByText("JSON")).toBeInTheDocument();
    expect(within(first).getByText("Active")).toBeInTheDocument();
    expect(first).toHaveTextContent("Every 60 minutes");
    expect(first).toHaveTextContent(/Next run\s*Nov 29, 2026, 8:00\sAM UTC/);
    expect(first).toHaveTextContent(/Nov 20, 2026, 10:00\sAM UTC by omar@openmeadow.test/);
    expect(within(first).getByText("Succeeded")).toBeInTheDocument();
    expect(first).toHaveTextContent("On schedule");
    const counts = within(first).getByRole("list", { name: "What the run did" });
    expect(counts).toHaveTextContent("3 jobs in the feed");
    expect(counts).toHaveTextContent("2 created");
    expect(counts).toHaveTextContent("0 updated");
    expect(counts).toHaveTextContent("1 rejected");
    expect(first).toHaveTextContent("1 job was refused or not published: the run history has the reasons.");
    for (const action of ["Edit Careers site", "Pause Careers site", "Delete Careers site", "Run Careers site now"]) {
      expect(within(first).getByRole("button", { name: action })).toBeInTheDocument();
    }

    const second = within(list).getByRole("article", { name: "Aggregator export" });
    expect(within(second).getByText("XML")).toBeInTheDocument();
    expect(within(second).getByText("Paused")).toBeInTheDocument();
    expect(second).toHaveTextContent("Every 1,440 minutes");
    expect(second).toHaveTextContent("None while paused");
    expect(second).toHaveTextContent("Not imported yet");
    expect(within(second).getByRole("button", { name: "Resume Aggregator export" })).toBeInTheDocument();
  });

  it("explains feeds when there are none, and says so when the feeds cannot be loaded", async () => {
    const { unmount } = renderPage([page, sources()]);
    const list = await screen.findByRole("region", { name: "Feeds" });
    expect(await within(list).findByText("No job feeds yet.")).toBeInTheDocument();
    expect(list).toHaveTextContent("the XML job feed that job aggregators read, or schema.org JobPosting JSON");
    expect(list).toHaveTextContent("a job that also arrives from another feed or was posted by hand is listed once");
    unmount();

    renderPage([
      page,
      { request: { query: ORGANIZATION_FEED_SOURCES, variables: { organizationId: "o1" } }, error: new Error("down") },
    ]);
    const failed = await screen.findByRole("region", { name: "Feeds" });
    expect(await within(failed).findByRole("alert")).toHaveTextContent("The feeds could not be loaded.");
    expect(within(failed).queryByText("No job feeds yet.")).not.toBeInTheDocument();
  });

  it("checks the form first, then shows the API's errors at their fields and the rest above them", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      sources(),
      {
        request: {
          query: CREATE_FEED_SOURCE,
          variables: {
            organizationId: "o1",
            name: "Intranet",
            url: "https://10.0.0.5/jobs.xml",
            format: "XML",
            intervalMinutes: 30,
            enabled: true,
          },
        },
        result: {
          data: {
            createFeedSource: {
              __typename: "JobErrors",
              message: "The input has 2 invalid fields.",
              errors: [
                {
                  __typename: "JobError",
                  field: "url",
                  code: "INVALID",
                  message: "The address is on a private network.",
                },
                {
                  __typename: "JobError",
                  field: null,
                  code: "FORBIDDEN",
                  message: "Only recruiters of this organization and administrators manage its job feeds.",
                },
              ],
            },
          },
        },
      },
    ]);
    const form = await screen.findByRole("region", { name: "Add a feed" });
    const name = within(form).getByRole("textbox", { name: /^Name/ });
    const url = within(form).getByRole("textbox", { name: /^Feed address/ });
    const interval = within(form).getByRole("textbox", { name: /^Import every/ });
    expect(interval).toHaveValue("60");
    expect(within(form).getByRole("switch", { name: /^Import on schedule/ })).toBeChecked();

    await user.clear(interval);
    await user.type(interval, "5");
    await user.click(within(form).getByRole("button", { name: "Add feed" }));
    expect(await within(form).findByText("Give the feed a name.")).toBeInTheDocument();
    expect(within(form).getByText("Give the feed's address.")).toBeInTheDocument();
    expect(within(form).getByText("Choose a number of minutes from 15 to 10,080.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");

    await user.type(name, " Intranet ");
    await user.type(url, "https://10.0.0.5/jobs.xml");
    await user.clear(interval);
    await user.type(interval, "30");
    await user.selectOptions(within(form).getByRole("combobox", { name: /^Format/ }), "XML");
    await user.click(within(form).getByRole("button", { name: "Add feed" }));

    expect(await within(form).findByText("The address is on a private network.")).toBeInTheDocument();
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(name).not.toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByRole("alert")).toHaveTextContent(
      "Only recruiters of this organization and administrators manage its job feeds.",
    );
    expect(url).toHaveValue("https://10.0.0.5/jobs.xml");
  });

  it("adds a feed and lists it", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      sources(),
      {
        request: {
          query: CREATE_FEED_SOURCE,
          variables: {
            organizationId: "o1",
            name: "Careers site",
            url: "https://careers.openmeadow.test/jobs.json",
            format: "JSON",
            intervalMinutes: 60,
            enabled: true,
          },
        },
        result: { data: { createFeedSource: { __typename: "FeedSourceSaved", source: { ...careers, lastRun: null } } } },
      },
      sources({ ...careers, lastRun: null }),
    ]);
    const form = await screen.findByRole("region", { name: "Add a feed" });
    await user.type(within(form).getByRole("textbox", { name: /^Name/ }), "Careers site");
    await user.type(within(form).getByRole("textbox", { name: /^Feed address/ }), "https://careers.openmeadow.test/jobs.json");
    await user.click(within(form).getByRole("button", { name: "Add feed" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Careers site was added.");
    expect(within(form).getByRole("textbox", { name: /^Name/ })).toHaveValue("");
    const list = screen.getByRole("region", { name: "Feeds" });
    expect(await within(list).findByRole("article", { name: "Careers site" })).toHaveTextContent("Not imported yet");
  });

  it("runs a feed now and shows the report with the reasons of a rejected job", async () => {
    const user = userEvent.setup();
    const manual = feedRun({
      id: "r2",
      trigger: "MANUAL",
      startedAt: "2026-11-29T09:15:00Z",
      finishedAt: "2026-11-29T09:15:03Z",
      created: 0,
      unchanged: 2,
    });
    renderPage([
      page,
      sources(careers),
      {
        request: { query: RUN_FEED_SOURCE, variables: { id: "s1" } },
        result: {
          data: {
            runFeedSource: {
              __typename: "FeedSourceRan",
              run: manual,
              source: { ...careers, lastRunAt: manual.startedAt, nextRunAt: "2026-11-29T10:15:00Z", lastRun: manual },
            },
          },
        },
      },
    ]);
    const card = await screen.findByRole("article", { name: "Careers site" });
    await user.click(within(card).getByRole("button", { name: "Run Careers site now" }));

    const report = await within(card).findByRole("status");
    expect(report).toHaveTextContent("Careers site was imported");
    expect(report).toHaveTextContent(/Started\s*Nov 29, 2026, 9:15\sAM UTC \(Run by hand\)/);
    expect(report).toHaveTextContent("2 unchanged");
    expect(report).toHaveTextContent("1 rejected");
    const issue = within(report).getByRole("article");
    expect(issue).toHaveTextContent("Volunteer Coordinator");
    expect(issue).toHaveTextContent("Reference OMHA-FEED-103");
    expect(within(issue).getByText("Rejected")).toBeInTheDocument();
    expect(issue).toHaveTextContent("Choose a country from the list.");

    await user.click(within(report).getByRole("button", { name: "Close the report" }));
    await waitFor(() => expect(within(card).queryByRole("status")).not.toBeInTheDocument());
    // the card's last run follows the answer
    expect(card).toHaveTextContent(/Last run\s*Succeeded\s*Nov 29, 2026, 9:15\sAM UTC \(Run by hand\)/);
    expect(card).toHaveTextContent(/Next run\s*Nov 29, 2026, 10:15\sAM UTC/);
    expect(card).toHaveTextContent("2 unchanged");
  });

  it("shows a failed run's error, and a refusal to run", async () => {
    const user = userEvent.setup();
    const failed = feedRun({
      id: "r3",
      trigger: "MANUAL",
      status: "FAILED",
      items: 0,
      created: 0,
      rejected: 0,
      issues: [],
      error: "The feed answered HTTP 404.",
    });
    renderPage([
      page,
      sources(careers),
      {
        request: { query: RUN_FEED_SOURCE, variables: { id: "s1" } },
        result: { data: { runFeedSource: { __typename: "FeedSourceRan", run: failed, source: { ...careers, lastRun: failed } } } },
      },
      {
        request: { query: RUN_FEED_SOURCE, variables: { id: "s1" } },
        result: {
          data: {
            runFeedSource: {
              __typename: "JobErrors",
              message: "The input has 1 invalid field.",
              errors: [{ __typename: "JobError", field: "id", code: "INVALID", message: "This feed is being imported already." }],
            },
          },
        },
      },
    ]);
    const card = await screen.findByRole("article", { name: "Careers site" });
    await user.click(within(card).getByRole("button", { name: "Run Careers site now" }));
    const report = await within(card).findByRole("status");
    expect(report).toHaveTextContent("Careers site could not be imported");
    expect(report).toHaveTextContent("The feed answered HTTP 404.");

    await user.click(within(card).getByRole("button", { name: "Run Careers site now" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent("This feed is being imported already.");
  });

  it("opens the run history: each run's trigger, status, counts and reasons", async () => {
    const user = userEvent.setup();
    const failed = feedRun({
      id: "r0",
      startedAt: "2026-11-28T07:00:00Z",
      status: "FAILED",
      items: 0,
      created: 0,
      rejected: 0,
      issues: [],
      error: "The feed is not JSON.",
    });
    renderPage([
      page,
      sources(careers),
      {
        request: { query: FEED_RUNS, variables: { sourceId: "s1", limit: 20 } },
        result: { data: { feedRuns: [scheduled, failed] } },
      },
    ]);
    const card = await screen.findByRole("article", { name: "Careers site" });
    const toggle = within(card).getByRole("button", { name: "Run history" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const history = await within(card).findByRole("region", { name: "Run history of Careers site" });
    const runs = await within(history).findAllByRole("button", { name: /Nov 2[89], 2026/ });
    expect(runs).toHaveLength(2);
    expect(runs[0]).toHaveTextContent("Succeeded");
    expect(runs[0]).toHaveTextContent("On schedule");
    expect(runs[1]).toHaveTextContent("Failed");

    await user.click(runs[1] as HTMLElement);
    await waitFor(() => expect(runs[1]).toHaveAttribute("aria-expanded", "true"));
    expect(runs[0]).toHaveAttribute("aria-expanded", "false");
    const failedPanel = panelOf(runs[1]);
    expect(failedPanel).toHaveTextContent("The feed could not be imported; nothing was changed");
    expect(failedPanel).toHaveTextContent("The feed is not JSON.");
    await user.click(runs[0] as HTMLElement);
    await waitFor(() => expect(runs[0]).toHaveAttribute("aria-expanded", "true"));
    const panel = panelOf(runs[0]);
    expect(panel).toHaveTextContent("Volunteer Coordinator");
    expect(panel).toHaveTextContent("Choose a country from the list.");
  });

  it("pauses a feed", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      sources(careers),
      {
        request: { query: UPDATE_FEED_SOURCE, variables: { id: "s1", enabled: false } },
        result: {
          data: { updateFeedSource: { __typename: "FeedSourceSaved", source: { ...careers, enabled: false, nextRunAt: null } } },
        },
      },
    ]);
    const card = await screen.findByRole("article", { name: "Careers site" });
    await user.click(within(card).getByRole("button", { name: "Pause Careers site" }));
    expect(await within(card).findByText("Paused")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Resume Careers site" })).toBeInTheDocument();
    expect(card).toHaveTextContent("None while paused");
  });

  it("deletes a feed only after the confirmation, which says its jobs stay", async () => {
    const user = userEvent.setup();
    renderPage([
      page,
      sources(careers),
      {
        request: { query: DELETE_FEED_SOURCE, variables: { id: "s1" } },
        result: { data: { deleteFeedSource: { __typename: "FeedSourceDeleted", id: "s1" } } },
      },
      sources(),
    ]);
    const card = await screen.findByRole("article", { name: "Careers site" });
    await user.click(within(card).getByRole("button", { name: "Delete Careers site" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Careers site?" });
    expect(dialog).toHaveTextContent("The jobs it imported stay on the board as they are");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "Careers site" })).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Delete Careers site" }));
    const again = await screen.findByRole("dialog", { name: "Delete Careers site?" });
    await user.click(within(again).getByRole("button", { name: "Delete the feed" }));
    const list = screen.getByRole("region", { name: "Feeds" });
    expect(await within(list).findByText("No job feeds yet.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("article", { name: "Careers site" })).not.toBeInTheDocument();
  });
});
