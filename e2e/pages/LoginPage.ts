import { expect, type Locator, type Page } from "@playwright/test";

/** The demo seed's password for every demo account (deploy/local demo seed). */
export const DEMO_PASSWORD = "demo-password-2026";

/** /user/login: email and password. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel("Email address");
    this.password = page.getByRole("textbox", { name: "Password", exact: true });
    this.submit = page.getByRole("button", { name: "Log in", exact: true });
  }

  /** Logs in and waits until the destination has loaded. */
  async logIn(email: string, destination: string, password = DEMO_PASSWORD) {
    await this.page.goto(`/user/login?destination=${encodeURIComponent(destination)}`);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
    await this.page.waitForURL((url) => url.pathname === destination);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }
}
