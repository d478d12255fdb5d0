import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import type { JobView } from "./documents";
import { draftJob, publishedJob } from "./job-fixture";
import { UNPUBLISHED_FADE_HEIGHT } from "./job-format";
import { GoneJobPage, JobPage } from "./JobPage";

function nth<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function render(job: JobView) {
  const Stub = createRoutesStub([
    {
      path: "/job/:slug",
      Component: () => <JobPage job={job} origin="https://jobs.example" />,
    },
  ]);
  const view = renderWithMantine(<Stub initialEntries={[job.url.path]} />);
  return {
    ...view,
    rerenderPage: () => view.rerender(<Stub initialEntries={[job.url.path]} />),
  };
}

function events(name: string) {
  return (window.dataLayer ?? []).filter((entry) => entry.event === name);
}

describe("JobPage", () => {
  beforeEach(() => {
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.dataLayer;
  });

  it("renders the API's JSON-LD in a script element with < escaped", () => {
    const { container } = render(publishedJob);
    const scripts = container.querySelectorAll(
      'script[type="application/ld+json"]',
    );
    expect(scripts).toHaveLength(1);
    const text = nth(scripts, 0).innerHTML;
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toMatchObject({
      "@type": "JobPosting",
      title: publishedJob.title,
    });
  });

  it("shows the facts, the organization teaser with a 50 px logo and the salary", () => {
    render(publishedJob);
    expect(
      screen.getByRole("heading", { level: 1, name: publishedJob.title }),
    ).toBeInTheDocument();
    const facts = screen.getByLabelText("Key facts");
    expect(within(facts).getByText("Berlin, DE")).toBeInTheDocument();
    expect(
      within(facts).getByText("€40,000 – €55,000 per year"),
    ).toBeInTheDocument();
    expect(within(facts).getByText("Full time")).toBeInTheDocument();
    expect(within(facts).getByText("Hybrid")).toBeInTheDocument();
    const employer = screen.getByRole("region", { name: "The employer" });
    expect(
      within(employer).getByRole("link", { name: "Acme Foundation" }),
    ).toHaveAttribute("href", "/organization/acme");
    expect(screen.getByTestId("job-description").innerHTML).toBe(
      "<p>Grow things.</p>",
    );
  });

  it("sends job_visit once, and job_share with the network from real share links", async () => {
    const { rerenderPage } = render(publishedJob);
    rerenderPage();
    expect(events("job_visit")).toEqual([
      { event: "job_visit", value: 1, entity_id: "job-1" },
    ]);
    const share = screen.getByRole("region", { name: "Share this job" });
    const links = within(share).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Facebook",
      "LinkedIn",
      "Email",
      "X (Twitter)",
      "WhatsApp",
    ]);
    expect(links[0]).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent("https://jobs.example/job/gardener-berlin")}`,
    );
    nth(links, 4).addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(nth(links, 4));
    expect(events("job_share")).toEqual([
      { event: "job_share", value: 1, entity_id: "job-1", network: "whatsapp" },
    ]);
  });

  it("offers the original ad for a link job and sends view_original_ad_btn_click", async () => {
    render({
      ...publishedJob,
      type: "JOB_PER_LINK",
      linkUrl: "https://careers.acme.example/42",
      description: null,
    });
    const button = screen.getByRole("link", { name: "View original ad" });
    expect(button).toHaveAttribute("href", "https://careers.acme.example/42");
    expect(screen.getByText("Opens careers.acme.example")).toBeInTheDocument();
    button.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(button);
    expect(events("view_original_ad_btn_click")).toEqual([
      { event: "view_original_ad_btn_click", value: 1, entity_id: "job-1" },
    ]);
  });

  it("shows a PDF job's file inline", () => {
    render({
      ...publishedJob,
      type: "JOB_PER_FILE",
      description: null,
      file: {
        uploadId: "u1",
        url: "/api/uploads/jobs/files/u1/original",
        filename: "ad.pdf",
      },
    });
    expect(screen.getByTestId("job-pdf")).toHaveAttribute(
      "src",
      "/api/uploads/jobs/files/u1/original",
    );
  });

  it("the apply button opens quick apply; how to apply lists what it asks for", () => {
    render(publishedJob);
    expect(screen.getByRole("link", { name: "Apply" })).toHaveAttribute(
      "href",
      `/job/${publishedJob.slug}/apply/basic-info`,
    );
    const apply = screen.getByRole("region", { name: "How to apply" });
    expect(within(apply).getByText("A CV is required.")).toBeInTheDocument();
  });

  it("banners an unpublished job with its state and fades its body at 550 px, without JSON-LD or job_visit", () => {
    const { container } = render({ ...draftJob, jsonLd: "{}" });
    expect(
      screen.getByText("This job is not public: Draft"),
    ).toBeInTheDocument();
    const fade = screen.getByTestId("unpublished-fade");
    expect(UNPUBLISHED_FADE_HEIGHT).toBe(550);
    expect(fade).toHaveStyle({ maxHeight: "550px", overflow: "hidden" });
    expect(
      within(fade).getByRole("heading", { level: 1, name: "Gardener" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit this job" })).toHaveAttribute(
      "href",
      "/job/wizard?job=job-2",
    );
    expect(events("job_visit")).toEqual([]);
    expect(
      container.querySelectorAll('script[type="application/ld+json"]'),
    ).toHaveLength(0);
  });

  it("does not fade a published job", () => {
    render(publishedJob);
    expect(screen.queryByTestId("unpublished-fade")).toBeNull();
  });

  it("carries no JSON-LD when the job is gone", () => {
    const { container } = render({ ...publishedJob, state: "EXPIRED" });
    expect(
      container.querySelectorAll('script[type="application/ld+json"]'),
    ).toHaveLength(0);
  });
});

describe("GoneJobPage", () => {
  it("says the job is no longer available and offers similar jobs", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <GoneJobPage title="Gardener" organizationSlug="acme" />
        ),
      },
    ]);
    renderWithMantine(<Stub initialEntries={["/"]} />);
    expect(
      screen.getByRole("heading", { name: "This job is no longer available" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Search similar jobs" }),
    ).toHaveAttribute("href", "/jobs");
  });
});
