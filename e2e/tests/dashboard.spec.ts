import { readFile } from "node:fs/promises";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed: Green Harbor's jobs have the demo visits of the last 60
// days (analytics' daily counts) and applications. Reads only; nothing is left behind.

test("a recruiter reads the activity over chosen dates, one job over time, and downloads it", async ({ page }) => {
  await new LoginPage(page).logIn("recruiter@greenharbor.example", "/dashboard");
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(activity.getByTestId("activity-chart")).toBeVisible();
  const views = Number(((await activity.getByTestId("total-visits").textContent()) ?? "").replace(/\D/g, ""));
  expect(views).toBeGreaterThan(0);

  // a week that ended yesterday, as dates
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  // a click before the page has hydrated is lost (the chart is server-rendered and shows first):
  // clicked again until the dates show, as a person does
  await expect(async () => {
    await activity.getByText("Dates", { exact: true }).click();
    await expect(activity.getByRole("textbox", { name: "From", exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await activity.getByRole("textbox", { name: "From", exact: true }).fill(day(7));
  await activity.getByRole("textbox", { name: "To", exact: true }).fill(day(1));
  // the figures shown are the chosen week's once its answer came (until then, the 30 days')
  await expect(activity.getByTestId("activity-period")).toHaveAttribute("data-first-day", day(7));
  await expect(activity.getByTestId("activity-period")).toHaveAttribute("data-last-day", day(1));
  const jobs = activity.getByTestId("jobs-table");
  await expect(jobs.getByRole("row").nth(1)).toBeVisible();

  // the daily figures as CSV: one row per day of the chosen week
  const [days] = await Promise.all([
    page.waitForEvent("download"),
    activity.getByRole("button", { name: "Daily figures (CSV)" }).click(),
  ]);
  expect(days.suggestedFilename()).toBe(`activity-${day(7)}-${day(1)}.csv`);
  const lines = (await readFile(await days.path(), "utf8")).replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe("Day,Job views,Apply starts,Applications,Bookmarks,Shares,Profile views");
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([7, 6, 5, 4, 3, 2, 1].map(day));

  // the most viewed job of the week over time: the figures become that job's
  const first = jobs.getByRole("row").nth(1);
  const jobViews = ((await first.getByRole("cell").nth(1).textContent()) ?? "").trim();
  await first.getByRole("button", { name: /over time$/ }).click();
  await expect(activity.getByTestId("total-visits")).toHaveText(jobViews);
  await expect(activity.getByTestId("total-profileVisits")).toHaveCount(0);
});

// A page's lazily loaded parts once linked the libraries' stylesheet a second time, after the
// page's own, and its rules won over the page's: the editor's tabs lost their padding and their
// labels ran together ("Organization infoCompany info…").
test("the organization editor's sections are tabs set apart, the libraries' stylesheet coming before the page's", async ({ page }) => {
  await new LoginPage(page).logIn("recruiter@greenharbor.example", "/dashboard/organization");
  await page.locator("a[href$='/edit']").first().click();
  const tabs = page.getByRole("tablist", { name: "Profile sections" });
  const first = tabs.getByRole("tab").first();
  await expect(first).toBeVisible();
  // the lazily loaded sections (their own stylesheets) are in
  await expect(page.getByRole("tabpanel").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const padding = await first.evaluate((tab) => Number.parseFloat(getComputedStyle(tab).paddingLeft));
  expect(padding).toBeGreaterThan(0);
  // the libraries' stylesheet (the first) does not come again after the page's own
  const order = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) => (sheet.href ? [new URL(sheet.href).pathname] : [])),
  );
  const libraries = order[0] ?? "";
  expect(libraries).toMatch(/\/assets\/vendor-[\w-]+\.css$/);
  expect(order.lastIndexOf(libraries)).toBeLessThan(order.findIndex((href) => href !== libraries));
});
