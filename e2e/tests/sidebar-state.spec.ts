import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Spec 4: the sidebar remembers open or collapsed per user kind, across reloads.
// The recruiter part needs the stack with the demo seed.

const sidebar = (page: Page) => page.getByTestId("sidebar");

async function toggle(page: Page, name: "Expand menu" | "Collapse menu") {
  await sidebar(page).getByRole("button", { name }).click();
}

async function reloadHydrated(page: Page) {
  await page.reload();
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

test.describe("on a large screen", () => {
  // Above spec 9's desktop breakpoint (1499 px) the signed-in sidebar opens by itself.
  test.use({ viewport: { width: 1600, height: 900 } });

  test("a visitor's sidebar: opened and collapsed again, it stays collapsed after a reload", async ({ page }) => {
    await page.goto("/jobs");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await expect(sidebar(page)).toHaveAttribute("data-kind", "visitor");
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    await toggle(page, "Expand menu");
    await expect(sidebar(page)).toHaveAttribute("data-open", "true");
    await reloadHydrated(page);
    await expect(sidebar(page)).toHaveAttribute("data-open", "true");
    await toggle(page, "Collapse menu");
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    await reloadHydrated(page);
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    await expect(sidebar(page).getByRole("button", { name: "Expand menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("a recruiter's sidebar: collapsed, it stays collapsed after a reload though the screen is large", async ({ page }) => {
    await new LoginPage(page).logIn("recruiter@openmeadow.example", "/job-manager");
    await expect(sidebar(page)).toHaveAttribute("data-kind", "organization");
    await expect(sidebar(page)).toHaveAttribute("data-open", "true");
    await toggle(page, "Collapse menu");
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    await reloadHydrated(page);
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    // Each kind has its own memory: the visitor's choice is untouched.
    expect(await page.evaluate(() => window.localStorage.getItem("jobboard.sidebar.visitor"))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem("jobboard.sidebar.organization"))).toBe("collapsed");
  });

  test("a job seeker's sidebar: its own memory, apart from the organization users' and the visitors'", async ({
    page,
  }) => {
    // The recruiter's choice in this browser must not decide the job seeker's.
    await page.goto("/jobs");
    await page.evaluate(() => window.localStorage.setItem("jobboard.sidebar.organization", "collapsed"));
    await new LoginPage(page).logIn("jamie.lee@jobboard.example", "/my-applications");
    await expect(sidebar(page)).toHaveAttribute("data-kind", "jobseeker");
    await expect(sidebar(page)).toHaveAttribute("data-open", "true");
    await toggle(page, "Collapse menu");
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    await reloadHydrated(page);
    await expect(sidebar(page)).toHaveAttribute("data-kind", "jobseeker");
    await expect(sidebar(page)).toHaveAttribute("data-open", "false");
    await toggle(page, "Expand menu");
    await reloadHydrated(page);
    await expect(sidebar(page)).toHaveAttribute("data-open", "true");
    expect(await page.evaluate(() => window.localStorage.getItem("jobboard.sidebar.jobseeker"))).toBe("open");
    expect(await page.evaluate(() => window.localStorage.getItem("jobboard.sidebar.organization"))).toBe("collapsed");
  });
});
