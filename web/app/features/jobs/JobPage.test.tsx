import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { BOOKMARK_JOB, UNBOOKMARK_JOB } from "~/components/BookmarkButton";
import type { JobView, SimilarJobView } from "./documents";
import { draftJob, publishedJob, similarHit } from "./job-fixture";
import { UNPUBLISHED_FADE_HEIGHT } from "./job-format";
import { GoneJobPage, JobPage } from "./JobPage";
import { grantMeasuring } from "../../../test/consent";

function nth<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function render(
  job: JobView,
  bookmark: { bookmarked?: boolean; signedIn?: boolean; appliedNotice?: React.ReactNode } = {},
  mocks: MockLink.MockedResponse[] = [],
  similarJobs: SimilarJobView[] = [],
) {
  const Stub = createRoutesStub([
    {
      path: "/job/:slug",
      Component: () => (
        <JobPage
          job={job}
          origin="https://jobs.example"
          {...bookmark}
          similarJobs={similarJobs}
        />
      ),
    },
    {
      path: "/job-bookmarks-anon",
      Component: () => <p>Save a search instead</p>,
    },
  ]);
  const page = () => (
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[job.url.path]} />
    </MockedProvider>
  );
  const view = renderWithMantine(page());
  return {
    ...view,
    rerenderPage: () => view.rerender(page()),
  };
}

it("shows the route's applied notice beside the apply button of a published job only", () => {
  const { unmount } = render(publishedJob, { signedIn: true, appliedNotice: <p>Applied before</p> });
  expect(screen.getByText("Applied before")).toBeInTheDocument();
  unmount();
  render(draftJob, { signedIn: true, appliedNotice: <p>Applied before</p> });
  expect(screen.queryByText("Applied before")).not.toBeInTheDocument();
});

function events(name: string) {
  return (window.dataLayer ?? []).filter((entry) => entry.event === name);
}

describe("JobPage", () => {
  beforeEach(() => {
    grantMeasuring();
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.dataLayer;
  });

  it("lists similar jobs as teasers linking to their pages", () => {
    render(
      publishedJob,
      {},
      [],
      [
        similarHit("job-2", { title: "Tree Surgeon" }),
        similarHit("job-3", {
          title: "Park Keeper",
          remoteOptions: ["Remote"],
        }),
      ],
    );
    const section = screen.getByRole("region", { name: "Similar jobs" });
    const teasers = within(section).getAllByRole("article");
    expect(teasers).toHaveLength(2);
    expect(
      within(nth(teasers, 0)).getByRole("link", { name: "Tree Surgeon" }),
    ).toHaveAttribute("href", "/job/gardener-job-2");
    expect(within(nth(teasers, 0)).getByText("Berlin, DE")).toBeInTheDocument();
    expect(
      within(nth(teasers, 0)).getByText("€38,000 – €45,000 per year"),
    ).toBeInTheDocument();
    expect(within(nth(teasers, 1)).getByText("Remote")).toBeInTheDocument();
  });

  it("shows no similar jobs section when there are none", () => {
    render(publishedJob);
    expect(
      screen.queryByRole("region", { name: "Similar jobs" }),
    ).not.toBeInTheDocument();
  });

  it("renders the API's JSON-LD in a script element with < escaped", () => {
    const { container } = render(publishedJob);
    const scripts = container.querySelectorAll(
      'script[type="application/ld+json"]',
    );
    // the job posting, then the trail (Jobs › its organization › the job)
    expect(scripts).toHaveLength(2);
    expect(JSON.parse(nth(scripts, 1).innerHTML)).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [{ position: 1, name: "Jobs" }, { position: 2 }, { position: 3, name: publishedJob.title }],
    });
    const text = nth(scripts, 0).innerHTML;
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toMatchObject({
      "@type": "JobPosting",
      title: publishedJob.title,
    });
  });

  it("keeps its headings in order when the description has headings of its own", () => {
    const { container } = render({ ...publishedJob, description: "<h3>What you will do</h3><p>Grow things.</p>" });
    const levels = Array.from(container.querySelectorAll("h1, h2, h3, h4, h5, h6"), (heading) => Number(heading.tagName[1]));
    // the editor's h3 came straight after the title's h1 (Lighthouse: not sequentially descending)
    expect(levels.slice(0, 3)).toEqual([1, 2, 3]);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] as number)).toBeLessThanOrEqual(1);
    });
    expect(screen.getByRole("heading", { level: 2, name: "About the job" })).toBeInTheDocument();
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

  it("sends job_visit once after 5 seconds on the page", () => {
    vi.useFakeTimers();
    try {
      const { rerenderPage } = render(publishedJob);
      rerenderPage();
      act(() => vi.advanceTimersByTime(4_000));
      expect(events("job_visit")).toEqual([]);
      act(() => vi.advanceTimersByTime(1_000));
      rerenderPage();
      act(() => vi.advanceTimersByTime(10_000));
      expect(events("job_visit")).toEqual([
        {
          event: "job_visit",
          value: 1,
          entity_id: "job-1",
          entity_type: "job",
          entity_bundle: publishedJob.type,
          user_role: "anonymous",
          ...(publishedJob.organization
            ? { organization_id: publishedJob.organization.id }
            : {}),
        },
      ]);
      expect(events("heartbeat")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends job_share with the network from real share links", async () => {
    render(publishedJob);
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
          <GoneJobPage
            title="Gardener"
            organizationSlug="acme"
            similarJobs={[similarHit("job-9", { title: "Orchard Hand" })]}
          />
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
    const similar = screen.getByRole("region", { name: "Similar jobs" });
    expect(
      within(similar).getByRole("link", { name: "Orchard Hand" }),
    ).toHaveAttribute("href", "/job/gardener-job-9");
  });
});

