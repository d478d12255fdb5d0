import { readFileSync } from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import { eraseAccounts, signUp } from "../fixtures/accounts";
import { openJobWithQuestions } from "../fixtures/jobs";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed (jobs matching "social", Green Harbor's on-site jobs with
// questions). Every step of these journeys is a key press: no click, no fill.

// A one-page PDF (written by pypdf; what the upload checks accept).
const PDF = Buffer.from(readFileSync(new URL("../fixtures/cv.pdf.b64", import.meta.url), "utf8"), "base64");

/** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 80) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector} in ${max} presses`);
}

/** Presses Tab until `target` has the focus; fails after `max` presses. */
async function tabToLocator(page: Page, target: Locator, max = 80) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/** Tabs to `control`, presses Enter and waits for `next`, what it leads to. */
async function enterOn(page: Page, control: Locator, next: Locator) {
  await tabToLocator(page, control);
  await page.keyboard.press("Enter");
  await expect(next).toBeVisible();
}

const focused = (page: Page) => page.locator(":focus");

test("a keyboard user skips to the content, searches, opens a job and reaches the login form", async ({ page }) => {
  await page.goto("/jobs");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);

  // The first Tab shows the skip link; Enter jumps over the header into main.
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveText("Skip to content");
  await expect(focused(page)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);

  // The search box is the first field of the page.
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName("Keywords");
  await page.keyboard.type("social");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("search") === "social");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs for “social”");

  // On to the first result and open it with Enter.
  await tabTo(page, 'ol[aria-label="Jobs"] a[href^="/job/"]');
  const title = (await focused(page).textContent()) ?? "";
  expect(title).not.toBe("");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/job\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // From the top of the job page to the login link, then into the form.
  await page.keyboard.press("Tab");
  await tabTo(page, 'nav[aria-label="Main"] a[href="/user/login"]');
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/user/login");
  await tabTo(page, 'input[type="email"]');
  await expect(focused(page)).toHaveAccessibleName(/Email address/);
  await page.keyboard.type("applicant@jobboard.example");
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName(/Password/);
  await tabTo(page, 'button[type="submit"]');
  await expect(focused(page)).toHaveText("Log in");
});

test("a keyboard user applies through quick apply, answers, attaches a CV and sends", async ({ page, browser }) => {
  test.setTimeout(240_000); // a recruiter's lookup, five pages, an upload check, a sign-up
  const recruiter = await (await browser.newContext()).newPage();
  await new LoginPage(recruiter).logIn("recruiter@greenharbor.example", "/dashboard");
  const job = await openJobWithQuestions(recruiter);
  await recruiter.context().close();

  await page.goto(`/job/${job.slug}`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await tabToLocator(page, page.getByRole("main").getByRole("link", { name: "Apply", exact: true }).first());
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Basic info" })).toBeVisible();
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);

  // basic info: the three fields in reading order
  const email = `e2e.keyboard.${Date.now()}@example.org`;
  await tabToLocator(page, page.getByLabel("First name"));
  await page.keyboard.type("Katherine");
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName(/Last name/);
  await page.keyboard.type("Johnson");
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName(/Email address/);
  await page.keyboard.type(email);
  await enterOn(page, page.getByRole("button", { name: "Next" }), page.getByRole("heading", { name: "Questions" }));

  // questions: Space checks the first option of a group, text is typed
  const main = page.getByRole("main");
  for (const question of job.questions) {
    if (question.type === "FREE_TEXT") {
      await tabToLocator(page, main.getByRole("textbox", { name: question.question }));
      await page.keyboard.type("Yes, gladly.");
    } else {
      const first = main.getByRole("radiogroup", { name: question.question }).getByRole("radio").first();
      await tabToLocator(page, first);
      await page.keyboard.press("Space");
      await expect(first).toBeChecked();
    }
  }
  await enterOn(page, page.getByRole("button", { name: "Next" }), page.getByRole("heading", { name: "File upload" }));

  // the file button opens the system's file chooser on Enter
  await tabToLocator(page, page.getByRole("button", { name: "Choose a file" }));
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "katherine-cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByRole("list", { name: "Attached files" })).toContainText("katherine-cv.pdf", { timeout: 30_000 });
  await enterOn(page, page.getByRole("button", { name: "Next" }), page.getByRole("heading", { name: "Review info" }));
  await expect(page.getByText(email)).toBeVisible();

  // the captcha's box takes Space, the send button Enter
  const robot = page.getByRole("checkbox", { name: "I am not a robot" });
  if (await robot.isVisible().catch(() => false)) {
    await tabToLocator(page, robot);
    await page.keyboard.press("Space");
    await expect(robot).toBeChecked();
  }
  await enterOn(page, page.getByRole("button", { name: "Send application" }), page.getByRole("heading", { name: "Success" }));

  // the applicant's account with that address is erased, and the application with it
  const applicant = await (await browser.newContext()).newPage();
  const applicantId = await signUp(applicant, { firstName: "Katherine", lastName: "Johnson", email, password: "orbital-1962" });
  await applicant.context().close();
  await eraseAccounts(browser, [applicantId]);
});

