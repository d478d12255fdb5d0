import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";

const DEMO_PASSWORD = "demo-password-2026";
const IDENTITY = process.env.E2E_IDENTITY_URL ?? "http://127.0.0.1:8101";
const GATEWAY = process.env.E2E_GATEWAY_URL ?? "http://127.0.0.1:4000";
// scripts/seed.py: every demo account agreed to the latest revisions but this applicant.
const RECONSENT_APPLICANT = "applicant@jobboard.example";
const DEMO_ACCOUNTS = [
  "admin@jobboard.example",
  "recruiter@greenharbor.example",
  "recruiter@openmeadow.example",
  "recruiter@riverbend.example",
  "recruiter@europa-aid.example",
  "applicant@jobboard.example",
  "jamie.lee@jobboard.example",
];
const TITLE = "Our terms and conditions have changed";
const CHECKBOX = "I agree with the terms and conditions.";
const REQUIRED = "Please accept the terms and conditions";
const SAVED = "Your consent to the latest GDPR changes has been saved.";
const LOAD_ERROR = "There was an error loading the GDPR consent.";

async function logIn(page: Page, email: string) {
  await page.goto("/user/login?destination=%2Fjobs");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/jobs"));
}

const modal = (page: Page) => page.getByRole("dialog", { name: TITLE });

/** A demo account signed in through identity: its GraphQL calls through the gateway. */
async function signedIn(email: string) {
  const login = await fetch(`${IDENTITY}/auth/credentials`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${GATEWAY}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${accessToken}`,
        "x-frontend": "jobboard/en",
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, unknown> };
  };
}

/** Every demo account agrees to the latest privacy policy (through identity and the gateway, as
 * the modal would), so no other journey meets the modal this spec's new revision brings. */
async function everyoneConsents() {
  for (const email of DEMO_ACCOUNTS) {
    const graphql = await signedIn(email);
    const infos = await graphql(
      `query { getGdprConsentInfos(type: "PRIVACY_POLICY", placement: "REGISTRATION", limit: 1) { id } }`,
    );
    const [info] = infos.data.getGdprConsentInfos as { id: string }[];
    if (!info) throw new Error("no privacy policy to consent to");
    await graphql(
      `mutation($mail: String!, $infoId: ID!) { createGdprUserConsent(mail: $mail, infoId: $infoId) { errors { code } } }`,
      { mail: email, infoId: info.id },
    );
  }
}

type PolicyTexts = { infoId: string; texts: { language: string; text: string }[] };

/** The registration privacy policy's current wording, in every language it has. */
async function currentPolicy(): Promise<PolicyTexts> {
  const admin = await signedIn("admin@jobboard.example");
  const infos = await admin(
    `query { getGdprConsentInfos(type: "PRIVACY_POLICY", placement: "REGISTRATION", limit: 1) { id } }`,
  );
  const [info] = infos.data.getGdprConsentInfos as { id: string }[];
  if (!info) throw new Error("no privacy policy");
  const revisions = await admin(
    `query($infoId: ID!) { getGdprConsentInfoRevisions(infoId: $infoId) { number texts { language text } } }`,
    { infoId: info.id },
  );
  const latest = (revisions.data.getGdprConsentInfoRevisions as { number: number; texts: PolicyTexts["texts"] }[])
    .sort((a, b) => b.number - a.number)[0];
  if (!latest) throw new Error("the privacy policy has no revision");
  return { infoId: info.id, texts: latest.texts.map(({ language, text }) => ({ language, text })) };
}

// The wording before the journey's test revision: published again at the end, so the demo
// board's sign-up page does not keep the journey's text.
let original: PolicyTexts | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  original = await currentPolicy();
});

test.afterAll(async () => {
  if (original) {
    const restored = await (await signedIn("admin@jobboard.example"))(
      `mutation($infoId: ID!, $texts: [ConsentTextInput!]!) {
        publishGdprConsentInfoRevision(infoId: $infoId, texts: $texts) { __typename } }`,
      { infoId: original.infoId, texts: original.texts },
    );
    const answer = restored.data?.publishGdprConsentInfoRevision as { __typename: string } | undefined;
    expect(answer?.__typename, JSON.stringify(restored)).toBe("GdprConsentInfoSaved");
  }
  await everyoneConsents();
});

test("an admin publishes a new privacy policy; an applicant confirms it once; a dismissal comes back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The admin publishes a new revision of the privacy policy on /admin/consent.
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, "admin@jobboard.example");
  await admin.goto("/admin/consent");
  const policy = admin.getByRole("region", { name: "PRIVACY_POLICY REGISTRATION" });
  const revision = await policy.getByText(/^Revision \d+$/).textContent();
  const before = Number(revision?.replace("Revision ", ""));
  const text = `<p>We keep your data safe (e2e ${Date.now()}).</p>`;
  // The field holds the current text; typed into before React has hydrated it, the text would
  // be replaced by the current one again and that would be published.
  const field = policy.getByLabel(/New text/);
  await expect
    .poll(() => field.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
  await field.fill(text);
  await expect(field).toHaveValue(text);
  await policy.getByRole("button", { name: "Publish new revision" }).click();
  await expect(policy.getByText(`Revision ${before + 1} published.`, { exact: false })).toBeVisible();
  await admin.context().close();

  // The applicant who agreed to an older revision sees the modal.
  const page = await (await browser.newContext()).newPage();
  await logIn(page, RECONSENT_APPLICANT);
  await expect(modal(page)).toBeVisible();
  await expect(modal(page)).toContainText("We keep your data safe");
  await expect(modal(page).getByRole("link", { name: /privacy policy/i })).toBeVisible();
  const confirm = modal(page).getByRole("button", { name: "Confirm" });
  await expect(confirm).toBeDisabled();
  const box = modal(page).getByRole("checkbox", { name: CHECKBOX });
  await box.check();
  await box.uncheck();
  await expect(modal(page).getByText(REQUIRED)).toBeVisible();
  await expect(confirm).toBeDisabled();
  await box.check();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole("main")).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(modal(page)).toBeHidden();
  await page.context().close();

  // Another user dismisses it; it comes back on the next visit.
  const other = await (await browser.newContext()).newPage();
  await logIn(other, "jamie.lee@jobboard.example");
  await expect(modal(other)).toBeVisible();
  await modal(other).getByRole("button", { name: "Not now" }).click();
  await expect(modal(other)).toBeHidden();
  await expect(other.getByText(SAVED)).toBeHidden();
  await other.goto("/jobs");
  await expect(modal(other)).toBeVisible();
  await other.context().close();
});

test("with consent stopped, a user who lacks the latest consent sees the danger flag and the page still works", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, "jamie.lee@jobboard.example");
  const stack = fileURLToPath(new URL("../../deploy/local/stack", import.meta.url));
  execFileSync(stack, ["stop", "consent"], { stdio: "ignore" });
  try {
    await page.goto("/jobs");
    await expect(page.getByRole("alert").filter({ hasText: LOAD_ERROR })).toBeVisible();
    await expect(modal(page)).toBeHidden();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByTestId("current-user")).toBeVisible();
  } finally {
    execFileSync(stack, ["start", "consent"], { stdio: "ignore", timeout: 90_000 });
  }
});