describe("JobPage bookmarks", () => {
  beforeEach(() => {
    grantMeasuring();
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.dataLayer;
  });

  it("tells a visitor that a bookmark needs an account, and offers a job alert instead", async () => {
    const user = userEvent.setup();
    render(publishedJob);
    await user.click(screen.getByRole("button", { name: "Bookmark" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this job" });
    expect(dialog).toHaveTextContent("Bookmarks are kept in your account");
    expect(within(dialog).getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/user/login?destination=${encodeURIComponent(publishedJob.url.path)}`,
    );
    expect(within(dialog).getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/user/register");
    await user.click(within(dialog).getByRole("link", { name: "Create a job alert" }));
    expect(await screen.findByText("Save a search instead")).toBeInTheDocument();
  });

  it("lets a signed-in applicant bookmark and unbookmark, tracking job_bookmark", async () => {
    const user = userEvent.setup();
    const saved = (bookmarked: boolean) => ({
      __typename: "JobSaved",
      job: { __typename: "Job", id: publishedJob.id, bookmarked },
    });
    render(publishedJob, { signedIn: true, bookmarked: false }, [
      {
        request: { query: BOOKMARK_JOB, variables: { jobId: publishedJob.id } },
        result: { data: { bookmarkJob: saved(true) } },
      },
      {
        request: {
          query: UNBOOKMARK_JOB,
          variables: { jobId: publishedJob.id },
        },
        result: { data: { unbookmarkJob: saved(false) } },
      },
    ]);
    const button = screen.getByRole("button", { name: "Bookmark" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await user.click(button);
    const on = await screen.findByRole("button", { name: "Bookmarked" });
    expect(on).toHaveAttribute("aria-pressed", "true");
    expect(events("job_bookmark")).toHaveLength(1);
    expect(events("job_bookmark")[0]).toMatchObject({
      entity_id: publishedJob.id,
    });
    await user.click(on);
    expect(
      await screen.findByRole("button", { name: "Bookmark" }),
    ).toHaveAttribute("aria-pressed", "false");
    expect(events("job_bookmark")).toHaveLength(1);
  });

  it("offers no bookmark on a job that is not public", () => {
    render(draftJob, { signedIn: true });
    expect(
      screen.queryByRole("button", { name: /Bookmark/ }),
    ).not.toBeInTheDocument();
  });
});