test("a keyboard user starts a job ad in the wizard, walks its steps and deletes the draft", async ({ page }) => {
  test.setTimeout(240_000);
  await new LoginPage(page).logIn("recruiter@greenharbor.example", "/job/wizard");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const title = `Tree nursery helper ${Date.now()}`;

  // the start form: a radio (Space), the title, Enter on the button
  const form = page.getByRole("form", { name: "Start a job posting" });
  await tabToLocator(page, form.getByRole("radio", { name: "Write the ad here" }));
  await page.keyboard.press("Space");
  await tabToLocator(page, form.getByRole("textbox", { name: "Job title" }));
  await page.keyboard.type(title);
  await tabToLocator(page, form.getByRole("button", { name: "Start the job ad" }));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/job\/wizard\?job=/);
  await expect(page.getByRole("heading", { name: "The job", level: 2 })).toBeVisible();

  const saveAndContinue = (step: string) =>
    enterOn(page, page.getByRole("button", { name: "Save and continue" }), page.getByRole("heading", { name: step, level: 2 }));

  // the rich-text editor takes typing like any field
  await tabToLocator(page, page.locator(".ProseMirror"));
  await page.keyboard.type("We grow saplings for the city's parks and need a hand.");
  await saveAndContinue("Company");
  await saveAndContinue("Location");

  // a location: the country's autocomplete is answered with the arrow keys and Enter
  await tabToLocator(page, page.getByRole("button", { name: "Add a location" }));
  await page.keyboard.press("Enter");
  await tabToLocator(page, page.getByRole("textbox", { name: "Country" }));
  await page.keyboard.type("United States");
  await expect(page.getByRole("option", { name: "United States", exact: true })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Country" })).toHaveValue("United States");
  await tabToLocator(page, page.getByRole("textbox", { name: "City" }));
  await page.keyboard.type("Chicago");
  await saveAndContinue("Categories and salary");
  await tabToLocator(page, page.getByRole("textbox", { name: "Minimum" }));
  await page.keyboard.type("38000");
  await tabToLocator(page, page.getByRole("textbox", { name: "Maximum" }));
  await page.keyboard.type("45000");
  await saveAndContinue("Schedule");
  await saveAndContinue("Applications");
  await saveAndContinue("Review and publish");
  await expect(page.getByText("We grow saplings for the city's parks and need a hand.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish the job" })).toBeVisible();

  // the draft is deleted for good from the job manager's menu, by keyboard too
  await page.goto("/job-manager");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const row = page.getByRole("row").filter({ hasText: title });
  await tabToLocator(page, row.getByRole("button", { name: `More actions for ${title}` }), 200);
  await page.keyboard.press("Enter");
  const remove = page.getByRole("menuitem", { name: "Delete" });
  await expect(remove).toBeVisible();
  for (let presses = 0; presses < 10 && !(await remove.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete this job for good?" });
  await tabToLocator(page, dialog.getByRole("button", { name: "Delete" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
});
