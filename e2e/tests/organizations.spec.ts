import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";

const DEMO_PASSWORD = "demo-password-2026";
// A 480x320 PNG (a sun on green), kept as text so the repository holds no binary fixture.
const PICTURE = Buffer.from(readFileSync(new URL("../fixtures/picture.png.b64", import.meta.url), "utf8"), "base64");

async function logIn(page: Page, email: string, destination: string) {
  await page.goto(`/user/login?destination=${encodeURIComponent(destination)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === destination);
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  return page.getByRole("region", { name, exact: true });
}

async function save(section: ReturnType<Page["getByRole"]>, label: string, title: string) {
  await section.getByRole("button", { name: label }).click();
  await expect(section.getByText(`${title}: your changes were saved.`)).toBeVisible();
}

test("a recruiter founds an organization, fills it, uploads pictures and publishes; a visitor sees the public profile", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Lakeside Learning Trust ${Date.now()}`;
  await logIn(page, "recruiter@riverbend.example", "/dashboard/organization");

  const create = page.getByRole("region", { name: "Create an organization" });
  await create.getByLabel("Organization name").fill(name);
  await create.getByRole("button", { name: "Create the organization" }).click();
  await page.waitForURL(/\/dashboard\/organization\/[\w-]+\/edit$/);
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();

  // Organization info, with a logo cropped in the browser and uploaded through the web server.
  const info = await openTab(page, "Organization info");
  await info.getByLabel("Website").fill("https://lakeside.example.org");
  await info.locator('input[type="file"]').first().setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PICTURE });
  await page.getByRole("button", { name: "Crop and upload" }).click();
  await expect(info.getByRole("img", { name: /logo/i })).toBeVisible();
  await save(info, "Save organization info", "Organization info");

  const company = await openTab(page, "Company info");
  await company.getByLabel("Company name").fill(`${name} Inc.`);
  await company.getByRole("textbox", { name: "Country" }).fill("United States");
  await page.getByRole("option", { name: "United States", exact: true }).click();
  await company.getByLabel("City").fill("Chicago");
  await company.getByLabel("Address line 1").fill("200 E Randolph St");
  await save(company, "Save company info", "Company info");

  const personal = await openTab(page, "Personal info");
  await personal.getByLabel("First name").fill("Priya");
  await personal.getByLabel("Last name").fill("Invoicewala");
  await save(personal, "Save personal info", "Personal info");

  const about = await openTab(page, "About");
  await about.getByLabel("Presentation").fill("<p>We run free reading circles on the lakeshore.</p>");
  await save(about, "Save about", "About");

  const gallery = await openTab(page, "Gallery");
  await gallery.locator('input[type="file"]').setInputFiles([
    { name: "one.png", mimeType: "image/png", buffer: PICTURE },
    { name: "two.png", mimeType: "image/png", buffer: PICTURE },
  ]);
  await expect(gallery.getByRole("listitem")).toHaveCount(2);
  await save(gallery, "Save gallery", "Gallery");

  const faq = await openTab(page, "FAQ");
  await faq.getByRole("button", { name: "Add a question" }).click();
  await faq.getByRole("textbox", { name: "Question", exact: true }).fill("Do you offer internships?");
  await faq.getByRole("textbox", { name: "Answer", exact: true }).fill("Yes, every summer.");
  await save(faq, "Save FAQ", "FAQ");

  const status = page.getByRole("region", { name: "Status" });
  await status.getByRole("button", { name: "Publish" }).click();
  await expect(status.getByText("Published")).toBeVisible();
  const publicLink = status.getByRole("link", { name: "View public page" });
  const path = await publicLink.getAttribute("href");
  expect(path).toMatch(/^\/organization\/lakeside-learning-trust-\d+$/);

  // A visitor: the public groups, never the private invoicing contact.
  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.goto(path as string);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(visitor.getByText("We run free reading circles on the lakeshore.")).toBeVisible();
  await expect(visitor.getByText("Do you offer internships?")).toBeVisible();
  const html = await response?.text();
  expect(html).not.toContain("Invoicewala");
  expect(await visitor.content()).not.toContain("Invoicewala");
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/organization\/lakeside-learning-trust-\d+$/);
  const logo = visitor.getByRole("img", { name: `${name} logo` });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("a demo organization's public page is served with its JSON-LD, and a former slug redirects", async ({ page }) => {
  const response = await page.goto("/organization/green-harbor-foundation");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Green Harbor Foundation", level: 1 })).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join("\n")).toContain('"@type":"FAQPage"');
  const upper = await page.request.get("/Organization/Green-Harbor-Foundation", { maxRedirects: 0 });
  expect(upper.status()).toBe(301);
  expect(upper.headers().location).toBe("/organization/green-harbor-foundation");
  expect((await page.request.get("/organization/no-such-organization", { maxRedirects: 0 })).status()).toBe(404);
});

