// Screenshots of the public pages in the light and dark colour schemes at 390 px and 1280 px,
// the error pages, the signed-in dashboards of a recruiter, an applicant and an administrator
// (light, both widths), and /jobs in German (the language picker's catalogue), against a
// running site with the demo seed.
// Driven by the e2e folder's Playwright with Debian's Chromium.
// Usage: node schemes.mjs [base URL, default http://127.0.0.1:3002] [out dir, default out]
// The committed set: (cd docs/screenshots && node schemes.mjs http://127.0.0.1:3002 pages) after make up.
const [base = "http://127.0.0.1:3002", out = "out"] = process.argv.slice(2);
const playwright = await import(new URL("../../e2e/node_modules/@playwright/test/index.js", import.meta.url).href);
const { chromium } = playwright.chromium ? playwright : playwright.default;
const { mkdirSync } = await import("node:fs");
mkdirSync(out, { recursive: true });

const consent = {
  name: "jb_cookie_consent",
  value: encodeURIComponent(JSON.stringify({ version: 1, granted: [], at: "2026-01-01T00:00:00Z" })),
  url: base,
};
const html = await (await fetch(`${base}/jobs`)).text();
const job = /\/job\/(?!wizard)[a-z0-9-]+/.exec(html)?.[0] ?? "/jobs";
const orgHtml = await (await fetch(`${base}/organizations`)).text();
const organization = /\/organization\/[a-z0-9-]+/.exec(orgHtml)?.[0] ?? "/organizations";
const pages = {
  home: "/",
  jobs: "/jobs",
  job,
  organizations: "/organizations",
  organization,
  login: "/user/login",
  register: "/user/register",
  // the 404 page: a job search with the slug's words, popular categories
  "not-found": "/job/wetland-ranger-boston-3f9a2c",
};
// Who sees which dashboard (the demo seed's accounts; its password unless JOBBOARD_DEMO_PASSWORD).
const password = process.env.JOBBOARD_DEMO_PASSWORD ?? "demo-password-2026";
const dashboards = {
  "recruiter@greenharbor.example": {
    "job-manager": "/job-manager",
    "recruiter-applications": "/recruiter/applications",
    dashboard: "/dashboard",
    "organization-dashboard": "/dashboard/organization",
    "my-products": "/my-products",
  },
  "jamie.lee@jobboard.example": {
    "applicant-dashboard": "/dashboard",
    "my-applications": "/my-applications",
    "my-bookmarks": "/my-bookmarks",
  },
  "admin@jobboard.example": { "admin-jobs-review": "/admin/jobs-review", "admin-audit-log": "/admin/audit-log" },
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const colorScheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
    await context.addCookies([consent]);
    const page = await context.newPage();
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      await page.screenshot({ path: `${out}/${name}-${colorScheme}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
}
// Dashboards: logged in through the login page, light scheme, both widths.
for (const [email, routes] of Object.entries(dashboards)) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([consent]);
    const page = await context.newPage();
    await page.goto(`${base}/user/login`, { waitUntil: "networkidle" });
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/user/login"));
    for (const [name, path] of Object.entries(routes)) {
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
}
// German: the footer's language picker loads /api/messages/de.
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addCookies([consent]);
const page = await context.newPage();
await page.goto(`${base}/jobs`, { waitUntil: "networkidle" });
await page.getByTestId("locale-picker").selectOption("de");
await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
await page.getByRole("button", { name: "Suchen" }).waitFor();
await page.screenshot({ path: `${out}/jobs-de-1280.png`, fullPage: true });
await browser.close();
console.log(`screenshots in ${out}/`);
