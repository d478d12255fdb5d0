import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ARCHIVE_JOB, DELETE_JOB, JOB_POSTER_CONTEXT, JOB_STATS, ORGANIZATION_JOBS, RENAME_JOB } from "./documents";
import { draftJob, publishedJob, withTypenames } from "./job-fixture";
import { jobActions, JOB_MANAGER_PAGE_SIZE, JobManagerPage } from "./JobManagerPage";

function nth<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const poster: MockLink.MockedResponse = {
  request: { query: JOB_POSTER_CONTEXT },
  result: {
    data: {
      currentUser: { __typename: "User", id: "u1", activeOrganization: { __typename: "Organization", id: "org-1", name: "Acme Foundation" } },
      updatableOrganizationProfiles: [],
    },
  },
};

const managed = (job: typeof publishedJob, extra: Record<string, unknown> = {}) => ({
  __typename: "Job",
  id: job.id,
  slug: job.slug,
  title: job.title,
  type: job.type,
  state: job.state,
  isExternal: job.isExternal,
  canEdit: true,
  organizationName: job.organizationName,
  url: { __typename: "Url", path: job.url.path },
  createdAt: job.createdAt,
  publishedAt: job.publishedAt,
  expiresAt: job.expiresAt,
  viewsCount: 12,
  applicationsCount: 3,
  refusal: null,
  ...extra,
});

function listMock(jobs: unknown[]): MockLink.MockedResponse {
  return {
    request: { query: ORGANIZATION_JOBS, variables: { organizationId: "org-1", states: null, limit: JOB_MANAGER_PAGE_SIZE, offset: 0 } },
    result: { data: { organizationJobs: { __typename: "JobPage", total: jobs.length, jobs } } },
    maxUsageCount: 5,
  };
}

const stats: MockLink.MockedResponse = {
  request: { query: JOB_STATS, variables: { jobIds: [publishedJob.id, draftJob.id] } },
  result: {
    data: {
      jobStats: [
        { __typename: "JobStats", jobId: publishedJob.id, visits: 12, applyStarts: 5, applyCompletions: 3, bookmarks: 2, shares: 1 },
      ],
    },
  },
  maxUsageCount: 5,
};

function render(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/job-manager", Component: JobManagerPage }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/job-manager"]} />
    </MockedProvider>,
  );
}

describe("jobActions", () => {
  it("offers what each state allows", () => {
    expect(jobActions({ state: "PUBLISHED", isExternal: false, canEdit: true, applicationsCount: 0 })).toEqual({
      edit: true,
      rename: true,
      duplicate: true,
      archive: true,
      republish: false,
      delete: false,
    });
    expect(jobActions({ state: "EXPIRED", isExternal: false, canEdit: true, applicationsCount: 0 })).toEqual({
      edit: false,
      rename: false,
      duplicate: true,
      archive: false,
      republish: true,
      delete: true,
    });
    expect(jobActions({ state: "ARCHIVED", isExternal: false, canEdit: true, applicationsCount: 0 }).republish).toBe(true);
    expect(jobActions({ state: "PUBLISHED", isExternal: true, canEdit: true, applicationsCount: 0 }).edit).toBe(false);
    // deleted for good: a draft, or a job that ended, that nobody applied to
    expect(jobActions({ state: "DRAFT", isExternal: false, canEdit: true, applicationsCount: 0 }).delete).toBe(true);
    expect(jobActions({ state: "ARCHIVED", isExternal: false, canEdit: true, applicationsCount: 2 }).delete).toBe(false);
    expect(jobActions({ state: "AWAITING_SLOT", isExternal: false, canEdit: true, applicationsCount: 0 }).delete).toBe(false);
    expect(jobActions({ state: "ARCHIVED", isExternal: false, canEdit: false, applicationsCount: 0 }).delete).toBe(false);
  });
});

