import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import {
  JOB_BY_ID,
  JOB_POSTER_CONTEXT,
  JOB_SHARING_SITES,
  PUBLISH_JOB,
  UPDATE_JOB_INFO,
  type JobView,
} from "../documents";
import { draftJob, publishedJob, withTypenames } from "../job-fixture";
import { JobWizardPage, waitWhileAwaitingSlot } from "./JobWizardPage";
import { grantMeasuring } from "../../../../test/consent";

const poster: MockLink.MockedResponse = {
  request: { query: JOB_POSTER_CONTEXT },
  result: {
    data: {
      currentUser: {
        __typename: "User",
        id: "u1",
        activeOrganization: {
          __typename: "Organization",
          id: "org-1",
          name: "Acme Foundation",
        },
      },
      updatableOrganizationProfiles: [],
    },
  },
  maxUsageCount: 10,
};

// the review step offers the platform's other sites (SharingPanel): none here
const noOtherSites: MockLink.MockedResponse = {
  request: { query: JOB_SHARING_SITES },
  result: { data: { jobSharingSites: [] } },
  maxUsageCount: 10,
};

function jobMock(job: JobView, maxUsageCount = 10): MockLink.MockedResponse {
  return {
    request: { query: JOB_BY_ID, variables: { id: job.id } },
    result: { data: { job: withTypenames(job) } },
    maxUsageCount,
  };
}

const saved = (job: JobView) => ({
  __typename: "JobSaved",
  job: { ...withTypenames(job), viewsCount: 0, applicationsCount: 0 },
});

function render(jobId: string, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    {
      path: "/job/wizard",
      Component: () => (
        <JobWizardPage jobId={jobId} doneId={null} richToolbar={false} />
      ),
    },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={[...mocks, noOtherSites]}>
      <Stub initialEntries={["/job/wizard"]} />
    </MockedProvider>,
  );
}

