import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { ORGANIZATION_STATS } from "./documents";
import { conversion, OrganizationActivity } from "./OrganizationActivity";

function day(iso: string, visits: number) {
  return {
    __typename: "OrganizationStatsDay",
    day: iso,
    visits,
    applyStarts: 0,
    applyCompletions: visits > 0 ? 1 : 0,
    bookmarks: 0,
    shares: 0,
    profileVisits: 0,
  };
}

const JOBS = [
  {
    __typename: "JobStats",
    jobId: "job-1",
    visits: 40,
    applyStarts: 6,
    applyCompletions: 4,
    job: { __typename: "Job", id: "job-1", title: "=Night nurse, ward 3", slug: "night-nurse" },
  },
  {
    __typename: "JobStats",
    jobId: "job-2",
    visits: 0,
    applyStarts: 0,
    applyCompletions: 0,
    job: null,
  },
];

interface Variables {
  days?: number;
  from?: string | null;
  to?: string | null;
  jobId?: string | null;
}

function statsMock(variables: Variables, visits: number[]): MockLink.MockedResponse {
  const days = visits.map((count, n) => day(`2026-11-${String(21 + n).padStart(2, "0")}`, count));
  return {
    request: {
      query: ORGANIZATION_STATS,
      variables: { organizationId: "org-1", days: 30, from: null, to: null, jobId: null, ...variables },
    },
    result: {
      data: {
        organizationStats: {
          __typename: "OrganizationStats",
          organizationId: "org-1",
          visits: visits.reduce((a, b) => a + b, 0),
          applyStarts: 4,
          applyCompletions: visits.filter((v) => v > 0).length,
          bookmarks: 2,
          shares: 1,
          profileVisits: 9,
          firstDay: days[0]?.day ?? "2026-11-21",
          lastDay: days.at(-1)?.day ?? "2026-11-21",
          days,
          jobs: JOBS,
        },
      },
    },
  };
}

function render(mocks: MockLink.MockedResponse[]) {
  return renderWithMantine(
    <MemoryRouter>
      <MockedProvider mocks={mocks}>
        <OrganizationActivity organizationId="org-1" organizationName="Acme Foundation" />
      </MockedProvider>
    </MemoryRouter>,
  );
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("OrganizationActivity", () => {
  it("shows the period's totals, the conversion, a chart over its days and each job's figures", async () => {
    render([statsMock({}, [3, 0, 5])]);
    expect(await screen.findByTestId("total-visits")).toHaveTextContent("8");
    expect(screen.getByTestId("total-applyCompletions")).toHaveTextContent("2");
    expect(screen.getByTestId("total-profileVisits")).toHaveTextContent("9");
    expect(screen.getByTestId("total-conversion")).toHaveTextContent("25%");
    expect(screen.getByRole("heading", { name: "Activity of Acme Foundation" })).toBeInTheDocument();
    expect(screen.getByTestId("activity-chart")).toBeInTheDocument();
    expect(screen.getByTestId("activity-period")).toHaveTextContent("Nov 21 – Nov 23, 2026");
    const rows = within(screen.getByTestId("jobs-table")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("=Night nurse, ward 340410%Over time");
    expect(within(rows[1] as HTMLElement).getByRole("link")).toHaveAttribute("href", "/job/night-nurse");
    // no views, nothing to convert; a job its owner no longer shows keeps its figures
    expect(rows[2]).toHaveTextContent("A job no longer shown00–");
  });

  it("asks for another period when chosen", async () => {
    render([statsMock({}, [1]), statsMock({ days: 7 }, [4, 4])]);
    expect(await screen.findByTestId("total-visits")).toHaveTextContent("1");
    await userEvent.click(screen.getByText("7 days"));
    expect(await screen.findByText("8")).toBeInTheDocument();
  });

  it("asks for chosen dates, and says what is wrong with dates in the wrong order", async () => {
    render([statsMock({}, [1]), statsMock({ from: "2026-10-01", to: "2026-10-03" }, [2, 2, 3])]);
    expect(await screen.findByTestId("total-visits")).toHaveTextContent("1");
    await userEvent.click(screen.getByText("Dates"));
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-10-03" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-10-04" } });
    expect(await screen.findByText("The first day must not be after the last day.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-10-01" } });
    expect(await screen.findByText("7")).toBeInTheDocument();
    expect(screen.queryByText("The first day must not be after the last day.")).not.toBeInTheDocument();
  });

  it("shows one job over time from its row, without profile views", async () => {
    render([statsMock({}, [1]), statsMock({ jobId: "job-1" }, [6, 6])]);
    await screen.findByTestId("jobs-table");
    await userEvent.click(screen.getByRole("button", { name: "Show =Night nurse, ward 3 over time" }));
    expect(await screen.findByText("12")).toBeInTheDocument();
    expect(screen.queryByTestId("total-profileVisits")).not.toBeInTheDocument();
  });

  it("downloads the daily figures and the jobs as CSV, a formula kept as text", async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal("URL", Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return "blob:csv";
      },
      revokeObjectURL: () => undefined,
    }));
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    render([statsMock({}, [3, 0])]);
    await userEvent.click(await screen.findByRole("button", { name: "Daily figures (CSV)" }));
    await userEvent.click(screen.getByRole("button", { name: "Jobs (CSV)" }));
    expect(blobs.map((blob) => blob.type)).toEqual(["text/csv;charset=utf-8", "text/csv;charset=utf-8"]);
    // (a UTF-8 reader drops the byte-order mark the file starts with)
    const [days, jobs] = await Promise.all(blobs.map(readText));
    expect(blobs[0]?.size).toBe(new TextEncoder().encode(`\uFEFF${days}`).length);
    expect(days).toBe(
      "Day,Job views,Apply starts,Applications,Bookmarks,Shares,Profile views\r\n" +
        "2026-11-21,3,0,1,0,0,0\r\n2026-11-22,0,0,0,0,0,0\r\n",
    );
    expect(jobs).toBe(
      "Job,Job views,Apply starts,Applications,Conversion\r\n" +
        "\"'=Night nurse, ward 3\",40,6,4,0.1\r\nA job no longer shown,0,0,0,\r\n",
    );
  });

  it("says so when the activity cannot be loaded", async () => {
    render([
      {
        request: {
          query: ORGANIZATION_STATS,
          variables: { organizationId: "org-1", days: 30, from: null, to: null, jobId: null },
        },
        error: new Error("down"),
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("The activity could not be loaded.");
  });

  it("converts views to applications, with nothing to convert without views", () => {
    expect(conversion(4, 40)).toBe(0.1);
    expect(conversion(0, 0)).toBeNull();
  });
});
