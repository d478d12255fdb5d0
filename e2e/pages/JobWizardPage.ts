import { expect, type Locator, type Page } from "@playwright/test";

/** /job/wizard: start a draft, walk the form-group steps, publish. */
export class JobWizardPage {
  readonly next: Locator;

  constructor(readonly page: Page) {
    this.next = page.getByRole("button", { name: "Save and continue" });
  }

  async start(title: string, { organization }: { organization?: string } = {}) {
    await this.page.goto("/job/wizard");
    await this.page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const form = this.page.getByRole("form", { name: "Start a job posting" });
    await form.getByText("Write the ad here").click();
    if (organization) {
      await form.getByRole("textbox", { name: "Organization" }).click();
      await this.page.getByRole("option", { name: organization, exact: true }).click();
    }
    await form.getByRole("textbox", { name: "Job title" }).fill(title);
    await form.getByRole("button", { name: "Start the job ad" }).click();
    await this.page.waitForURL(/\/job\/wizard\?job=/);
    await expect(this.page.getByRole("heading", { name: "The job", level: 2 })).toBeVisible();
  }

  async describe(html: string) {
    await this.page.locator(".ProseMirror").click();
    await this.page.keyboard.type(html);
  }

  async continueTo(stepTitle: string) {
    await this.next.click();
    await expect(this.page.getByRole("heading", { name: stepTitle, level: 2 })).toBeVisible();
  }

  async addLocation(country: string, city: string) {
    await this.page.getByRole("button", { name: "Add a location" }).click();
    await this.page.getByRole("textbox", { name: "Country" }).fill(country);
    await this.page.getByRole("option", { name: country, exact: true }).click();
    await this.page.getByRole("textbox", { name: "City" }).fill(city);
  }

  async publish() {
    await this.page.getByRole("button", { name: "Publish the job" }).click();
  }

  /**
   * Publishes and waits for the outcome (the billing saga answers over the bus): the success
   * page, or a refusal or "Still waiting", whose text then fails the journey with its reason.
   */
  async publishAndConfirm() {
    await this.publish();
    const done = this.page.getByRole("heading", { name: /Your job is (live|scheduled|was sent for review)/ });
    const refused = this.page.getByRole("alert");
    const stillWaiting = this.page.getByRole("status").filter({ hasText: "Still waiting" });
    await expect(done.or(refused).or(stillWaiting).first()).toBeVisible({ timeout: 60_000 });
    if (!(await done.isVisible())) {
      const reason = await refused.or(stillWaiting).first().innerText();
      throw new Error(`the job was not published: ${reason}`);
    }
  }
}
