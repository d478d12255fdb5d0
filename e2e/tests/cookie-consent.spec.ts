import { expect, test } from "../fixtures/test";

// A first-time visitor: no cookie choice yet (the other journeys start with one).
test.use({ storageState: { cookies: [], origins: [] } });

function isThirdParty(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "data:" || protocol === "blob:") return false;
  return !["127.0.0.1", "localhost", "::1", "[::1]"].includes(hostname);
}

test("a first visit loads nothing from third parties and asks once; accepting reloads, the choice stays", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const thirdParty: string[] = [];
  const measured: string[] = [];
  page.on("request", (request) => {
    if (isThirdParty(request.url())) thirdParty.push(request.url());
    if (/\/api\/(gmapi|conversionapi)\b/.test(new URL(request.url()).pathname)) measured.push(request.url());
  });

  await page.goto("/organization/green-harbor-foundation");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading", { name: "Cookies on Jobboard" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(thirdParty).toEqual([]);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  // The profile visit counts after 5 seconds on the page (spec 9): still nothing is measured.
  await page.waitForTimeout(6_500);
  expect(measured).toEqual([]);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);

  // Granting reloads the page (what the categories cover may load now).
  const reloaded = page.waitForEvent("load");
  await banner.getByRole("button", { name: "Accept all" }).click();
  await reloaded;
  // ... and now the same visit is measured: the profile visit reaches the relay after 5 seconds.
  await expect.poll(() => measured.length, { timeout: 25_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  // ... and the tag library with it (its dataLayer and start event; no container is configured here)
  await expect
    .poll(() =>
      page.evaluate(() => ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event)),
    )
    .toContain("gtm.js");
  const stored = (await page.context().cookies()).find((cookie) => cookie.name === "jb_cookie_consent");
  expect(JSON.parse(decodeURIComponent(stored?.value ?? "{}")).granted).toEqual(["C0001", "C0002", "C0003", "C0004"]);

  // Changeable from the footer; withdrawing does not reload.
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(async () => {
    // the reloaded page may still be hydrating: its first click can land before the handlers
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(dialog.getByRole("switch", { name: /^Analytics/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Reject all" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
});

test("rejecting keeps third parties out and the banner away", async ({ page }) => {
  await page.goto("/jobs");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject all" }).click();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
});

test("on the keyboard the skip link comes first, then the banner, then the header", async ({ page }) => {
  await page.goto("/jobs");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const banner = page.getByRole("region", { name: "Cookies on Jobboard" });
  await expect(banner).toBeVisible();
  const focused = page.locator(":focus");
  await page.keyboard.press("Tab");
  await expect(focused).toHaveText("Skip to content");
  for (const name of ["Accept all", "Reject all", "Cookie settings"]) {
    await page.keyboard.press("Tab");
    await expect(focused).toHaveAccessibleName(name);
    expect(await focused.evaluate((element) => element.closest("[data-testid=cookie-banner]") !== null)).toBe(true);
  }
  await page.keyboard.press("Tab");
  await expect(focused).toHaveAttribute("data-testid", "site-logo");
  // the banner still sits over the bottom of the window, and Enter on its button chooses
  const box = await banner.boundingBox();
  const viewport = page.viewportSize();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewport?.height);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(focused).toHaveAccessibleName("Reject all");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
});
