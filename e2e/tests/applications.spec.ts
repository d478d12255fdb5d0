import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { eraseAccounts, signUp } from "../fixtures/accounts";
import { graph, openJobWithQuestions } from "../fixtures/jobs";
import { expect, test } from "../fixtures/test";
import { MEASURING } from "../playwright.config";
import { QuickApplyPage } from "../pages/QuickApplyPage";

// These journeys check the events sent to the tag library: the visitor allowed it (C0001, C0002).
test.use({ storageState: MEASURING });

/**
 * Issue 10's journey: a visitor applies through quick apply with a PDF and an answer; the
 * confirmation reaches the local SMTP server; the organization's recruiter sees the application,
 * downloads the PDF and shortlists it; the applicant, signed in, sees the status (in My
 * applications, on the job page and on quick apply's first step); a recruiter of
 * another organization gets nothing (page and graph). Needs the full stack with the demo data.
 */

const MAIL_API = process.env.E2E_MAIL_API ?? "http://127.0.0.1:8025";
const DEMO_PASSWORD = "demo-password-2026";
const RECRUITER = "recruiter@greenharbor.example";
const OTHER_RECRUITER = "recruiter@openmeadow.example";

// A one-page PDF (written by pypdf; what the upload checks accept).
const PDF = Buffer.from(readFileSync(new URL("../fixtures/cv.pdf.b64", import.meta.url), "utf8"), "base64");

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${MAIL_API}/api/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

async function logIn(page: Page, email: string, password = DEMO_PASSWORD, destination = "/") {
  await page.goto(`/user/login?destination=${encodeURIComponent(destination)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === destination);
}

test("a visitor applies, the recruiter shortlists, the applicant follows, others see nothing", async ({
  browser,
}) => {
  test.setTimeout(240_000); // four people, three contexts, a mail and a sign-up, on a busy machine
  const recruiterContext = await browser.newContext();
  const recruiter = await recruiterContext.newPage();
  await logIn(recruiter, RECRUITER);
  const job = await openJobWithQuestions(recruiter);

  // the visitor: five pages, back and forward keep the input
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const apply = new QuickApplyPage(visitor);
  const email = `e2e.apply.${Date.now()}@example.org`;
  await apply.open(job.slug);
  await apply.basicInfo({ firstName: "Rosa", lastName: "Parks", email });
  const choice = job.questions.find((q) => q.type === "SINGLE_CHOICE")?.options[0] ?? "";
  await apply.answer(job.questions, "Yes, gladly.", choice);
  await apply.next("File upload");
  await apply.back("Questions");
  const [first] = job.questions;
  if (first?.type === "FREE_TEXT")
    await expect(visitor.getByRole("textbox", { name: first.question })).toHaveValue(
      "Yes, gladly.",
    );
  else if (first)
    await expect(
      visitor
        .getByRole("radiogroup", { name: first.question })
        .getByRole("radio", { name: first.type === "YES_NO" ? "Yes" : choice }),
    ).toBeChecked();
  await apply.next("File upload");
  await apply.upload("rosa-cv.pdf", PDF);
  await apply.next("Review info");
  await expect(visitor.getByText(email)).toBeVisible();
  await apply.send();
  await expect(visitor.getByRole("heading", { name: "Success" })).toBeVisible();
  const events = await apply.events();
  for (const event of [
    "qa_basic_info",
    "job_apply_start",
    "qa_questions",
    "qa_file_upload",
    "qa_review_info",
    "qa_success",
    "job_apply_complete",
  ]) {
    expect(events).toContain(event);
  }

  // the confirmation mail
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 20_000 })
    .toContain(`Your application: ${job.title}`);

  // the recruiter: sees it, downloads the PDF, shortlists it
  await recruiter.goto("/recruiter/applications");
  const row = recruiter.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  const download = row.getByRole("link", { name: "rosa-cv.pdf" });
  const href = await download.getAttribute("href");
  expect(href).toBeTruthy();
  const file = await recruiter.request.get(href as string);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await row.getByRole("textbox", { name: /Move Rosa Parks to/ }).click();
  await recruiter.getByRole("option", { name: "Shortlisted" }).click();
  await recruiter.getByRole("button", { name: "Move", exact: true }).click();
  await expect(row.getByText("Shortlisted")).toBeVisible();

  // the file's signed URL is nothing to a visitor
  expect((await visitor.request.get(href as string)).status()).toBe(404);

  // a recruiter of another organization: nothing in the page or the graph
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, OTHER_RECRUITER);
  await other.goto("/recruiter/applications");
  await expect(other.getByRole("heading", { name: "Applications" })).toBeVisible();
  await expect(other.getByText(email)).toHaveCount(0);
  const theirs = await graph<{ data: { jobApplications: { total: number } } }>(
    other,
    "query($j: ID!) { jobApplications(jobId: $j) { total } }",
    { j: job.id },
  );
  expect(theirs.data.jobApplications.total).toBe(0);

  // the applicant signs up with that address and sees the status
  const applicantId = await signUp(
    visitor,
    { firstName: "Rosa", lastName: "Parks", email, password: "montgomery-1955" },
    "/my-applications",
  );
  const mine = visitor.getByRole("table", { name: "My applications" });
  await expect(mine.getByRole("row").filter({ hasText: job.title })).toContainText("Shortlisted");
  // the job page and quick apply's first step say so, with the same status name
  await visitor.goto(`/job/${job.slug}`);
  const applied = visitor.getByRole("status").filter({ hasText: /You applied on/ });
  await expect(applied).toContainText("Shortlisted");
  await expect(applied.getByRole("link", { name: "See your applications" })).toHaveAttribute("href", "/my-applications");
  await visitor.goto(`/job/${job.slug}/apply/basic-info`);
  await expect(visitor.getByRole("status").filter({ hasText: /You applied on/ })).toContainText("Shortlisted");

  await Promise.all([recruiterContext.close(), visitorContext.close(), otherContext.close()]);
  // the applicant's account goes, and the application with it
  await eraseAccounts(browser, [applicantId]);
});
