import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed (jobs, organizations, a recruiter with products).
// Zero violations of WCAG 2.0/2.1/2.2 A and AA, in both colour schemes, on a phone and a desktop.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SCHEMES = ["light", "dark"] as const;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const RECRUITER = "recruiter@openmeadow.example";

/** The first link of a list page matching `pattern` (a job or an organization of the seed). */
async function firstLink(request: APIRequestContext, listPath: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(listPath)).text();
  const path = pattern.exec(html)?.[0];
  expect(path, `a link matching ${pattern} on ${listPath}`).toBeTruthy();
  return path as string;
}

async function expectNoViolations(page: Page) {
  // Hydrated, and the scheme applied, before axe looks (it measures computed colours).
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  // Client-side queries (a recruiter's subscriptions) settled: axe sees the finished page.
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    // The captcha widget is the provider's (locally a stand-in served by scripts/captcha.py).
    .exclude('[data-testid="captcha"]')
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    ),
  ).toEqual([]);
}

const PAGES: { name: string; path: (request: APIRequestContext) => Promise<string> }[] = [
  { name: "home", path: async () => "/" },
  { name: "job search", path: async () => "/jobs" },
  { name: "a job", path: (request) => firstLink(request, "/jobs", /\/job\/(?!wizard)[a-z0-9-]+/) },
  { name: "organization search", path: async () => "/organizations" },
  { name: "an organization", path: (request) => firstLink(request, "/organizations", /\/organization\/[a-z0-9-]+/) },
  { name: "login", path: async () => "/user/login" },
  { name: "sign-up", path: async () => "/user/register" },
];

for (const scheme of SCHEMES) {
  for (const viewport of WIDTHS) {
    test.describe(`${scheme} scheme at ${viewport.width} px`, () => {
      test.use({ viewport, colorScheme: scheme });

      for (const { name, path } of PAGES) {
        test(`${name} has no axe violations`, async ({ page, request }) => {
          const response = await page.goto(await path(request));
          expect(response?.status()).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
          await expectNoViolations(page);
        });
      }

      test("my products (a recruiter) has no axe violations", async ({ page }) => {
        await new LoginPage(page).logIn(RECRUITER, "/my-products");
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        await expectNoViolations(page);
      });
    });
  }
}

test("the dark mode switch changes the scheme and it stays after a reload", async ({ page }) => {
  await page.goto("/jobs");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.getByRole("switch", { name: "Dark mode" }).check();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.reload();
  // Set before the first paint by the colour scheme script, not after hydration.
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(page.getByRole("switch", { name: "Dark mode" })).toBeChecked();
});
