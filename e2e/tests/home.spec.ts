import { expect, test } from "../fixtures/test";

// Needs the stack with the demo seed: featured jobs (billing's featured credits) and featured
// organizations. The home page is server-rendered; every step here is what a first visitor does.

test("a visitor searches from the home page, opens a featured job and a featured organization", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next job");

  // live counts, each a way in
  const counts = page.getByRole("list", { name: "The board in numbers" });
  await expect(counts.getByRole("link", { name: /\d+ open jobs?/ })).toHaveAttribute("href", "/jobs");
  await expect(counts.getByRole("link", { name: /\d+ organizations?/ })).toHaveAttribute("href", "/organizations");

  // a featured job: its teaser's title leads to its page
  const featuredJobs = page.getByRole("region", { name: "Featured jobs" });
  const job = featuredJobs.getByRole("link").filter({ hasText: /\w/ }).and(page.locator('a[href^="/job/"]')).first();
  const jobTitle = ((await job.textContent()) ?? "").trim();
  expect(jobTitle).not.toBe("");
  await job.click();
  await page.waitForURL(/\/job\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(jobTitle);
  await page.goBack();

  // a featured organization: its card leads to its profile
  const featuredOrganizations = page.getByRole("list", { name: "Featured organizations" });
  const organization = featuredOrganizations.locator('a[href^="/organization/"]').first();
  const href = (await organization.getAttribute("href")) ?? "";
  await organization.click();
  await page.waitForURL((url) => url.pathname === href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();

  // the week's most viewed jobs (the demo seed's visits): each leads to an open job
  const topJobs = page.getByRole("list", { name: "Most viewed this week" });
  await expect(topJobs.getByRole("article").first()).toBeVisible();
  expect(await topJobs.getByRole("article").count()).toBeLessThanOrEqual(7);

  // the training organizations' carousel: Next moves it, a slide leads to the organization,
  // its count to the organization's internships in the job search
  const carousel = page.getByRole("group", { name: "Organizations offering internships" });
  const slides = carousel.getByRole("listitem");
  await expect(slides.first()).toHaveAttribute("aria-label", /^1 of \d+$/);
  const count = slides.first().getByRole("link", { name: /^\d+ internships?$/ });
  await expect(count).toHaveAttribute("href", /^\/jobs\?employmentType=\d+&company=/);
  const trainer = slides.first().locator('a[href^="/organization/"]');
  const trainerHref = (await trainer.getAttribute("href")) ?? "";
  await trainer.click();
  await page.waitForURL((url) => url.pathname === trainerHref);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.getByRole("link", { name: "All internships" }).click();
  await page.waitForURL((url) => url.pathname === "/jobs" && url.searchParams.has("employmentType"));
  await expect(page.getByRole("list", { name: "Jobs" }).getByRole("listitem").first()).toBeVisible();
  await page.goBack();

  // the search box: keywords and Enter lead to the results (once the home page is back: until
  // its loader answers, the job search's page and its filters are still the one shown)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next job");
  const keywords = page.getByRole("main").getByRole("searchbox", { name: "Keywords" });
  await keywords.fill("social");
  await keywords.press("Enter");
  await page.waitForURL((url) => url.pathname === "/jobs" && url.searchParams.get("search") === "social");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs for “social”");
  await expect(page.getByRole("list", { name: "Jobs" }).getByRole("listitem").first()).toBeVisible();
});