test("a recruiter sees their organization's credits and subscription on /my-products and the dashboard", async ({ page }) => {
  await logIn(page, "recruiter@openmeadow.example", "/my-products");
  await expect(page.getByRole("heading", { name: "My products", level: 1 })).toBeVisible();
  await expect(page.getByText("Open Meadow Health Alliance").first()).toBeVisible();
  const jobs = page.getByTestId("credit-job");
  await expect(jobs).toContainText(/Job postings\d+left for Open Meadow Health Alliance/);
  await expect(page.getByTestId("credit-contact").getByRole("link", { name: "Search resumes" })).toHaveAttribute("href", "/resumes");
  const subscriptions = page.getByRole("table", { name: "Your subscriptions" });
  await expect(subscriptions.getByText("Active")).toBeVisible();

  await page.goto("/dashboard/organization");
  await expect(page.getByRole("region", { name: "Your balance" })).toContainText(/Job postings: \d+/);
});

test("applicants and visitors do not reach /my-products", async ({ page }) => {
  await page.goto("/my-products");
  await expect(page).toHaveURL(/\/user\/login\?destination=%2Fmy-products&error=SessionRequired/);
  await logIn(page, "applicant@jobboard.example", "/my-products");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("an admin grants credits in /admin/billing and the ledger shows the grant with its running balance", async ({ page }) => {
  await logIn(page, "admin@jobboard.example", "/admin/billing");
  await page.getByLabel("Organization number").fill("1");
  await page.getByRole("button", { name: "Show" }).click();
  // The newest entry first (the table shows the latest 50): a grant changes the running balance,
  // so the first row's text is new.
  const newest = page.getByRole("table", { name: "Ledger entries" }).getByRole("row").nth(1);
  await expect(newest).toBeVisible();
  const before = (await newest.textContent()) ?? "";
  const grant = page.getByRole("region", { name: "Grant credits" });
  await grant.getByLabel("Amount").fill("2");
  await grant.getByRole("button", { name: "Grant" }).click();
  await expect(newest).not.toHaveText(before);
  await expect(newest).toContainText("grant");
  await expect(newest).toContainText("+2");
});

test("with billing stopped, /my-products says the credits could not be loaded and the rest of the page still renders", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, "recruiter@openmeadow.example", "/dashboard/organization");
  const stack = fileURLToPath(new URL("../../deploy/local/stack", import.meta.url));
  execFileSync(stack, ["stop", "billing"], { stdio: "ignore" });
  try {
    await page.goto("/my-products");
    await expect(page.getByRole("heading", { name: "My products", level: 1 })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "There was an error getting your credits." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact us for credits and subscriptions" })).toBeVisible();
  } finally {
    execFileSync(stack, ["start", "billing"], { stdio: "ignore", timeout: 90_000 });
  }
  await page.reload();
  await expect(page.getByTestId("credit-job")).toBeVisible();
});
