import { readFileSync } from "node:fs";
import { type Browser, type Page } from "@playwright/test";
import { grantCredits } from "../fixtures/credits";
import { expect, test } from "../fixtures/test";

/**
 * Issue 23's journey: a new applicant imports a PDF CV, corrects what was read, completes the
 * job preferences and makes the resume findable; a recruiter finds it in the resume search
 * without the applicant's name, requests contact (one resume contact of the organization,
 * granted by an administrator first so the demo board keeps its balance); the applicant approves
 * from the mailed link and the recruiter sees the name; the applicant revokes and the name is
 * private again. The applicant deletes the account at the end, and the resume goes with it.
 * Needs the full stack with the demo data.
 */

const MAIL_API = process.env.E2E_MAIL_API ?? "http://127.0.0.1:8025";
const DEMO_PASSWORD = "demo-password-2026";
const RECRUITER = "recruiter@greenharbor.example";
const ORGANIZATION = "green-harbor-foundation";
const PASSWORD = "youth-work-2026";
// A CV as people send them (fpdf2, one column): Robin Castellano, youth program coordinator.
const CV = Buffer.from(readFileSync(new URL("../fixtures/resume-cv.pdf.b64", import.meta.url), "utf8"), "base64");
const WITHIN_MS = 120_000;

interface Mail {
  subject: string;
  text: string;
}

async function mailWith(address: string, marker: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_API}/api/messages?to=${encodeURIComponent(address)}`);
        found = ((await response.json()) as Mail[]).find((mail) => mail.text.includes(marker));
        return Boolean(found);
      },
      { timeout: WITHIN_MS, intervals: [1_000] },
    )
    .toBe(true);
  return found as Mail;
}

function pathOf(mail: Mail, path: string): string {
  // the link as written in the sentence, without the sentence's full stop
  const link = mail.text.match(new RegExp(`https?://\\S+${path.replaceAll("/", "\\/")}\\S*`))?.[0]?.replace(/[.,;:)]+$/, "");
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Hydrated: the page's buttons act (the server render shows them before). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

