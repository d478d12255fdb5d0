import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Page } from "@playwright/test";
import { deleteInJobManager, graph } from "../fixtures/jobs";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed and the local jobs service's env (JOBS_FEEDS_ALLOW_PRIVATE_TARGETS:
// the feed this journey serves is on 127.0.0.1). Omar (recruiter@openmeadow.example) is a
// recruiter of Open Meadow, whose seeded JSON feed (scripts/seed.py, scripts/demo/feeds) the
// jobs service imports as soon as it runs.
//
// The journey leaves nothing behind: the feed it adds is deleted on the page, and the job that
// feed created is archived, then deleted for good, in the job manager. When a step failed before,
// both happen at the end through GraphQL instead.

const ORGANIZATION = "Open Meadow Health Alliance";
const SEEDED_FEED = "Careers site (JobPosting JSON)";

/** One valid schema.org JobPosting, shaped as the demo feed's first job. */
function jobPosting(title: string, reference: string) {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    identifier: { "@type": "PropertyValue", name: "e2e", value: reference },
    title,
    description:
      "<p>Plan the routes of our mobile clinic and keep its supplies stocked.</p><ul><li>Weekly schedules</li><li>Stock counts</li></ul>",
    datePosted: "2026-11-20",
    employmentType: "FULL_TIME",
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Denver",
        addressRegion: "CO",
        postalCode: "80202",
        addressCountry: "US",
      },
    },
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: 50000, maxValue: 58000, unitText: "YEAR" },
    },
  };
}

