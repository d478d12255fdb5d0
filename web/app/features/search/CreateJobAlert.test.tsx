import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { MantineProvider } from "@mantine/core";
import { render as renderDom, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as analytics from "~/lib/analytics";
import { I18nProvider } from "~/lib/i18n/I18nProvider";
import en from "~/lib/i18n/messages/en.json";
import { editedAlert, startEditingAlert, stopEditingAlert } from "~/lib/job-alert-editing";
import { CREATE_JOB_ALERT } from "./CreateJobAlert";
import { SAVE_ALERT_SEARCH } from "./SaveSearchCta";
import { parseJobSearchParams } from "./job-search-params";
import { JobSearchPage } from "./JobSearchPage";
import type { JobSearchPageData } from "./load-search";
import { jobHit, jobResults } from "./search-fixture";

vi.mock("~/lib/analytics", async (original) => ({
  ...(await original<typeof analytics>()),
  track: vi.fn(),
}));

const QUERY =
  "search=python&remoteOptions=12&employmentType=34&geo_location=Berlin&lat=52.52&lon=13.405&radius=50&sorting=publish_date_desc&page=2";

function render(mocks: MockLink.MockedResponse[], signedIn: boolean) {
  const data: JobSearchPageData = {
    state: parseJobSearchParams(new URLSearchParams(QUERY)),
    categories: [],
    outcome: { kind: "results", results: jobResults([jobHit(1)]) },
    notices: [],
  };
  const Stub = createRoutesStub([
    {
      path: "/jobs/*",
      Component: () => <JobSearchPage data={data} signedIn={signedIn} showBookmarks captcha={null} />,
    },
  ]);
  return renderDom(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[`/jobs?${QUERY}`]} />
    </MockedProvider>,
    {
      wrapper: ({ children }) => (
        <MantineProvider env="test">
          <I18nProvider locale="en" messages={en}>
            {children}
          </I18nProvider>
        </MantineProvider>
      ),
    },
  );
}

interface SentInput {
  name: string;
  frequency: string;
  email: string | null;
  captchaToken: string | null;
  search: {
    fulltext: { keys: string } | null;
    conditionGroups: { conditions: { field: string; value: string }[] }[];
    geoLocation: { lat?: number; lon?: number; radius?: number; label?: string } | null;
    sorts: unknown[];
    page: number;
  };
}

function created(sent: SentInput[], alert: Record<string, unknown>): MockLink.MockedResponse {
  return {
    request: {
      query: CREATE_JOB_ALERT,
      variables: (variables: Record<string, unknown>) => {
        sent.push(variables.input as SentInput);
        return true;
      },
    },
    result: {
      data: {
        createJobAlert: {
          __typename: "JobAlertCreated",
          alert: { __typename: "JobAlert", id: "a1", ...alert },
        },
      },
    },
  };
}

beforeEach(() => vi.mocked(analytics.track).mockClear());

