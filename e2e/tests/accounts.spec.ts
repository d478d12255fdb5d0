import { type Page } from "@playwright/test";
import { eraseAccounts, signedInUserId } from "../fixtures/accounts";
import { expect, test } from "../fixtures/test";
import { MEASURING } from "../playwright.config";

// These journeys check the events sent to the tag library: the visitor allowed it (C0001, C0002).
test.use({ storageState: MEASURING });

const MAIL_API = process.env.E2E_MAIL_API ?? "http://127.0.0.1:8025";
const DEMO_PASSWORD = "demo-password-2026";

interface Mail {
  id: number;
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the newest mail to `address` in the local SMTP catcher and returns its first link. */
async function mailedLink(address: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_API}/api/messages?to=${encodeURIComponent(address)}`);
        const mails = (await response.json()) as Mail[];
        link = mails
          .map((mail) => /https?:\/\/\S+/.exec(mail.text)?.[0])
          .find((url) => url?.includes(pathPart));
        return link;
      },
      { timeout: 20_000, message: `a mail to ${address} with a ${pathPart} link` },
    )
    .toBeTruthy();
  return link as string;
}

async function logIn(page: Page, email: string, password: string, destination?: string) {
  await page.goto(destination ? `/user/login?destination=${encodeURIComponent(destination)}` : "/user/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

test("sign up as an applicant, confirm the mailed link, log in, stay logged in, log out", async ({ browser, page }) => {
  const email = `e2e.${Date.now()}@example.org`;
  await page.goto("/user/register");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("compilers-1952");
  // The privacy policy is an opt-in consent at registration (ADR 0009).
  await page.getByRole("checkbox", { name: "I agree with the terms and conditions." }).check();
  // This site turns the captcha on for sign-up: without it, nothing is sent.
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByText("Please confirm that you are not a robot.")).toBeVisible();
  await page.getByRole("checkbox", { name: "I am not a robot" }).check();
  await expect(page.getByText("Please confirm that you are not a robot.")).toBeHidden();
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByRole("heading", { name: "Check your mailbox" })).toBeVisible();

  const link = new URL(await mailedLink(email, "/user/verify-email"));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(/confirmed/i).first()).toBeVisible();

  await logIn(page, email, "compilers-1952");
  await page.waitForURL((url) => url.pathname === "/" && !url.searchParams.has("dispatch"));
  await expect(page.getByTestId("current-user")).toHaveText("Grace Hopper");
  // The login event was sent once and the parameter removed.
  const loginEvents = await page.evaluate(
    () => (window as { dataLayer?: { event?: string }[] }).dataLayer?.filter((e) => e.event === "login").length,
  );
  expect(loginEvents).toBe(1);

  await page.reload();
  await expect(page.getByTestId("current-user")).toHaveText("Grace Hopper");
  const userId = await signedInUserId(page);
  // Page scripts never see the access token.
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).text());
  expect(session).toContain("Grace Hopper");
  expect(session).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await eraseAccounts(browser, [userId]);
});

// The Demo SSO journey below clicks the account menu as soon as the name shows; this one does so
// on any port (the provider sends people back to 3002 only). The menu's code is loaded where it
// renders: the page must hydrate with it, or the click is lost (ADR 0050).
test("signed in on the home page, the account menu answers the first click after a load", async ({ page }) => {
  await logIn(page, "applicant@jobboard.example", DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/" && !url.searchParams.has("dispatch"));
  for (let load = 0; load < 3; load += 1) {
    await page.reload();
    await expect(page.getByTestId("current-user")).toBeVisible();
    await page.getByRole("button", { name: /Account menu/ }).click();
    await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
});

test("a wrong password gets a clear message", async ({ page }) => {
  await logIn(page, "applicant@jobboard.example", "not-the-password");
  await expect(page.getByRole("alert")).toContainText("The email address or password is not correct.");
});

test("a recruiter reaches the recruiter-only resume search; an applicant is refused; a visitor must log in", async ({
  page,
}) => {
  await page.goto("/resumes");
  await expect(page).toHaveURL(/\/user\/login\?destination=%2Fresumes&error=SessionRequired/);
  await expect(page.getByText("Please log in to see this page.")).toBeVisible();

  await page.getByLabel("Email address").fill("recruiter@greenharbor.example");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/resumes" && !url.searchParams.has("dispatch"));
  await expect(page.getByRole("heading", { name: "Search resumes" })).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, "applicant@jobboard.example", DEMO_PASSWORD, "/resumes");
  await page.waitForURL((url) => url.pathname === "/resumes");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("sign up as a recruiter with the Demo SSO OpenID provider, come back signed in, log out", async ({
  browser,
  page,
}) => {
  const login = `mae.jemison.${Date.now()}@example.org`;
  // The provider's own pages (oidc-provider's development interactions): a login the first
  // time, then at most a "continue".
  const throughTheProvider = async () => {
    await page.waitForURL((url) => url.port === "3005");
    const name = page.locator('input[name="login"]');
    if (await name.isVisible({ timeout: 3_000 }).catch(() => false)) {
      await name.fill(login);
      await page.locator('input[name="password"]').fill("anything");
      await page.locator('button[type="submit"]').click();
    }
    const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
    if (await consent.isVisible({ timeout: 3_000 }).catch(() => false)) await consent.click();
  };

  // "Log in with Demo SSO" for someone without an account: the site needs the registration
  // consent first, so the sign-up page says why and continues with the same provider.
  await page.goto("/user/login");
  await page.getByRole("button", { name: "Log in with Demo SSO" }).click();
  await throughTheProvider();
  await page.waitForURL((url) => url.port === "3002" && url.pathname === "/user/register");
  await expect(page.getByRole("status")).toContainText("One step before your account with Demo SSO");
  await page.getByText("I am hiring").click();
  await page.getByRole("checkbox", { name: "I agree with the terms and conditions." }).check();
  await page.getByRole("button", { name: "Sign up with Demo SSO" }).click();
  // the provider remembers the login of a moment ago, and may send the browser straight back
  await page.waitForURL((url) => url.port === "3005" || (url.port === "3002" && url.pathname === "/"));
  if (new URL(page.url()).port === "3005") await throughTheProvider();

  await page.waitForURL((url) => url.port === "3002" && url.pathname === "/");
  await expect(page.getByTestId("current-user")).toHaveText("Mae Jemison");
  // the browser context's cookies, without racing a navigation the page may still be doing
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session).toMatchObject({ isNewUserViaSocial: true, user: { email: login, roles: ["recruiter"] } });
  const userId = (session as { user: { id: string } }).user.id;
  // sign_up_start is sent once, guarded by the local-storage marker.
  const signUpStarts = () =>
    page.evaluate(() => ({
      sent: ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter(
        (e) => e.event === "sign_up_start",
      ).length,
      marker: localStorage.getItem("jobboard.social-signup-sent"),
    }));
  // sent by the shell's session tracker once the session is read: wait for it, do not race it
  await expect.poll(signUpStarts).toEqual({ sent: 1, marker: "1" });
  await page.reload();
  await expect(page.getByTestId("current-user")).toHaveText("Mae Jemison");
  expect(await signUpStarts()).toEqual({ sent: 0, marker: "1" });

  // Log out: back to the visitor's shell, no session left, and the marker goes with it.
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toBeHidden();
  expect(await (await page.request.get("/api/auth/session")).json()).toBeNull();
  await page.reload();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("current-user")).toBeHidden();
  await expect.poll(signUpStarts).toEqual({ sent: 0, marker: null });
  await eraseAccounts(browser, [userId]);
});

test("an admin acts as an applicant: the banner shows, the write is in the audit log under the admin", async ({
  page,
}) => {
  await logIn(page, "admin@jobboard.example", DEMO_PASSWORD, "/admin/masquerade");
  await page.waitForURL((url) => url.pathname === "/admin/masquerade");
  await page.getByLabel("Email address or user id").fill("jamie.lee@jobboard.example");
  await page.getByRole("button", { name: "Act as this user" }).click();
  await expect(page.getByTestId("masquerade-banner")).toContainText("You are acting as Jamie Lee");
  // the browser context's cookies, without racing a navigation the page may still be doing
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session).toMatchObject({ masqueraded: true, user: { email: "jamie.lee@jobboard.example" } });

  // A write as Jamie: the account settings form.
  await page.goto("/user/account");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Display name").fill(`Jamie L. ${Date.now()}`);
  await profile.getByRole("button", { name: "Save the profile" }).click();
  await expect(profile.getByText("Your profile was saved.")).toBeVisible();
  await profile.getByLabel("Display name").fill("");
  await profile.getByRole("button", { name: "Save the profile" }).click();

  await page.getByRole("button", { name: "Stop masquerading" }).click();
  await expect(page.getByTestId("masquerade-banner")).toBeHidden();
  await expect(page.getByTestId("current-user")).toHaveText("Alex Admin");

  // The audit log names the admin and the user acted as.
  await expect
    .poll(
      async () => {
        await page.goto("/admin/audit-log");
        const row = page.getByRole("row").filter({ hasText: "UpdateProfile" }).first();
        return (await row.count()) > 0 ? row.innerText() : "";
      },
      { timeout: 20_000, message: "the masqueraded write in the audit log" },
    )
    .toMatch(/Alex Admin[\s\S]*Jamie L[\s\S]*identity[\s\S]*UpdateProfile[\s\S]*succeeded/i);
});

test("a non-admin cannot masquerade", async ({ page }) => {
  await logIn(page, "applicant@jobboard.example", DEMO_PASSWORD, "/admin/masquerade");
  await page.waitForURL((url) => url.pathname === "/admin/masquerade");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});
