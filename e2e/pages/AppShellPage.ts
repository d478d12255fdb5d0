import { expect, type Locator, type Page } from "@playwright/test";

export type NavLabel = "Jobs" | "Organizations" | "Resumes" | "Log in";

/** The header, navigation and top progress bar every page shares. */
export class AppShellPage {
  readonly logo: Locator;
  readonly mainNav: Locator;
  readonly progressBar: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.logo = page.getByTestId("site-logo");
    this.mainNav = page.getByRole("navigation", { name: "Main" });
    this.progressBar = page.getByTestId("route-progress");
    this.heading = page.getByRole("heading", { level: 1 });
  }

  async goto(path: string) {
    const response = await this.page.goto(path);
    // Wait for hydration so clicks are handled by the client router, not full page loads.
    await this.page.waitForFunction(() => "__reactRouterRouteModules" in window);
    return response;
  }

  navLink(label: NavLabel): Locator {
    return this.mainNav.getByRole("link", { name: label, exact: true });
  }

  /** A visitor's shell: resume search is for recruiters, so a visitor is not offered it. */
  async expectShell() {
    await expect(this.logo).toBeVisible();
    await expect(this.logo).toHaveAttribute("href", "/jobs");
    for (const label of ["Jobs", "Organizations", "Log in"] as const) {
      await expect(this.navLink(label)).toBeVisible();
    }
    await expect(this.navLink("Resumes")).toHaveCount(0);
  }

  /** The bar is in the DOM at all times; `data-mounted` marks it as showing. */
  async expectProgressShowing() {
    await expect(this.progressBar).toHaveAttribute("data-mounted", "true");
  }

  async expectProgressHidden() {
    await expect(this.progressBar).not.toHaveAttribute("data-mounted");
  }
}