describe("JobManagerPage", () => {
  it("lists the active organization's jobs with state, dates and counts", async () => {
    render([poster, listMock([managed(publishedJob), managed(draftJob)]), stats]);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(nth(rows, 1)).getByRole("link", { name: publishedJob.title })).toHaveAttribute("href", "/job/gardener-berlin");
    expect(within(nth(rows, 1)).getByRole("link", { name: `3 applications to ${publishedJob.title}` })).toHaveAttribute(
      "href",
      `/recruiter/applications?job=${publishedJob.id}`,
    );
    expect(within(nth(rows, 1)).getByText("Published")).toBeInTheDocument();
    expect(within(nth(rows, 1)).getByText("Nov 20, 2026")).toBeInTheDocument();
    await waitFor(() => expect(within(nth(rows, 1)).getByTestId("views")).toHaveTextContent("12"));
    expect(within(nth(rows, 1)).getByTestId("apply-starts")).toHaveTextContent("5");
    expect(within(nth(rows, 1)).getByTestId("bookmarks")).toHaveTextContent("2");
    expect(within(nth(rows, 1)).getByTestId("shares")).toHaveTextContent("1");
    // analytics knows nothing of the draft yet
    expect(within(nth(rows, 2)).getByTestId("views")).toHaveTextContent("—");
    expect(within(nth(rows, 2)).getByText("Draft")).toBeInTheDocument();
    expect(within(nth(rows, 2)).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/job/wizard?job=job-2");
    expect(screen.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/job/wizard");
  });

  it("archives only after confirming", async () => {
    const archived: MockLink.MockedResponse = {
      request: { query: ARCHIVE_JOB, variables: { id: "job-1" } },
      result: { data: { archiveJob: { __typename: "JobSaved", job: { ...withTypenames({ ...publishedJob, state: "ARCHIVED" }), viewsCount: 12, applicationsCount: 3 } } } },
    };
    render([poster, listMock([managed(publishedJob)]), archived]);
    await screen.findByRole("table");
    await userEvent.click(screen.getByRole("button", { name: `More actions for ${publishedJob.title}` }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Archive" }));
    const dialog = await screen.findByRole("dialog", { name: "Archive this job?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("deletes an archived job nobody applied to after confirming, and the row goes", async () => {
    const archivedJob = managed(publishedJob, { state: "ARCHIVED", applicationsCount: 0 });
    const request = { query: ORGANIZATION_JOBS, variables: { organizationId: "org-1", states: null, limit: JOB_MANAGER_PAGE_SIZE, offset: 0 } };
    const before: MockLink.MockedResponse = { request, result: { data: { organizationJobs: { __typename: "JobPage", total: 1, jobs: [archivedJob] } } } };
    const after: MockLink.MockedResponse = { request, result: { data: { organizationJobs: { __typename: "JobPage", total: 0, jobs: [] } } } };
    const deleted: MockLink.MockedResponse = {
      request: { query: DELETE_JOB, variables: { id: "job-1" } },
      result: { data: { deleteJob: { __typename: "JobDeleted", id: "job-1" } } },
    };
    render([poster, before, deleted, after]);
    await screen.findByRole("table");
    await userEvent.click(screen.getByRole("button", { name: `More actions for ${publishedJob.title}` }));
    expect(screen.queryByRole("menuitem", { name: "Archive" })).toBeNull();
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this job for good?" });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: publishedJob.title })).toBeNull());
  });

  it("shows why a deletion was refused", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: DELETE_JOB, variables: { id: "job-1" } },
      result: {
        data: {
          deleteJob: {
            __typename: "JobErrors",
            message: "1 error",
            errors: [{ __typename: "JobError", field: null, code: "HAS_APPLICATIONS", message: "This job has applications, so it cannot be deleted." }],
          },
        },
      },
    };
    render([poster, listMock([managed(publishedJob, { state: "EXPIRED", applicationsCount: 0 })]), refused]);
    await screen.findByRole("table");
    await userEvent.click(screen.getByRole("button", { name: `More actions for ${publishedJob.title}` }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this job for good?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This job has applications, so it cannot be deleted.")).toBeInTheDocument();
  });

  it("renames a job from its menu and shows the server's title error in the dialog", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: RENAME_JOB, variables: { id: "job-1", title: "x".repeat(3) } },
      result: {
        data: {
          renameJob: {
            __typename: "JobErrors",
            message: "Check the title.",
            errors: [{ __typename: "JobError", field: "title", code: "INVALID", message: "Pick a clearer title." }],
          },
        },
      },
    };
    const renamed: MockLink.MockedResponse = {
      request: { query: RENAME_JOB, variables: { id: "job-1", title: "Head Gardener" } },
      result: {
        data: {
          renameJob: {
            __typename: "JobSaved",
            job: { ...withTypenames({ ...publishedJob, title: "Head Gardener" }), viewsCount: 12, applicationsCount: 3 },
          },
        },
      },
    };
    render([poster, listMock([managed(publishedJob)]), refused, renamed]);
    await screen.findByRole("table");
    await userEvent.click(screen.getByRole("button", { name: `More actions for ${publishedJob.title}` }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename this job" });
    const field = within(dialog).getByRole("textbox", { name: /Job title/ });
    expect(field).toHaveValue(publishedJob.title);
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await within(dialog).findByText("Enter the job title.")).toBeInTheDocument();
    await userEvent.type(field, "xxx");
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await within(dialog).findByText("Pick a clearer title.")).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, "Head Gardener");
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("explains the next step when there are no jobs", async () => {
    render([poster, listMock([])]);
    expect(await screen.findByText("Your organization has no jobs yet.")).toBeInTheDocument();
  });
});