describe("Create a job alert", () => {
  it("saves a visitor's search (keywords, facets, place and radius, no sorting) and asks to confirm", async () => {
    const user = userEvent.setup();
    const sent: SentInput[] = [];
    render(
      [created(sent, { name: "python", frequency: "WEEKLY", confirmed: false, email: "ada@example.com" })],
      false,
    );
    expect(screen.queryByText(/coming soon/)).not.toBeInTheDocument();
    expect(analytics.track).not.toHaveBeenCalledWith("job_alert_prompt");
    await user.click(screen.getByRole("button", { name: "Create a job alert" }));
    const form = await screen.findByRole("form", { name: "Create a job alert" });
    expect(analytics.track).toHaveBeenCalledWith("job_alert_prompt");
    expect(within(form).getByRole("textbox", { name: /Name of the alert/ })).toHaveValue("python");
    await user.click(within(form).getByRole("radio", { name: "Weekly" }));
    await user.type(within(form).getByRole("textbox", { name: /Your email address/ }), "ada@example.com");
    await user.click(within(form).getByRole("button", { name: "Save the alert" }));

    expect(await screen.findByText("Check your mailbox to confirm")).toBeInTheDocument();
    expect(screen.getByText(/We sent a link to ada@example.com/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const [input] = sent;
    if (!input) throw new Error("nothing was sent");
    expect(input).toMatchObject({ name: "python", frequency: "WEEKLY", email: "ada@example.com", captchaToken: null });
    expect(input.search.fulltext).toEqual({ keys: "python" });
    const conditions = input.search.conditionGroups.flatMap((group) => group.conditions);
    expect(conditions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "remoteOptions", value: "12" }),
        expect.objectContaining({ field: "employmentType", value: "34" }),
      ]),
    );
    expect(input.search.geoLocation).toMatchObject({ label: "Berlin", lat: 52.52, lon: 13.405, radius: 50 });
    expect(input.search.sorts).toEqual([]);
    expect(input.search.page).toBe(1);
    expect(analytics.track).toHaveBeenCalledWith("job_alert_signup", { frequency: "WEEKLY" });
  });

  it("asks a visitor for a valid address before sending anything", async () => {
    const user = userEvent.setup();
    const sent: SentInput[] = [];
    render([created(sent, { name: "python", frequency: "DAILY", confirmed: false, email: "x@example.com" })], false);
    await user.click(screen.getByRole("button", { name: "Create a job alert" }));
    const form = await screen.findByRole("form", { name: "Create a job alert" });
    await user.type(within(form).getByRole("textbox", { name: /Your email address/ }), "not-an-address");
    await user.click(within(form).getByRole("button", { name: "Save the alert" }));
    expect(await within(form).findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(analytics.track).not.toHaveBeenCalledWith("job_alert_signup", expect.anything());
  });

  it("saves a signed-in applicant's alert without an address and says it is on", async () => {
    const user = userEvent.setup();
    const sent: SentInput[] = [];
    render([created(sent, { name: "Python jobs", frequency: "DAILY", confirmed: true, email: "me@example.com" })], true);
    await user.click(screen.getByRole("button", { name: "Create a job alert" }));
    const form = await screen.findByRole("form", { name: "Create a job alert" });
    expect(within(form).queryByRole("textbox", { name: /Your email address/ })).not.toBeInTheDocument();
    const name = within(form).getByRole("textbox", { name: /Name of the alert/ });
    await user.clear(name);
    await user.type(name, "Python jobs");
    await user.click(within(form).getByRole("button", { name: "Save the alert" }));
    expect(await screen.findByText("Your job alert is saved")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ name: "Python jobs", frequency: "DAILY", email: null });
    expect(analytics.track).toHaveBeenCalledWith("job_alert_signup", { frequency: "DAILY" });
  });

  it("shows the server's refusal and keeps the form", async () => {
    const user = userEvent.setup();
    render(
      [
        {
          request: { query: CREATE_JOB_ALERT, variables: () => true },
          result: {
            data: {
              createJobAlert: {
                __typename: "AlertErrors",
                errors: [
                  {
                    __typename: "AlertError",
                    code: "LIMIT_REACHED",
                    field: "email",
                    message: "This address has too many job alerts.",
                  },
                ],
              },
            },
          },
        },
      ],
      false,
    );
    await user.click(screen.getByRole("button", { name: "Create a job alert" }));
    const form = await screen.findByRole("form", { name: "Create a job alert" });
    await user.type(within(form).getByRole("textbox", { name: /Your email address/ }), "ada@example.com");
    await user.click(within(form).getByRole("button", { name: "Save the alert" }));
    await waitFor(() => expect(within(form).getByRole("alert")).toHaveTextContent("This address has too many job alerts."));
    expect(analytics.track).not.toHaveBeenCalledWith("job_alert_signup", expect.anything());
  });

  it("saves the page's search to the alert whose search its owner chose to edit", async () => {
    const user = userEvent.setup();
    const sent: { id: string; search: SentInput["search"] }[] = [];
    startEditingAlert({ id: "a9", name: "Python in Berlin" });
    render(
      [
        {
          request: {
            query: SAVE_ALERT_SEARCH,
            variables: (variables: Record<string, unknown>) => {
              sent.push(variables.input as { id: string; search: SentInput["search"] });
              return true;
            },
          },
          result: {
            data: {
              updateJobAlert: { __typename: "JobAlertSaved", alert: { __typename: "JobAlert", id: "a9", name: "Python in Berlin" } },
            },
          },
        },
      ],
      true,
    );
    const section = await screen.findByRole("region", { name: "Change the search of “Python in Berlin”" });
    expect(within(section).queryByRole("button", { name: "Create a job alert" })).not.toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Save this search to the alert" }));
    expect(await screen.findByText("“Python in Berlin” now uses this search.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to your job alerts" })).toHaveAttribute("href", "/user/account#job-alerts");
    const [input] = sent;
    if (!input) throw new Error("nothing was sent");
    expect(input.id).toBe("a9");
    expect(input.search.fulltext).toEqual({ keys: "python" });
    expect(input.search.geoLocation).toMatchObject({ label: "Berlin", radius: 50 });
    expect(input.search.sorts).toEqual([]);
    expect(editedAlert()).toBeNull();
  });

  it("offers a new alert again when the owner stops editing, and always to visitors", async () => {
    const user = userEvent.setup();
    startEditingAlert({ id: "a9", name: "Python in Berlin" });
    const visitor = render([], false);
    expect(await screen.findByRole("button", { name: "Create a job alert" })).toBeInTheDocument();
    visitor.unmount();

    render([], true);
    await user.click(await screen.findByRole("button", { name: "Stop editing" }));
    expect(await screen.findByRole("button", { name: "Create a job alert" })).toBeInTheDocument();
    expect(editedAlert()).toBeNull();
    stopEditingAlert();
  });
});
