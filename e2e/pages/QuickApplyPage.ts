import { expect, type Page } from "@playwright/test";

/** Quick apply's five pages: basic info, questions, file upload, review info, success. */
export class QuickApplyPage {
  constructor(readonly page: Page) {}

  async open(slug: string) {
    await this.page.goto(`/job/${slug}/apply/basic-info`);
    await this.page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await expect(this.page.getByRole("heading", { name: "Basic info" })).toBeVisible();
  }

  async basicInfo(values: { firstName: string; lastName: string; email: string }) {
    await this.page.getByLabel("First name").fill(values.firstName);
    await this.page.getByLabel("Last name").fill(values.lastName);
    await this.page.getByLabel("Email address").fill(values.email);
    await this.next("Questions");
  }

  /** Answers each question by its type: a radio for yes/no and single choice, else the text. */
  async answer(questions: { question: string; type: string }[], text: string, choice: string) {
    const main = this.page.getByRole("main");
    for (const q of questions) {
      if (q.type === "FREE_TEXT") await main.getByRole("textbox", { name: q.question }).fill(text);
      else
        await main
          .getByRole("radiogroup", { name: q.question })
          .getByRole("radio", { name: q.type === "YES_NO" ? "Yes" : choice })
          .check();
    }
  }

  async upload(name: string, body: Buffer, mimeType = "application/pdf") {
    await this.page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: body });
    // the file is checked in a child process before it is listed: seconds on a busy machine
    await expect(this.page.getByRole("list", { name: "Attached files" })).toContainText(name, { timeout: 30_000 });
  }

  async next(heading: string) {
    await this.page.getByRole("button", { name: "Next" }).click();
    await expect(this.page.getByRole("heading", { name: heading })).toBeVisible();
  }

  async back(heading: string) {
    await this.page.getByRole("button", { name: "Back" }).click();
    await expect(this.page.getByRole("heading", { name: heading })).toBeVisible();
  }

  async send() {
    const robot = this.page.getByRole("checkbox", { name: "I am not a robot" });
    if (await robot.isVisible().catch(() => false)) await robot.check();
    await this.page.getByRole("button", { name: "Send application" }).click();
  }

  /** The analytics events the page pushed, in order. */
  async events(): Promise<string[]> {
    return this.page.evaluate(() =>
      ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event ?? ""),
    );
  }
}