describe("JobWizardPage", () => {
  beforeEach(() => {
    grantMeasuring();
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.dataLayer;
  });

  it("checks the step in the browser before saving: the title is required", async () => {
    render("job-2", [poster, jobMock(draftJob)]);
    const title = await screen.findByRole("textbox", { name: "Job title" });
    await userEvent.clear(title);
    await userEvent.click(
      screen.getByRole("button", { name: "Save and continue" }),
    );
    expect(await screen.findByText("Enter the job title.")).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(
      screen.getByRole("heading", { name: "The job" }),
    ).toBeInTheDocument();
  });

  it("shows JobErrors under their inputs and the rest in the danger list, keeping what was typed", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: UPDATE_JOB_INFO, variables: () => true },
      maxUsageCount: 5,
      result: {
        data: {
          updateJobInfo: {
            __typename: "JobErrors",
            message: "2 errors",
            errors: [
              {
                __typename: "JobError",
                field: "videoUrl",
                code: "INVALID",
                message: "Only YouTube and Vimeo videos can be shown.",
              },
              {
                __typename: "JobError",
                field: null,
                code: "NOT_EDITABLE",
                message: "The job changed meanwhile.",
              },
            ],
          },
        },
      },
    };
    render("job-2", [poster, jobMock(draftJob), refused]);
    const video = await screen.findByRole("textbox", { name: "Video" });
    await userEvent.click(video);
    await userEvent.paste("https://example.com/v.mp4");
    await userEvent.click(
      screen.getByRole("button", { name: "Save and continue" }),
    );
    expect(
      await screen.findByText("Only YouTube and Vimeo videos can be shown."),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The job changed meanwhile.",
    );
    expect(video).toHaveValue("https://example.com/v.mp4");
    // the save state follows the answer's render: waited for, not assumed
    expect(await screen.findByText("Not saved: see the errors")).toBeInTheDocument();
  }, 15_000);

  it("hides the title when editing a posted job", async () => {
    render("job-1", [poster, jobMock({ ...publishedJob, canEdit: true })]);
    expect(
      await screen.findByRole("textbox", { name: "Video" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Job title" })).toBeNull();
  });

  it("refuses to edit a posted link job", async () => {
    render("job-1", [
      poster,
      jobMock({
        ...publishedJob,
        canEdit: true,
        type: "JOB_PER_LINK",
        isExternal: true,
        linkUrl: "https://acme.example/1",
      }),
    ]);
    expect(
      await screen.findByText("This job cannot be edited"),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Save and continue" }),
    ).toBeNull();
  });
});

describe("JobWizardPage saving and publishing", () => {
  beforeEach(() => {
    grantMeasuring();
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.dataLayer;
  });

  it("sends job_edit when an edit of a posted job is saved, then moves on", async () => {
    const job = { ...publishedJob, canEdit: true };
    const update: MockLink.MockedResponse = {
      request: { query: UPDATE_JOB_INFO, variables: () => true },
      result: {
        data: {
          updateJobInfo: saved({ ...job, videoUrl: "https://youtu.be/abc" }),
        },
      },
      maxUsageCount: 5,
    };
    render("job-1", [poster, jobMock(job), update]);
    const video = await screen.findByRole("textbox", { name: "Video" });
    await userEvent.click(video);
    await userEvent.paste("https://youtu.be/abc");
    await userEvent.click(
      screen.getByRole("button", { name: "Save and continue" }),
    );
    expect(
      await screen.findByRole("heading", { name: "Company", level: 2 }),
    ).toBeInTheDocument();
    expect(
      window.dataLayer?.filter((entry) => entry.event === "job_edit")[0],
    ).toEqual({ event: "job_edit", value: 1, entity_id: "job-1" });
  }, 15_000);

  it("publishes, waits while the job awaits a slot, and shows billing's refusal with where to go", async () => {
    const publish: MockLink.MockedResponse = {
      request: { query: PUBLISH_JOB, variables: { id: "job-2" } },
      result: {
        data: { publishJob: saved({ ...draftJob, state: "AWAITING_SLOT" }) },
      },
    };
    const refused = jobMock(
      {
        ...draftJob,
        refusal: {
          reason: "no_slots_left",
          message: "Your organization has no job slots left.",
          at: "2026-11-23T10:00:00Z",
        },
      },
      5,
    );
    render("job-2", [poster, jobMock(draftJob, 1), publish, refused]);
    await screen.findByRole("textbox", { name: "Job title" });
    await userEvent.click(
      screen.getByRole("button", { name: /Review and publish/ }),
    );
    await userEvent.click(
      await screen.findByRole("button", { name: "Publish the job" }),
    );
    expect(
      await screen.findByText(
        "Your organization's job slots are being checked. This takes a few seconds.",
        { exact: false },
      ),
    ).toBeInTheDocument();
    const alert = await screen.findByText(
      "Your organization has no job slots left.",
      undefined,
      { timeout: 15_000 },
    );
    expect(alert.closest("[role=alert]")).toHaveTextContent(
      "The job was not published",
    );
    expect(screen.getByRole("link", { name: "My products" })).toHaveAttribute(
      "href",
      "/my-products",
    );
    expect(screen.getByRole("link", { name: "contact us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  }, 15_000);
});

describe("waitWhileAwaitingSlot", () => {
  it("polls until billing answers", async () => {
    const states = ["AWAITING_SLOT", "AWAITING_SLOT", "PUBLISHED"] as const;
    const fetchState = vi.fn(
      async () => states[fetchState.mock.calls.length - 1],
    );
    const sleep = vi.fn(async () => undefined);
    await expect(waitWhileAwaitingSlot(fetchState, { sleep })).resolves.toBe(
      "PUBLISHED",
    );
    expect(fetchState).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it("says it is slow after about 20 seconds, keeps checking every 5 seconds, and moves on when billing answers", async () => {
    const answers: string[] = [...Array<string>(25).fill("AWAITING_SLOT"), "DRAFT"];
    const fetchState = vi.fn(async () => answers[fetchState.mock.calls.length - 1] as "AWAITING_SLOT" | "DRAFT");
    const sleep = vi.fn(async (_ms: number) => undefined);
    const onSlow = vi.fn();
    await expect(waitWhileAwaitingSlot(fetchState, { sleep, onSlow })).resolves.toBe("DRAFT");
    expect(fetchState).toHaveBeenCalledTimes(26);
    expect(onSlow).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls.slice(0, 20).every(([ms]) => ms === 1000)).toBe(true);
    expect(sleep.mock.calls.slice(20).every(([ms]) => ms === 5000)).toBe(true);
  });

  it("gives up after about five minutes more, or as soon as the page is left", async () => {
    const fetchState = vi.fn(async () => "AWAITING_SLOT" as const);
    await expect(waitWhileAwaitingSlot(fetchState, { sleep: async () => undefined })).resolves.toBeNull();
    expect(fetchState).toHaveBeenCalledTimes(80);
    const left = vi.fn(async () => "AWAITING_SLOT" as const);
    let open = 3;
    await expect(
      waitWhileAwaitingSlot(left, { sleep: async () => undefined, stopped: () => (open -= 1) < 0 }),
    ).resolves.toBeNull();
    expect(left).toHaveBeenCalledTimes(3);
  });
});