async function logIn(page: Page, email: string, password: string, destination: string) {
  await page.goto(`/user/login?destination=${encodeURIComponent(destination)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === destination);
}

async function graph<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: unknown; errors?: unknown[] };
    },
    { query, variables },
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data as T;
}

async function signUp(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/user/register");
  // hydrated first, as the page objects wait: the form acts only once React has taken it over
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Castellano");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox", { name: "I agree with the terms and conditions." }).check();
  await page.getByRole("checkbox", { name: "I am not a robot" }).check();
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByRole("heading", { name: "Check your mailbox" })).toBeVisible();
  await page.goto(pathOf(await mailWith(email, "/user/verify-email"), "/user/verify-email"));
  await expect(page.getByText(/confirmed/i).first()).toBeVisible();
  await logIn(page, email, PASSWORD, "/resume");
  return page;
}

/** The organization's resume contacts left, as /resumes shows them beside its title. */
async function contactsLeft(page: Page): Promise<number> {
  const line = page.getByText(/resume contacts? left for/);
  await expect(line).toBeVisible();
  const text = (await line.textContent()) ?? "";
  return text.startsWith("No ") ? 0 : Number(text.match(/^(\d+)/)?.[1]);
}

test("an applicant imports a CV and is found; a recruiter asks; the applicant approves from the mail, then revokes", async ({
  browser,
  page: recruiter,
}) => {
  test.setTimeout(600_000);
  const run = Date.now();
  const email = `e2e.resume.${run}@example.org`;
  // a word only this run's resume has, so the recruiter's search finds exactly it
  const marker = `yw${run}`;
  const headline = `Youth program coordinator ${marker}`;
  const applicant = await signUp(browser, email);
  try {
    // Import: the CV is read into a draft to check and correct; nothing is saved before that.
    await applicant.goto("/resume/wizard/import");
    await applicant.getByLabel("Your CV (PDF, DOCX or JSON)").setInputFiles({
      name: "robin-castellano-cv.pdf",
      mimeType: "application/pdf",
      buffer: CV,
    });
    await applicant.getByRole("button", { name: "Read my CV" }).click();
    await expect(applicant.getByLabel("First name")).toHaveValue("Robin", { timeout: 60_000 });
    await expect(applicant.getByLabel("Last name")).toHaveValue("Castellano");
    await expect(applicant.getByLabel("Job title").first()).toHaveValue("Youth Program Coordinator");
    await expect(applicant.getByLabel("Employer").first()).toHaveValue("Harborview Youth Center");
    await applicant.getByLabel("Resume title").fill(headline);
    await applicant.getByRole("button", { name: "Save to my resume" }).click();
    await applicant.waitForURL((url) => url.pathname === "/resume");

    // The job preferences step (its own page in the wizard), through the same mutation.
    const saved = await graph<{ saveJobPreferences: { __typename: string } }>(
      applicant,
      `mutation($input: ResumeJobPreferencesInput!) { saveJobPreferences(input: $input) { __typename } }`,
      {
        input: {
          title: headline,
          desiredOccupationTid: 1001,
          desiredLocation: { locality: "Boston", countryCode: "US" },
          careerStatus: "PROFESSIONAL",
        },
      },
    );
    expect(saved.saveJobPreferences.__typename).toBe("ResumeSaved");
    await applicant.reload();
    await hydrated(applicant);
    await expect(applicant.getByText("Your resume has everything recruiters need.")).toBeVisible();
    // the switch saves at once and shows the answer
    await applicant.getByRole("switch", { name: "Recruiters may find my resume" }).click();
    await expect(applicant.getByText("Recruiters can find your resume now.")).toBeVisible({ timeout: 30_000 });

    await grantCredits(browser, { organizationSlug: ORGANIZATION, kind: "CONTACT", amount: 1, label: "e2e resume journey" });

    // The recruiter finds it (the index follows the resume's events) and never sees the name.
    // A keyword, a facet and a place with a radius.
    await logIn(recruiter, RECRUITER, DEMO_PASSWORD, "/");
    const search = `/resumes?${new URLSearchParams({
      search: marker,
      careerStatus: "professional",
      geo_location: "Boston, MA, USA",
      lat: "42.3601",
      lon: "-71.0589",
      radius: "25",
    }).toString()}`;
    const result = recruiter.getByRole("link", { name: headline });
    await expect
      .poll(
        async () => {
          await recruiter.goto(search);
          return result.count();
        },
        { timeout: WITHIN_MS, intervals: [2_000] },
      )
      .toBe(1);
    const contactsBefore = await contactsLeft(recruiter);
    await result.click();
    await recruiter.waitForURL(/\/resume\/[\w-]+$/);
    await hydrated(recruiter);
    const resumePath = new URL(recruiter.url()).pathname;
    await expect(recruiter.getByRole("heading", { name: headline })).toBeVisible();
    await expect(recruiter.getByText("Castellano")).toHaveCount(0);
    await recruiter.getByRole("button", { name: "Request contact" }).click();
    await expect(recruiter.getByText("Pending", { exact: true })).toBeVisible({ timeout: 60_000 });
    await recruiter.goto(search);
    expect(await contactsLeft(recruiter)).toBe(contactsBefore - 1);
    await recruiter.goto(resumePath);

    // The applicant approves from the mailed link.
    const asked = await mailWith(email, "/resume/contact-requests");
    await applicant.goto(pathOf(asked, "/resume/contact-requests"));
    await hydrated(applicant);
    await applicant.getByRole("button", { name: "Approve", exact: true }).click({ timeout: 30_000 });
    const approve = applicant.getByRole("dialog", { name: /^Approve .*request\?$/ });
    await expect(approve).toBeVisible({ timeout: 30_000 });
    await approve.getByRole("button", { name: "Approve and share my details" }).click({ timeout: 30_000 });
    // the request's own Revoke button, not the "Approved" filter, says the approval is saved
    await expect(applicant.getByRole("button", { name: "Revoke", exact: true })).toBeVisible({ timeout: 30_000 });
    await recruiter.goto(resumePath);
    await expect(recruiter.getByText("Castellano").first()).toBeVisible();
    await expect(recruiter.getByText(email)).toHaveCount(0); // never an email address on the page

    // Revoked: private again.
    await applicant.getByRole("button", { name: "Revoke", exact: true }).click({ timeout: 30_000 });
    const revoke = applicant.getByRole("dialog", { name: /^Revoke .*access\?$/ });
    await expect(revoke).toBeVisible({ timeout: 30_000 });
    await revoke.getByRole("button", { name: "Revoke access" }).click({ timeout: 30_000 });
    await expect(applicant.getByRole("button", { name: "Revoke", exact: true })).toHaveCount(0, { timeout: 30_000 });
    await recruiter.goto(resumePath);
    await expect(recruiter.getByRole("heading", { name: headline })).toBeVisible();
    await expect(recruiter.getByText("Castellano")).toHaveCount(0);
  } finally {
    // The account goes, and its resume and contact requests with it (identity.user.deleted).
    const deleted = await graph<{ deleteAccount: { __typename: string } }>(
      applicant,
      "mutation($password: String!) { deleteAccount(currentPassword: $password) { __typename } }",
      { password: PASSWORD },
    );
    expect(deleted.deleteAccount.__typename).not.toMatch(/Error/);
  }
});