/** Serves `body` as JSON at /feed.json on 127.0.0.1 (a free port); the jobs service fetches it. */
async function serveFeed(body: unknown): Promise<{ url: string; server: Server }> {
  const json = JSON.stringify(body);
  const server = createServer((request, response) => {
    if (request.url !== "/feed.json") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/ld+json; charset=utf-8" }).end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/feed.json`, server };
}

/** Deletes the organization's feeds named `name` and its jobs titled `title` (the cleanup after a failed step). */
async function cleanUp(page: Page, profileId: string, name: string, title: string) {
  const profile = await graph<{ data?: { organizationProfile?: { organization?: { id: string } } } }>(
    page,
    "query($id: ID!) { organizationProfile(id: $id) { organization { id } } }",
    { id: profileId },
  );
  const organizationId = profile.data?.organizationProfile?.organization?.id;
  if (!organizationId) throw new Error("the cleanup found no organization");
  const feeds = await graph<{ data?: { feedSources?: { id: string; name: string }[] } }>(
    page,
    "query($o: ID!) { feedSources(organizationId: $o) { id name } }",
    { o: organizationId },
  );
  const answers: string[] = [];
  for (const feed of (feeds.data?.feedSources ?? []).filter((source) => source.name === name)) {
    const deleted = await graph<{ data?: { deleteFeedSource?: { __typename: string } } }>(
      page,
      "mutation($id: ID!) { deleteFeedSource(id: $id) { __typename } }",
      { id: feed.id },
    );
    answers.push(deleted.data?.deleteFeedSource?.__typename ?? "no answer");
  }
  const jobs = await graph<{ data?: { organizationJobs?: { jobs: { id: string; title: string; state: string }[] } } }>(
    page,
    "query($o: ID!) { organizationJobs(organizationId: $o, limit: 100) { jobs { id title state } } }",
    { o: organizationId },
  );
  for (const job of (jobs.data?.organizationJobs?.jobs ?? []).filter((job) => job.title === title)) {
    if (!["ARCHIVED", "EXPIRED"].includes(job.state)) {
      const archived = await graph<{ data?: { archiveJob?: { __typename: string } } }>(
        page,
        "mutation($id: ID!) { archiveJob(id: $id) { __typename } }",
        { id: job.id },
      );
      answers.push(archived.data?.archiveJob?.__typename ?? "no answer");
    }
    const deleted = await graph<{ data?: { deleteJob?: { __typename: string } } }>(
      page,
      "mutation($id: ID!) { deleteJob(id: $id) { __typename } }",
      { id: job.id },
    );
    answers.push(deleted.data?.deleteJob?.__typename ?? "no answer");
  }
  expect(
    answers.every((answer) => ["FeedSourceDeleted", "JobSaved", "JobDeleted"].includes(answer)),
    `the journey's feed and job deleted: ${answers.join(", ")}`,
  ).toBe(true);
}

/** What the journey made and has not cleaned up on the page yet (a hook, not a finally: it runs on a timeout too, page still open). */
let leftover: { profileId: string; name: string; title: string } | null = null;
let feedServer: Server | null = null;

test.afterEach(async ({ page }) => {
  feedServer?.close();
  feedServer = null;
  if (leftover?.profileId) await cleanUp(page, leftover.profileId, leftover.name, leftover.title);
  leftover = null;
});

test("a recruiter sees the seeded feed's last run, runs it now, adds a feed of their own, runs it and deletes it", async ({
  page,
}) => {
  test.setTimeout(180_000); // two imports, a job's creation through the wizard's checks, an archive
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const name = `e2e feed ${stamp}`;
  const title = `Mobile Clinic Route Planner ${stamp}`;
  const { url, server } = await serveFeed([jobPosting(title, `E2E-FEED-${stamp}`)]);
  feedServer = server;

  await new LoginPage(page).logIn("recruiter@openmeadow.example", "/dashboard/organization");
  await page.getByRole("listitem", { name: ORGANIZATION }).getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${ORGANIZATION}` })).toBeVisible();
  await page.getByRole("link", { name: "Job feeds", exact: true }).click();
  await page.waitForURL(/\/dashboard\/organization\/[^/]+\/feeds$/);
  leftover = { profileId: new URL(page.url()).pathname.split("/")[3] ?? "", name, title };
  await expect(page.getByRole("heading", { level: 1, name: `Job feeds of ${ORGANIZATION}` })).toBeVisible();

  // The seeded feed, imported once the jobs service ran: its last run with what it did
  const seeded = page.getByRole("article", { name: SEEDED_FEED });
  await expect(seeded).toContainText("JSON");
  await expect(seeded).toContainText("Every 60 minutes");
  await expect(seeded).toContainText("/feeds/demo/open-meadow.json");
  const lastRun = seeded.getByRole("list", { name: "What the run did" });
  await expect(lastRun).toContainText("3 jobs in the feed");
  await expect(lastRun).toContainText("1 rejected");

  // Run now: the report, with the job the feed has that the board refuses and why
  await seeded.getByRole("button", { name: `Run ${SEEDED_FEED} now` }).click();
  const report = seeded.getByRole("status");
  await expect(report).toContainText(`${SEEDED_FEED} was imported`, { timeout: 60_000 });
  await expect(report).toContainText("Run by hand");
  await expect(report).toContainText("3 jobs in the feed");
  await expect(report).toContainText("1 rejected");
  const refused = report.getByRole("article").filter({ hasText: "Health Outreach Volunteer Coordinator" });
  await expect(refused).toContainText("Reference OMHA-FEED-103");
  await expect(refused).toContainText("Rejected");
  await expect(refused.getByRole("listitem").first()).not.toBeEmpty();
  await expect(seeded).toContainText("(Run by hand)");

  // A feed of our own, paused (the schedule would import it at once, beside our run)
  const form = page.getByRole("region", { name: "Add a feed" });
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Feed address" }).fill(url);
  await form.getByRole("combobox", { name: "Format" }).selectOption("JSON");
  await form.getByRole("textbox", { name: "Import every (minutes)" }).fill("15");
  const schedule = form.getByRole("switch", { name: "Import on schedule" });
  await expect(schedule).toBeChecked();
  await schedule.uncheck();
  await expect(schedule).not.toBeChecked();
  await form.getByRole("button", { name: "Add feed" }).click();
  await expect(form.getByRole("status")).toContainText(`${name} was added, paused.`);

  const ours = page.getByRole("article", { name });
  await expect(ours).toContainText(url);
  await expect(ours).toContainText("Paused");
  await expect(ours).toContainText("Every 15 minutes");
  await expect(ours).toContainText("Not imported yet");

  await ours.getByRole("button", { name: `Run ${name} now` }).click();
  const ran = ours.getByRole("status");
  await expect(ran).toContainText(`${name} was imported`, { timeout: 60_000 });
  await expect(ran).toContainText("1 job in the feed");
  await expect(ran).toContainText("1 created");
  await expect(ran).toContainText("0 rejected");

  // The history has the run too
  await ours.getByRole("button", { name: "Run history" }).click();
  const history = ours.getByRole("region", { name: `Run history of ${name}` });
  await expect(history.getByRole("button", { name: /Succeeded/ })).toHaveCount(1);

  // Deleting asks first and says the job stays
  await ours.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog).toContainText("The jobs it imported stay on the board as they are");
  await dialog.getByRole("button", { name: "Delete the feed" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article", { name })).toHaveCount(0);

  // The job it created stayed: the recruiter archives it in the job manager, then deletes it
  await page.goto("/job-manager");
  await expect(page.getByRole("heading", { name: "Job manager", level: 1 })).toBeVisible();
  // Omar posts for two organizations: the job manager lists one at a time
  await page.getByRole("textbox", { name: "Organization" }).click();
  await page.getByRole("option", { name: ORGANIZATION, exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `More actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  const archive = page.getByRole("dialog", { name: "Archive this job?" });
  await archive.getByRole("button", { name: "Archive" }).click();
  await expect(archive).toBeHidden();
  await expect(row.getByText("Archived")).toBeVisible();
  await deleteInJobManager(page, title);
  leftover = null;
});
