import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { DASHBOARD_FIGURES, DASHBOARD_USER, DashboardPage } from "./DashboardPage";

function renderDashboard(mocks: MockLink.MockedResponse[]) {
  const Page = () => (
    <DashboardPage
      organizationActivity={(organizationId) => <p>activity of {organizationId}</p>}
      recommendations={(jobId) => <p>jobs like {jobId ?? "nothing"}</p>}
    />
  );
  const Stub = createRoutesStub([{ path: "/dashboard", Component: Page }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/dashboard"]} />
    </MockedProvider>,
  );
}

function userAnswer(roles: string[], organization: { id: string; name: string } | null) {
  return {
    request: { query: DASHBOARD_USER },
    result: {
      data: {
        currentUser: {
          __typename: "User",
          id: "u1",
          displayName: "Rita Recruiter",
          roles: roles.map((targetId) => ({ __typename: "Role", targetId })),
          activeOrganization: organization ? { __typename: "Organization", ...organization } : null,
        },
      },
    },
  };
}

const page = (total: number) => ({ __typename: "JobPage", total });

describe("DashboardPage", () => {
  it("shows a recruiter their organization's figures, each linking to where it is worked on", async () => {
    renderDashboard([
      userAnswer(["recruiter"], { id: "org-1", name: "Green Harbor Foundation" }),
      {
        request: {
          query: DASHBOARD_FIGURES,
          variables: { organizationId: "org-1", organization: true, applicant: false, admin: false },
        },
        result: {
          data: {
            openJobs: page(12),
            drafts: page(2),
            newApplications: { __typename: "ApplicationPage", total: 7 },
            latestApplications: {
              __typename: "ApplicationPage",
              applications: [
                {
                  __typename: "Application",
                  id: "ap1",
                  firstName: "Amara",
                  lastName: "Okafor",
                  anonymized: false,
                  status: "SHORTLISTED",
                  createdAt: "2026-11-26T09:00:00Z",
                  job: { __typename: "Job", id: "j1", title: "Field Nurse" },
                },
                {
                  __typename: "Application",
                  id: "ap2",
                  firstName: "",
                  lastName: "",
                  anonymized: true,
                  status: "NEW",
                  createdAt: "2026-11-25T09:00:00Z",
                  job: null,
                },
              ],
            },
            organizationStats: {
              __typename: "OrganizationStats",
              visits: 1234,
              profileVisits: 56,
              applyCompletions: 9,
            },
          },
        },
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(await screen.findByText("Hello Rita Recruiter, here is where things stand.")).toBeInTheDocument();
    const section = screen.getByRole("region", { name: "Green Harbor Foundation" });
    await within(section).findByText("1,234"); // the figures' numbers came, not just their labels
    const figure = async (label: string) =>
      (await within(section).findByText(label)).closest("a") as HTMLAnchorElement;
    expect(await figure("Open jobs")).toHaveTextContent("12");
    expect(await figure("Open jobs")).toHaveAttribute("href", "/job-manager");
    expect(await figure("New applications")).toHaveTextContent("7");
    expect(await figure("New applications")).toHaveAttribute("href", "/recruiter/applications");
    expect(await figure("Job visits, 30 days")).toHaveTextContent("1,234");
    const latest = within(section).getByRole("region", { name: "Latest applications" });
    const items = within(latest).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Amara Okafor");
    expect(items[0]).toHaveTextContent("for Field Nurse");
    expect(within(items[0] as HTMLElement).getByText("Shortlisted")).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("An applicant whose details were erased");
    expect(items[1]).toHaveTextContent("A job that is no longer online");
    expect(within(latest).getByRole("link", { name: "All applications" })).toHaveAttribute(
      "href",
      "/recruiter/applications",
    );
    expect(within(section).getByText("activity of org-1")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Post a job" })).toHaveAttribute("href", "/job/wizard");
    expect(screen.queryByRole("region", { name: "Your job search" })).toBeNull();
  });

  it("asks a recruiter without an organization to create one", async () => {
    renderDashboard([userAnswer(["recruiter"], null)]);
    expect(
      await screen.findByText("You do not work for an organization yet. Create its profile to post jobs."),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Create an organization" })[0]).toHaveAttribute(
      "href",
      "/dashboard/organization",
    );
  });

  it("shows a job seeker their applications in progress, latest first, and their bookmarks", async () => {
    const application = (id: string, status: string, title: string | null) => ({
      __typename: "MyApplication",
      id,
      status,
      createdAt: "2026-11-20T10:00:00Z",
      job: title ? { __typename: "Job", id: `job-${id}`, slug: `job-${id}`, title } : null,
    });
    renderDashboard([
      userAnswer(["applicant"], null),
      {
        request: {
          query: DASHBOARD_FIGURES,
          variables: { organizationId: "", organization: false, applicant: true, admin: false },
        },
        result: {
          data: {
            myApplications: [
              application("a1", "SHORTLISTED", "Field Nurse"),
              application("a2", "REJECTED", "Case Manager"),
              application("a3", "NEW", null),
            ],
            myBookmarks: { ...page(4), jobs: [{ __typename: "Job", id: "bookmarked-1" }] },
            myJobAlerts: [
              { __typename: "JobAlert", id: "al1", paused: false },
              { __typename: "JobAlert", id: "al2", paused: true },
            ],
            myResume: {
              __typename: "Resume",
              id: "r1",
              completeness: { __typename: "ResumeCompleteness", percent: 78, complete: false },
            },
          },
        },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Your job search" });
    // The figures' labels show while their numbers load: the list's first row means they came.
    const nurse = await within(section).findByRole("link", { name: "Field Nurse" });
    const figure = async (label: string) =>
      (await within(section).findByText(label)).closest("a") as HTMLAnchorElement;
    expect(await figure("Applications")).toHaveTextContent("3");
    expect(await figure("In progress")).toHaveTextContent("2");
    expect(await figure("Bookmarked jobs")).toHaveTextContent("4");
    expect(await figure("Job alerts")).toHaveTextContent("2");
    expect(await figure("Job alerts")).toHaveAttribute("href", "/user/account#job-alerts");
    expect(await figure("Resume complete")).toHaveTextContent("78%");
    expect(await figure("Resume complete")).toHaveAttribute("href", "/resume");
    // recommendations follow the latest application that still has its job
    expect(within(section).getByText("jobs like job-a1")).toBeInTheDocument();
    expect(nurse).toHaveAttribute("href", "/job/job-a1");
    expect(within(section).getByText("Shortlisted")).toBeInTheDocument();
    expect(within(section).getByText("A job that is no longer online")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Post a job" })).toBeNull();
  });

  it("asks a job seeker without a resume to build one and recommends from their bookmarks", async () => {
    renderDashboard([
      userAnswer(["applicant"], null),
      {
        request: {
          query: DASHBOARD_FIGURES,
          variables: { organizationId: "", organization: false, applicant: true, admin: false },
        },
        result: {
          data: {
            myApplications: [],
            myBookmarks: { ...page(1), jobs: [{ __typename: "Job", id: "bookmarked-1" }] },
            myJobAlerts: [],
            myResume: null,
          },
        },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Your job search" });
    expect(await within(section).findByText("jobs like bookmarked-1")).toBeInTheDocument();
    const resume = (await within(section).findByText("Resume complete")).closest("a");
    expect(resume).toHaveTextContent("None yet");
    expect(resume).toHaveAttribute("href", "/resume/wizard");
  });

  it("shows an administrator the review queue, the open reports and the site's sign-ups and new organizations", async () => {
    const days = (counts: number[], typename: string) =>
      counts.map((count, n) => ({ __typename: typename, day: `2026-11-${String(25 + n)}`, count }));
    renderDashboard([
      userAnswer(["administrator"], null),
      {
        request: {
          query: DASHBOARD_FIGURES,
          variables: { organizationId: "", organization: false, applicant: false, admin: true },
        },
        result: {
          data: {
            jobsToReview: page(3),
            openJobReports: { __typename: "OpenJobReports", reports: 4, jobs: 2 },
            signUpsPerDay: days([2, 0, 5], "SignUpDay"),
            organizationsCreatedPerDay: days([1, 1, 0], "NewOrganizationsDay"),
          },
        },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Administration" });
    // the figures' labels show while their numbers load: the chart means the numbers came
    await within(section).findByTestId("growth-chart");
    const figure = async (label: string) => (await within(section).findByText(label)).parentElement as HTMLElement;
    expect(await figure("Sign-ups, 30 days")).toHaveTextContent("7");
    expect(await figure("New organizations, 30 days")).toHaveTextContent("2");
    expect((await figure("Jobs to review")).closest("a")).toHaveAttribute("href", "/admin/jobs-review");
    const reports = await figure("Open reports");
    expect(reports).toHaveTextContent("4");
    expect(reports).toHaveTextContent("on 2 jobs");
    expect(reports.closest("a")).toHaveAttribute("href", "/admin/jobs-review");
    expect(within(section).getByRole("region", { name: "Sign-ups and new organizations" })).toBeInTheDocument();
    expect(within(section).getByTestId("growth-chart")).toBeInTheDocument();
  });
});
