import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grantMeasuring } from "../../../../test/consent";
import { renderWithMantine } from "../../../../test/render";
import { APP_CONFIG } from "~/lib/app-config";
import { possibleTypes } from "~/lib/graphql/generated/possible-types";
import type { SearchClient } from "~/lib/search/place";
import { loadResumeSearch, type ResumeSearchPageData } from "../load-resume-search";
import type { ResumeSearchResultsView } from "../recruiter-documents";
import { ResumeSearchPage } from "../ResumeSearchPage";
import { CREATE_RESUME_ALERT, DELETE_RESUME_ALERT, MY_RESUME_ALERTS, RESUME_ALERT, UPDATE_RESUME_ALERT } from "./documents";
import { ResumeAlertEditPage } from "./ResumeAlertEditPage";

const ALERT_ID = "0b8f5c8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f";

function resumeAlert(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "ResumeAlert",
    id: ALERT_ID,
    name: "Social workers",
    interval: 86400,
    pausedReason: null,
    lastMailedAt: null,
    search: { __typename: "AlertSearch", keys: "social", path: "/resumes?search=social&skills=11" },
    ...overrides,
  };
}

const EMPTY: ResumeSearchResultsView = { __typename: "ResumeSearchResults", total: 0, hits: [], facets: [] };

/** The site's configuration: the resume feature on, saved resume searches as given. */
function features(savedSearches: boolean): MockLink.MockedResponse {
  return {
    request: { query: APP_CONFIG },
    result: {
      data: {
        getAppConfig: [
          { __typename: "AppConfigEntry", key: "features", name: "resume", value: true },
          { __typename: "AppConfigEntry", key: "features", name: "resume_searches", value: savedSearches },
        ],
      },
    },
  };
}

const mine = (alerts: unknown[]): MockLink.MockedResponse => ({
  request: { query: MY_RESUME_ALERTS },
  result: { data: { myResumeAlerts: alerts } },
});

/** The page's search as an alert keeps it (the keys and the skills facet of the URL below). */
const SEARCH = {
  language: "en",
  conditionGroups: [{ conditions: [{ field: "skills", value: "11", operator: "=" }], conjunction: "OR", tags: ["facet:skills"] }],
  fulltext: { keys: "social" },
  geoLocation: null,
};

function renderSearch(url: string, mocks: MockLink.MockedResponse[]) {
  const client = { query: () => Promise.resolve({ data: { resumeSearch: EMPTY } }) } as unknown as SearchClient;
  function Page() {
    return <ResumeSearchPage data={useLoaderData() as ResumeSearchPageData} />;
  }
  const Stub = createRoutesStub([
    { path: "/resumes", Component: Page, loader: ({ request }) => loadResumeSearch(client, new URL(request.url)) },
  ]);
  renderWithMantine(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ possibleTypes })}>
      <Stub initialEntries={[url]} />
    </MockedProvider>,
  );
}

beforeEach(() => grantMeasuring());
afterEach(() => {
  window.dataLayer = [];
});

