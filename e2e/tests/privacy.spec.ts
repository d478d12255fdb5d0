import { inflateRawSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import { mailedLink, signUp } from "../fixtures/accounts";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

const SERVICES = ["identity", "organizations", "jobs", "resumes", "billing", "consent", "search", "analytics"];

/** The entries of a zip archive, by name (stored or deflated; enough for the export's archive). */
function zipEntries(archive: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let offset = 0;
  while (archive.readUInt32LE(offset) === 0x04034b50) {
    const method = archive.readUInt16LE(offset + 8);
    const size = archive.readUInt32LE(offset + 18);
    const nameLength = archive.readUInt16LE(offset + 26);
    const extraLength = archive.readUInt16LE(offset + 28);
    const name = archive.toString("utf8", offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extraLength;
    const data = archive.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset = start + size;
  }
  return entries;
}

test("a person downloads a copy of their data from the account page, then deletes the account", async ({
  browser,
  page,
}) => {
  const person = {
    firstName: "Rosalind",
    lastName: "Franklin",
    email: `e2e.export.${Date.now()}@example.org`,
    password: "double-helix-1952",
  };
  await signUp(page, person, "/jobs");
  // something of theirs in another service: a bookmarked job
  await page.getByRole("button", { name: "Bookmark", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Bookmarked" })).toHaveCount(1);

  await page.goto("/user/account");
  const section = page.getByRole("region", { name: "Your data" });
  await section.getByRole("button", { name: "Request a copy of my data" }).click();
  const item = section.getByTestId("data-export").first();
  await expect(item.getByText("Preparing").or(item.getByText("Ready"))).toBeVisible();
  // every part of the site sends its share within moments; the list follows by itself
  await expect(item.getByText("Ready")).toBeVisible({ timeout: 60_000 });

  const download = page.waitForEvent("download");
  await item.getByRole("link", { name: /^Download/ }).click();
  const archive = zipEntries(await readFile(await (await download).path()));
  for (const service of SERVICES) expect(archive.has(`${service}/data.json`), service).toBe(true);
  expect(archive.has("README.txt")).toBe(true);
  const identity = JSON.parse(archive.get("identity/data.json")?.toString() ?? "{}") as {
    account: { email: string; first_name: string };
  };
  expect(identity.account.email).toBe(person.email);
  expect(identity.account.first_name).toBe("Rosalind");
  const jobs = JSON.parse(archive.get("jobs/data.json")?.toString() ?? "{}") as { bookmarks?: unknown[] };
  expect(jobs.bookmarks).toHaveLength(1);
  const consent = JSON.parse(archive.get("consent/data.json")?.toString() ?? "{}") as { consents?: unknown[] };
  expect(consent.consents?.length).toBeGreaterThan(0);

  // the mailed link works only for the person: a visitor opening it is sent to sign in first
  const link = new URL(await mailedLink(person.email, "/api/uploads/identity/files/"));
  const visitor = await browser.newContext();
  try {
    const other = await visitor.newPage();
    await other.goto(`${link.pathname}${link.search}`);
    await expect(other).toHaveURL(/\/user\/login\?destination=/);
    await expect(other.getByRole("heading", { name: "Log in" })).toBeVisible();
  } finally {
    await visitor.close();
  }

  // deleting the account: confirmed with the password, signed out, and the sign-in refused
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Current password").fill(person.password);
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  const login = new LoginPage(page);
  await page.goto("/user/login");
  await login.email.fill(person.email);
  await login.password.fill(person.password);
  await login.submit.click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
});
