import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";

// Needs the stack with the demo seed (jobs matching "social").

/** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 80) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector} in ${max} presses`);
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
