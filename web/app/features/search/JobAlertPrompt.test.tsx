import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import * as analytics from "~/lib/analytics";
import { CREATE_JOB_ALERT } from "./CreateJobAlert";
import { JOB_ALERT_PROMPT_DAYS, JobAlertPrompt, PROMPT_SHOWN_KEY, promptDue, type PromptJob } from "./JobAlertPrompt";

const gardener: PromptJob = {
  id: "job-1",
  type: "JOB_PER_TEMPLATE",
  organizationId: "org-1",
  occupations: [{ tid: 21, label: "Agriculture" }],
  place: { label: "Berlin", lat: 52.52, lon: 13.4 },
};

vi.mock("~/lib/analytics", async (original) => ({
  ...(await original<typeof analytics>()),
  track: vi.fn(),
}));

const DAY = 24 * 60 * 60 * 1000;

interface SentInput {
  name: string;
  search: {
    conditionGroups: { conditions: { field: string; value: string }[] }[];
    geoLocation: { lat?: number; lon?: number; label?: string } | null;
    fulltext: unknown;
  };
}

function created(sent: SentInput[]): MockLink.MockedResponse {
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
          alert: {
            __typename: "JobAlert",
            id: "a1",
            name: "Agriculture jobs near Berlin",
            frequency: "DAILY",
            confirmed: true,
            email: "ada@example.com",
          },
        },
      },
    },
  };
}

function render(job: PromptJob = gardener, mocks: MockLink.MockedResponse[] = []) {
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <JobAlertPrompt job={job} signedIn captcha={null} />
    </MockedProvider>,
  );
}

const promptCalls = () => vi.mocked(analytics.track).mock.calls.filter(([event]) => event === "job_alert_prompt");

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(analytics.track).mockClear();
});
afterEach(() => window.localStorage.clear());

describe("The job page's job alert prompt", () => {
  it("offers an alert for the job's occupation near its place, counted with the job as entity", async () => {
    const sent: SentInput[] = [];
    const user = userEvent.setup();
    render(gardener, [created(sent)]);
    const prompt = await screen.findByRole("region", { name: "Get jobs like this by email" });
    expect(prompt).toHaveTextContent("new Agriculture jobs near Berlin");
    expect(promptCalls()).toEqual([
      ["job_alert_prompt", expect.objectContaining({ entity_id: "job-1", entity_type: "job", organization_id: "org-1" })],
    ]);

    await user.click(within(prompt).getByRole("button", { name: "Create a job alert" }));
    const form = await screen.findByRole("form", { name: "Create a job alert" });
    // the prompt counted already: opening the form is not a second prompt
    expect(promptCalls()).toHaveLength(1);
    expect(within(form).getByRole("textbox", { name: /Name of the alert/ })).toHaveValue("Agriculture jobs near Berlin");
    await user.click(within(form).getByRole("button", { name: "Save the alert" }));
    expect(await screen.findByText("Your job alert is saved")).toBeInTheDocument();
    const [input] = sent;
    if (!input) throw new Error("nothing was sent");
    expect(input.search.conditionGroups.flatMap((group) => group.conditions)).toEqual([
      expect.objectContaining({ field: "occupations", value: "21" }),
    ]);
    expect(input.search.geoLocation).toMatchObject({ label: "Berlin", lat: 52.52, lon: 13.4 });
    expect(input.search.fulltext).toBeNull();
  });

  it("shows at most once in ten days per browser", async () => {
    const first = render();
    expect(await screen.findByRole("region", { name: "Get jobs like this by email" })).toBeInTheDocument();
    first.unmount();

    render(); // render runs in act(): the effect that decides has run when it returns
    expect(screen.queryByRole("region", { name: "Get jobs like this by email" })).not.toBeInTheDocument();
    expect(promptCalls()).toHaveLength(1);

    const shownAt = Number(window.localStorage.getItem(PROMPT_SHOWN_KEY));
    expect(promptDue(shownAt + (JOB_ALERT_PROMPT_DAYS * DAY - 1), shownAt)).toBe(false);
    expect(promptDue(shownAt + JOB_ALERT_PROMPT_DAYS * DAY, shownAt)).toBe(true);
  });

  it("is shown again once ten days have passed", async () => {
    window.localStorage.setItem(PROMPT_SHOWN_KEY, String(Date.now() - JOB_ALERT_PROMPT_DAYS * DAY - 1000));
    render();
    expect(await screen.findByRole("region", { name: "Get jobs like this by email" })).toBeInTheDocument();
  });

  it("is not offered for a job without an occupational field", async () => {
    render({ ...gardener, occupations: [] });
    expect(screen.queryByRole("region", { name: "Get jobs like this by email" })).not.toBeInTheDocument();
    expect(promptCalls()).toHaveLength(0);
  });
});
