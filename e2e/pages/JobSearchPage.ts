import { expect, type Locator, type Page } from "@playwright/test";

/** /jobs: the search bar, the facets, the result list and its paging. */
export class JobSearchPage {
  readonly keywords: Locator;
  readonly location: Locator;
  readonly radius: Locator;
  readonly searchButton: Locator;
  readonly total: Locator;
  readonly results: Locator;
  readonly chips: Locator;
  readonly pages: Locator;

  constructor(readonly page: Page) {
    const bar = page.getByRole("search", { name: "Search jobs" });
    this.keywords = bar.getByRole("searchbox", { name: "Keywords" });
    this.location = bar.getByRole("textbox", { name: "Location" });
    this.radius = bar.getByRole("combobox", { name: "Radius" });
    this.searchButton = bar.getByRole("button", { name: "Search" });
    this.total = page.getByRole("heading", { level: 2, name: /^[\d,]+ jobs?/ });
    this.results = page.getByRole("list", { name: "Jobs" });
    this.chips = page.getByRole("region", { name: "Selected filters" });
    this.pages = page.getByRole("navigation", { name: "Result pages" });
  }

  async goto(path = "/jobs") {
    await this.page.goto(path);
    // Hydrated: filtering and paging are client-side navigations from here on.
    await this.page.waitForFunction(() => "__reactRouterRouteModules" in window);
  }

  facet(title: string): Locator {
    return this.page.getByRole("complementary").getByRole("region", { name: title });
  }

  /** The facet's value links, in order (their names end with the count, "Full time 12 results"). */
  facetValues(title: string): Locator {
    return this.facet(title).getByRole("link");
  }

  async search(keywords: string) {
    await this.keywords.fill(keywords);
    await this.searchButton.click();
    await this.page.waitForURL((url) => url.searchParams.get("search") === keywords);
  }

  /** Types into the place field and picks a suggestion (the first, or the first whose label
   * matches `choose`); returns its label. */
  async pickPlace(text: string, choose?: RegExp): Promise<string> {
    await this.location.fill(text);
    // the suggestions' listbox (the radius select has options too)
    const options = this.page.getByRole("listbox").getByRole("option");
    const option = choose ? options.filter({ hasText: choose }).first() : options.first();
    await expect(option).toBeVisible();
    const label = (await option.textContent()) ?? "";
    await option.click();
    return label;
  }

  async expectResults() {
    await expect(this.total).toBeVisible();
    await expect(this.results.getByRole("article").first()).toBeVisible();
  }

  /** Waits until the page shows the URL's search (the list renders just after the URL changes). */
  async settled() {
    await expect(this.page.getByRole("button", { name: "Create a job alert" })).toBeVisible();
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
  }

  /** The link to page 2 of the results. */
  get secondPage(): Locator {
    return this.pages.getByRole("link", { name: "Page 2", exact: true });
  }

  /** Opens page 2 of the results, then goes back to `firstPageUrl`. */
  async pageTwoAndBack(firstPageUrl: string) {
    await this.secondPage.click();
    await this.page.waitForURL(/page=2/);
    await this.settled();
    await expect(this.total).toContainText("page 2 of");
    await this.expectResults();
    await this.page.goBack();
    await this.page.waitForURL(firstPageUrl);
    await this.settled();
    await expect(this.total).not.toContainText("page 2 of");
  }
}
