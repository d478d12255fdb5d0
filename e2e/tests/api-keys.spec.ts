import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed and the web server's /api/ats proxy: Rita
// (recruiter@greenharbor) is a recruiter of Green Harbor Foundation.
//
// The journey leaves nothing behind: it revokes the key it made and removes it from the list
// (through the page, or at the end through GraphQL when a step failed before).

const ORGANIZATION = "Green Harbor Foundation";

/** Revokes and removes the organization's keys named `name` as the signed-in recruiter (the cleanup). */
async function removeKeysNamed(page: Page, profileId: string, name: string) {
  const answers = await page.evaluate(
    async ({ profileId, name }) => {
      const graphql = async (query: string, variables: Record<string, unknown>) => {
        const response = await fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query, variables }),
        });
        return ((await response.json()) as { data?: Record<string, unknown> }).data ?? {};
      };
      const profile = (await graphql("query($id: ID!) { organizationProfile(id: $id) { organization { id } } }", {
        id: profileId,
      })) as { organizationProfile?: { organization?: { id: string } } };
      const organizationId = profile.organizationProfile?.organization?.id;
      if (!organizationId) return ["no organization"];
      const listed = (await graphql("query($id: ID!) { apiKeys(organizationId: $id) { id name revokedAt } }", {
        id: organizationId,
      })) as { apiKeys?: { id: string; name: string; revokedAt: string | null }[] };
      const answers: string[] = [];
      for (const key of listed.apiKeys ?? []) {
        if (key.name !== name) continue;
        if (!key.revokedAt) await graphql("mutation($id: ID!) { revokeApiKey(id: $id) { __typename } }", { id: key.id });
        const removed = (await graphql("mutation($id: ID!) { deleteApiKey(id: $id) { __typename } }", {
          id: key.id,
        })) as { deleteApiKey?: { __typename: string } };
        answers.push(removed.deleteApiKey?.__typename ?? "no answer");
      }
      return answers;
    },
    { profileId, name },
  );
  expect(answers.every((answer) => answer === "ApiKeyDeleted"), `the journey's key removed: ${answers.join(", ")}`).toBe(true);
}

test("a recruiter makes an ATS API key, the API answers to it, and refuses it once the key is revoked", async ({
  page,
  request,
}) => {
  const name = `e2e key ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await new LoginPage(page).logIn("recruiter@greenharbor.example", "/dashboard/organization");
  await page.getByRole("listitem", { name: ORGANIZATION }).getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${ORGANIZATION}` })).toBeVisible();
  await page.getByRole("link", { name: "API keys", exact: true }).click();
  await page.waitForURL(/\/dashboard\/organization\/[^/]+\/api-keys$/);
  const profileId = new URL(page.url()).pathname.split("/")[3] ?? "";
  await expect(page.getByRole("heading", { level: 1, name: `API keys of ${ORGANIZATION}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "the ATS API's interactive documentation" })).toHaveAttribute(
    "href",
    "/api/ats/v1/docs",
  );

  const form = page.getByRole("region", { name: "Create a key" });
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await expect(form.getByRole("checkbox", { name: /^Jobs/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /^Applications/ })).toBeChecked();
  await form.getByRole("button", { name: "Create key" }).click();

  let removedInPage = false;
  try {
    // The secret, shown this once
    const panel = form.getByRole("status", { name: `Your new key ${name}` });
    await expect(panel).toContainText("it will not be shown again");
    await expect(panel.getByRole("button", { name: "Copy key" })).toBeVisible();
    const secret = await panel.getByRole("textbox", { name: "Secret key" }).inputValue();
    expect(secret).toMatch(/^jbk_[A-Za-z0-9_-]{40,}$/);

    const keys = page.getByRole("table", { name: "Keys" });
    const row = keys.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText(`${secret.slice(0, 10)}…`);
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Never");

    // The key alone (no session) reads the organization's jobs through the web server
    const bearer = { Authorization: `Bearer ${secret}` };
    const jobs = await request.get("/api/ats/v1/jobs", { headers: bearer });
    expect(jobs.status(), await jobs.text()).toBe(200);
    expect(jobs.headers()["content-type"]).toContain("json");
    expect(Array.isArray(((await jobs.json()) as { jobs?: unknown }).jobs)).toBe(true);

    // Back on the page the secret is gone for good, and the key was used
    await page.reload();
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Never");
    await expect(page.getByRole("status", { name: /^Your new key/ })).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // Revoking asks first, then the key is refused at once
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke ${name}?` });
    await dialog.getByRole("button", { name: "Revoke the key" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Revoked on");
    await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);

    const refused = await request.get("/api/ats/v1/jobs", { headers: bearer });
    expect(refused.status()).toBe(401);

    // A revoked key can leave the list
    await row.getByRole("button", { name: `Remove ${name} from the list` }).click();
    await expect(keys.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    removedInPage = true;
  } finally {
    if (!removedInPage) await removeKeysNamed(page, profileId, name);
  }
});