describe("Saving a resume search as an alert on /resumes", () => {
  it("saves the page's search with a name and an interval, and lists the recruiter's alerts", async () => {
    const user = userEvent.setup();
    renderSearch("/resumes?search=social&skills=11", [
      features(true),
      mine([resumeAlert({ id: "a0", name: "Older search", interval: -1 })]),
      {
        request: {
          query: CREATE_RESUME_ALERT,
          variables: { input: { name: "Berlin social work", interval: 604800, search: SEARCH } },
        },
        result: {
          data: {
            createResumeAlert: {
              __typename: "ResumeAlertSaved",
              alert: resumeAlert({ name: "Berlin social work", interval: 604800 }),
            },
          },
        },
      },
    ]);
    const list = await screen.findByRole("region", { name: "Your resume alerts" });
    const older = await within(list).findByRole("listitem", { name: "Older search" });
    expect(within(older).getByText("No alerts")).toBeInTheDocument();
    expect(within(older).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/resume-alert/edit/a0");

    await user.click(screen.getByRole("button", { name: "Save this search as an alert" }));
    const form = await screen.findByRole("form", { name: "Save this resume search" });
    const name = within(form).getByRole("textbox", { name: /Name of the alert/ });
    expect(name).toHaveValue("social");
    await user.clear(name);
    await user.type(name, "Berlin social work");
    await user.click(within(form).getByRole("radio", { name: "Weekly" }));
    expect(within(form).getByRole("radio", { name: "Monthly" })).toBeInTheDocument();
    expect(within(form).getByRole("radio", { name: "No alerts" })).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save the alert" }));
    const saved = await screen.findByRole("status");
    expect(saved).toHaveTextContent("“Berlin social work” is saved.");
    expect(within(saved).getByRole("link", { name: "Edit the alert" })).toHaveAttribute(
      "href",
      `/resume-alert/edit/${ALERT_ID}`,
    );
    // the new alert joins the list
    expect(await within(list).findByRole("listitem", { name: "Berlin social work" })).toBeInTheDocument();
  });

  it("shows the refusal of the API (an unknown interval, a search too long) at the form", async () => {
    const user = userEvent.setup();
    renderSearch("/resumes?search=social&skills=11", [
      features(true),
      mine([]),
      {
        request: { query: CREATE_RESUME_ALERT, variables: { input: { name: "social", interval: 86400, search: SEARCH } } },
        result: {
          data: {
            createResumeAlert: {
              __typename: "AlertErrors",
              errors: [{ __typename: "AlertError", code: "LIMIT_REACHED", message: "You can keep at most 20 resume alerts; delete one first." }],
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Save this search as an alert" }));
    await user.click(await screen.findByRole("button", { name: "Save the alert" }));
    expect(await screen.findByText("You can keep at most 20 resume alerts; delete one first.")).toBeInTheDocument();
  });

  it("offers nothing where the site does not offer saved resume searches", async () => {
    renderSearch("/resumes?search=social", [features(false)]);
    expect(await screen.findByRole("heading", { name: "0 resumes" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save this search as an alert" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your resume alerts" })).not.toBeInTheDocument();
  });

  it("opened from an alert's edit page, saves the page's search to that alert", async () => {
    const user = userEvent.setup();
    renderSearch(`/resumes?search=social&skills=11&alert=${ALERT_ID}`, [
      features(true),
      mine([resumeAlert()]),
      { request: { query: RESUME_ALERT, variables: { id: ALERT_ID } }, result: { data: { resumeAlert: resumeAlert() } } },
      {
        request: { query: UPDATE_RESUME_ALERT, variables: { input: { id: ALERT_ID, search: SEARCH } } },
        result: { data: { updateResumeAlert: { __typename: "ResumeAlertSaved", alert: resumeAlert() } } },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Save this search to “Social workers”" }));
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("“Social workers” now uses this search.");
    expect(within(status).getByRole("link", { name: "Back to the alert" })).toHaveAttribute(
      "href",
      `/resume-alert/edit/${ALERT_ID}`,
    );
  });
});

function renderEdit(mocks: MockLink.MockedResponse[], alert: Record<string, unknown> = {}) {
  const Stub = createRoutesStub([
    { path: "/resume-alert/edit/:id", Component: () => <ResumeAlertEditPage alert={resumeAlert(alert)} /> },
    { path: "/resumes", Component: () => <p>Resume search</p> },
  ]);
  renderWithMantine(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ possibleTypes })}>
      <Stub initialEntries={[`/resume-alert/edit/${ALERT_ID}`]} />
    </MockedProvider>,
  );
}

describe("ResumeAlertEditPage", () => {
  it("renames the alert and turns its mails off", async () => {
    const user = userEvent.setup();
    renderEdit([
      {
        request: { query: UPDATE_RESUME_ALERT, variables: { input: { id: ALERT_ID, name: "Case managers", interval: -1 } } },
        result: {
          data: {
            updateResumeAlert: {
              __typename: "ResumeAlertSaved",
              alert: resumeAlert({ name: "Case managers", interval: -1 }),
            },
          },
        },
      },
    ]);
    const form = screen.getByRole("form", { name: "Resume alert" });
    expect(within(form).getByRole("radio", { name: "Daily" })).toBeChecked();
    expect(within(form).getByRole("link", { name: "Edit the search" })).toHaveAttribute(
      "href",
      `/resumes?search=social&skills=11&alert=${ALERT_ID}`,
    );
    const name = within(form).getByRole("textbox", { name: /Name of the alert/ });
    await user.clear(name);
    await user.type(name, "Case managers");
    await user.click(within(form).getByRole("radio", { name: "No alerts" }));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The alert is saved.");
  });

  it("says why the mailer paused the alert, and saving it resumes it", async () => {
    const user = userEvent.setup();
    const reason = "Mail to this address failed 3 times: 550 5.1.1 No such user";
    renderEdit(
      [
        {
          request: { query: UPDATE_RESUME_ALERT, variables: { input: { id: ALERT_ID, name: "Social workers", interval: 86400 } } },
          result: { data: { updateResumeAlert: { __typename: "ResumeAlertSaved", alert: resumeAlert() } } },
        },
      ],
      { pausedReason: reason },
    );
    const paused = screen.getByRole("status");
    expect(paused).toHaveTextContent("Mails for this alert are paused");
    expect(paused).toHaveTextContent(`${reason}. Check the email address of your account`);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The alert is saved.")).toBeInTheDocument();
    expect(screen.queryByText("Mails for this alert are paused")).not.toBeInTheDocument();
  });

  it("refuses an empty name before asking the API", async () => {
    const user = userEvent.setup();
    renderEdit([]);
    const form = screen.getByRole("form", { name: "Resume alert" });
    await user.clear(within(form).getByRole("textbox", { name: /Name of the alert/ }));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Give the alert a name.")).toBeInTheDocument();
  });

  it("deletes the alert after confirming, then returns to resume search", async () => {
    const user = userEvent.setup();
    renderEdit([
      {
        request: { query: DELETE_RESUME_ALERT, variables: { id: ALERT_ID } },
        result: { data: { deleteResumeAlert: { __typename: "ResumeAlertDeleted", id: ALERT_ID } } },
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Delete the alert" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this resume alert?" });
    expect(dialog).toHaveTextContent("“Social workers” and its search are deleted");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Resume search")).toBeInTheDocument();
  });
});
