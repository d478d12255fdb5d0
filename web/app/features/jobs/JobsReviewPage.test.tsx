import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ARCHIVE_REPORTED_JOB, JOBS_TO_REVIEW, SET_ORGANIZATION_VERIFIED } from "./documents";
import { publishedJob, withTypenames } from "./job-fixture";
import { JobsReviewPage } from "./JobsReviewPage";

const reportedJob = {
  __typename: "Job",
  id: publishedJob.id,
  slug: publishedJob.slug,
  title: publishedJob.title,
  type: publishedJob.type,
  state: "NEEDS_REVIEW",
  isExternal: false,
  canEdit: true,
  organizationName: publishedJob.organizationName,
  url: { __typename: "Url", path: publishedJob.url.path },
  createdAt: publishedJob.createdAt,
  publishedAt: publishedJob.publishedAt,
  expiresAt: publishedJob.expiresAt,
  viewsCount: 12,
  applicationsCount: 3,
  refusal: null,
  organization: { __typename: "Organization", id: "org-1", verified: false },
  reports: {
    __typename: "JobReports",
    count: 3,
    hidden: true,
    reasons: [
      { __typename: "JobReportReasonCount", reason: "SCAM", count: 2 },
      { __typename: "JobReportReasonCount", reason: "OTHER", count: 1 },
    ],
    reports: [
      { __typename: "JobReport", reason: "SCAM", details: "They ask for a fee to apply.", createdAt: "2026-11-20T10:00:00Z" },
      { __typename: "JobReport", reason: "SCAM", details: null, createdAt: "2026-11-19T10:00:00Z" },
      { __typename: "JobReport", reason: "OTHER", details: null, createdAt: "2026-11-18T10:00:00Z" },
    ],
  },
};

function queue(jobs: unknown[], maxUsageCount = 5): MockLink.MockedResponse {
  return {
    request: { query: JOBS_TO_REVIEW, variables: { limit: 20, offset: 0 } },
    result: { data: { jobsToReview: { __typename: "JobPage", total: jobs.length, jobs } } },
    maxUsageCount,
  };
}

function render(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/admin/jobs-review", Component: JobsReviewPage }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/admin/jobs-review"]} />
    </MockedProvider>,
  );
}

describe("JobsReviewPage", () => {
  it("shows a reported job's reports and archives it with a reason for its recruiter", async () => {
    const user = userEvent.setup();
    const archived = {
      request: { query: ARCHIVE_REPORTED_JOB, variables: { id: publishedJob.id, reason: "A scam." } },
      result: {
        data: {
          archiveReportedJob: {
            __typename: "JobSaved",
            job: { ...withTypenames(publishedJob), state: "ARCHIVED", viewsCount: 12, applicationsCount: 3 },
          },
        },
      },
    };
    render([queue([reportedJob]), archived]);
    const reports = await screen.findByTestId("job-reports");
    expect(within(reports).getByText("3 reports")).toBeInTheDocument();
    expect(within(reports).getByText("Hidden until you decide")).toBeInTheDocument();
    expect(within(reports).getByText("It looks like a scam: 2")).toBeInTheDocument();
    expect(within(reports).getByText(/They ask for a fee to apply\./)).toBeInTheDocument();
    // a hidden job is decided on by its reports, not approved
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Archive" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Archive the job" }));
    expect(within(dialog).getByText("Tell the recruiter why.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "A scam.");
    await user.click(within(dialog).getByRole("button", { name: "Archive the job" }));
    expect(await screen.findByText("3 reports")).toBeInTheDocument();
  });

  it("lets an administrator verify the job's organization", async () => {
    const user = userEvent.setup();
    const verified = {
      request: { query: SET_ORGANIZATION_VERIFIED, variables: { organizationId: "org-1", verified: true } },
      result: {
        data: {
          setOrganizationVerified: {
            __typename: "MembershipChanged",
            organization: { __typename: "Organization", id: "org-1", verified: true },
          },
        },
      },
    };
    const afterwards = { ...reportedJob, organization: { __typename: "Organization", id: "org-1", verified: true } };
    render([queue([reportedJob], 1), verified, queue([afterwards])]);
    await user.click(await screen.findByRole("button", { name: "Verify the organization" }));
    expect(await screen.findByTestId("verified-badge")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove the verification" })).toBeInTheDocument();
  });
});
