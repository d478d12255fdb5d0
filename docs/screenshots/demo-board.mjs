// Screenshots of the resume and alert pages on the running demo board (`make up`), signed in as the
// demo users through the login form, at 390 px and 1280 px: what a recruiter sees on /resumes, a
// resume, a saved resume search and the organization's contact requests; what an applicant sees on
// /resume, their contact requests and quick apply offering the resume; a visitor saving a search.
// It only reads: nothing is saved, sent or requested. Driven by the e2e folder's Playwright with
// Debian's Chromium.
// Usage: node docs/screenshots/demo-board.mjs [web origin] [out dir]
import { mkdirSync } from "node:fs";

const [origin = "http://127.0.0.1:3002", out = "docs/screenshots/pages"] = process.argv.slice(2);
const playwrightDir = process.env.PLAYWRIGHT_DIR ?? new URL("../../e2e/node_modules/", import.meta.url).pathname;
const playwright = await import(`${playwrightDir}/@playwright/test/index.js`);
const { chromium } = playwright.chromium ? playwright : playwright.default;
const PASSWORD = "demo-password-2026";
const CONSENT = {
  name: "jb_cookie_consent",
  value: encodeURIComponent(JSON.stringify({ version: 1, granted: [], at: "2026-01-01T00:00:00Z" })),
  url: origin,
};
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

/** A signed-in (or visitor) context: the session cookie is shared by both widths. */
async function person(email) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([CONSENT]);
  if (email) {
    const page = await context.newPage();
    await page.goto(`${origin}/user/login?destination=%2F`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 60_000 });
    await page.close();
  }
  return context;
}

/** The first path on `path`'s page that matches `pattern` (a resume, a saved search, a job). */
async function firstPath(context, path, pattern) {
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  const html = await page.content();
  await page.close();
  const found = pattern.exec(html)?.[0];
  if (!found) throw new Error(`nothing matching ${pattern} on ${path}`);
  return found.replaceAll("&amp;", "&");
}

async function shoot(context, name, path, prepare) {
  for (const width of [390, 1280]) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin}${path}`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForLoadState("networkidle");
    if (prepare) await prepare(page);
    // a dialog is shot as the screen shows it; a page whole
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: !prepare });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${name}-${width}.png${overflow > 0 ? `  (${overflow} px wider than the screen)` : ""}`);
    await page.close();
  }
}

const recruiter = await person("recruiter@greenharbor.example");
await shoot(recruiter, "resumes", "/resumes");
await shoot(recruiter, "resume-detail", await firstPath(recruiter, "/resumes", /\/resume\/[0-9a-f-]{36}(?=")/));
await shoot(recruiter, "resume-alert-edit", await firstPath(recruiter, "/resumes", /\/resume-alert\/edit\/[0-9a-f-]{36}/));
await shoot(recruiter, "organization-contact-requests", "/dashboard/organization/contact-requests");
await recruiter.close();

const applicant = await person("applicant@jobboard.example");
await shoot(applicant, "resume-applicant", "/resume");
await shoot(applicant, "resume-contact-requests", "/resume/contact-requests");
// the first job of /jobs that takes applications on this site (others link to the employer's)
const jobs = await applicant.newPage();
await jobs.goto(`${origin}/jobs`);
const links = [...new Set((await jobs.content()).match(/\/job\/(?!wizard)[a-z0-9-]+(?=")/g) ?? [])];
let onSite;
for (const link of links) {
  await jobs.goto(`${origin}${link}/apply/basic-info`);
  if (await jobs.getByRole("heading", { name: "Basic info" }).count()) {
    onSite = link;
    break;
  }
}
await jobs.close();
if (onSite) await shoot(applicant, "quick-apply-with-resume", `${onSite}/apply/basic-info`);
await applicant.close();

const visitor = await person(null);
await shoot(visitor, "jobs-save-search", "/jobs?search=coordinator", async (page) => {
  await page.getByRole("button", { name: /job alert/i }).first().click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(600); // the opening transition
});
await visitor.close();
await browser.close();
