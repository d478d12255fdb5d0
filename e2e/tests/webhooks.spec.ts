import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type Page } from "@playwright/test";
import { grantCredits } from "../fixtures/credits";
import { expect, test } from "../fixtures/test";
import { JobSearchPage } from "../pages/JobSearchPage";
import { LoginPage } from "../pages/LoginPage";

// Needs the whole stack with the demo seed (gateway, jobs, billing, search, analytics and its
// webhook sender, the web server's /api/ats proxy) and analytics allowing webhooks to this
// machine (ANALYTICS_WEBHOOKS_ALLOW_PRIVATE_TARGETS, on in the local stack). Rita
// (recruiter@greenharbor) is a recruiter of Green Harbor Foundation, the demo board's ATS
// organization; an administrator grants it the 50 job slots the journey spends.
//
// The journey leaves nothing running or listed: it closes the 50 jobs it published (they leave
// the public search) and deletes them through the ATS API, deletes the endpoint, revokes the key
// and removes it from the list, through the pages or, when a step failed before, at the end
// through the APIs.

const RECRUITER = "recruiter@greenharbor.example";
const ORGANIZATION = "Green Harbor Foundation";
const ORGANIZATION_SLUG = "green-harbor-foundation";
const JOBS = 50;
// The demo vocabularies' Full-time and IT Operations & Support: the wizard asks for both to publish.
const FULL_TIME = 3000;
const IT_OPERATIONS = 1026;

/** One POST the receiver got: the Standard Webhooks headers and the raw body. */
interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  at: number;
}

interface Receiver {
  url: string;
  received: Received[];
  close: () => Promise<void>;
}

/** A webhook receiver on this machine (a random port): it keeps each request and answers 204. */
async function startReceiver(path: string): Promise<Receiver> {
  const received: Received[] = [];
  const header = (request: IncomingMessage, name: string) => String(request.headers[name] ?? "");
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === path) {
        received.push({
          id: header(request, "webhook-id"),
          timestamp: header(request, "webhook-timestamp"),
          signature: header(request, "webhook-signature"),
          body: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        response.writeHead(204).end();
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Standard Webhooks check a receiver makes: HMAC-SHA256, keyed with the base64 after
 * `whsec_`, over `id.timestamp.body`, compared with each `v1,` signature of the header (two while
 * a rotated secret overlaps).
 */
function signedWith(secret: string, delivery: Received): boolean {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`).digest("base64");
  return delivery.signature
    .split(" ")
    .map((part) => part.split(","))
    .some(([version, signature]) => version === "v1" && signature === expected);
}

interface Payload {
  type: string;
  timestamp: string;
  data: { job_id: string; title: string; state: string; url: string };
}

/** The job.published deliveries of this run's jobs, by webhook-id (a retry or a replay comes again). */
function publishedOfRun(receiver: Receiver, run: string): Map<string, { delivery: Received; payload: Payload }> {
  const byId = new Map<string, { delivery: Received; payload: Payload }>();
  for (const delivery of receiver.received) {
    const payload = JSON.parse(delivery.body) as Payload;
    if (payload.type === "job.published" && payload.data.title.includes(run)) byId.set(delivery.id, { delivery, payload });
  }
  return byId;
}

/** A job as the organization's ATS sends it: what the wizard asks for before publishing. */
function posting(run: string, number: number) {
  return {
    external_reference: `WH-${run}-${number}`,
    title: `Webhook courier ${run} ${number}`,
    description: `<p>Carry signed messages between systems (journey ${run}).</p>`,
    locations: [{ address: { country_code: "US", locality: "Chicago" } }],
    employment_type_tids: [FULL_TIME],
    occupational_field_tids: [IT_OPERATIONS],
    application_workflow: "on_site",
    publish: true,
  };
}

/** GraphQL as the signed-in recruiter's page sends it. */
async function graph<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data?: unknown }).data as T;
    },
    { query, variables },
  );
}

/** The cleanup's way when the pages could not: the run's endpoints deleted, its keys revoked and removed. */
async function removeLeftovers(page: Page, profileId: string, keyName: string, endpointUrl: string) {
  const profile = await graph<{ organizationProfile?: { organization?: { id: string } } }>(
    page,
    "query($id: ID!) { organizationProfile(id: $id) { organization { id } } }",
    { id: profileId },
  );
  const organizationId = profile.organizationProfile?.organization?.id;
  if (!organizationId) return;
  const answers: string[] = [];
  const hooks = await graph<{ webhookEndpoints?: { id: string; url: string }[] }>(
    page,
    "query($o: ID!) { webhookEndpoints(organizationId: $o) { id url } }",
    { o: organizationId },
  );
  for (const endpoint of hooks.webhookEndpoints ?? []) {
    if (endpoint.url !== endpointUrl) continue;
    const deleted = await graph<{ deleteWebhookEndpoint?: { __typename: string } }>(
      page,
      "mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { __typename } }",
      { id: endpoint.id },
    );
    answers.push(deleted.deleteWebhookEndpoint?.__typename ?? "no answer");
  }
  const keys = await graph<{ apiKeys?: { id: string; name: string; revokedAt: string | null }[] }>(
    page,
    "query($o: ID!) { apiKeys(organizationId: $o) { id name revokedAt } }",
    { o: organizationId },
  );
  for (const key of keys.apiKeys ?? []) {
    if (key.name !== keyName) continue;
    if (!key.revokedAt) await graph(page, "mutation($id: ID!) { revokeApiKey(id: $id) { __typename } }", { id: key.id });
    const removed = await graph<{ deleteApiKey?: { __typename: string } }>(
      page,
      "mutation($id: ID!) { deleteApiKey(id: $id) { __typename } }",
      { id: key.id },
    );
    answers.push(removed.deleteApiKey?.__typename ?? "no answer");
  }
  expect(
    answers.every((answer) => answer === "WebhookEndpointDeleted" || answer === "ApiKeyDeleted"),
    `the journey's endpoint and key removed: ${answers.join(", ")}`,
  ).toBe(true);
}

/** Closes the run's jobs through the ATS API (closing a closed job answers it as it is), then deletes them. */
async function closeJobs(request: APIRequestContext, secret: string, run: string) {
  const refused: string[] = [];
  const headers = { Authorization: `Bearer ${secret}` };
  for (let number = 1; number <= JOBS; number += 1) {
    const path = `/api/ats/v1/jobs/${encodeURIComponent(`WH-${run}-${number}`)}`;
    const closed = await request.post(`${path}/close`, { headers });
    // 404: the batch never made it
    if (closed.status() === 404) continue;
    if (closed.status() !== 200) refused.push(`${path} close: ${closed.status()} ${await closed.text()}`);
    const deleted = await request.delete(path, { headers });
    if (deleted.status() !== 200) refused.push(`${path} delete: ${deleted.status()} ${await deleted.text()}`);
  }
  expect(refused, "every job of the run closed and deleted").toEqual([]);
}

test("a recruiter's webhook endpoint gets a signed job.published for each of 50 jobs its ATS publishes", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(600_000); // a grant, 50 slots through billing's saga, the index, 50 signed deliveries, the cleanup
  const run = `wh${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const keyName = `e2e webhooks ${run}`;
  const receiver = await startReceiver(`/hooks/${run}`);
  let profileId = "";
  let apiSecret = "";
  let keyRemoved = false;
  let endpointDeleted = false;
  let jobsClosed = false;
  try {
    await grantCredits(browser, { organizationSlug: ORGANIZATION_SLUG, kind: "JOB", amount: JOBS, label: "e2e webhooks journey" });

    // The API key, on the API keys page
    await new LoginPage(page).logIn(RECRUITER, "/dashboard/organization");
    await page.getByRole("listitem", { name: ORGANIZATION }).getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit ${ORGANIZATION}` })).toBeVisible();
    await page.getByRole("link", { name: "API keys", exact: true }).click();
    await page.waitForURL(/\/dashboard\/organization\/[^/]+\/api-keys$/);
    profileId = new URL(page.url()).pathname.split("/")[3] ?? "";
    const keyForm = page.getByRole("region", { name: "Create a key" });
    await keyForm.getByRole("textbox", { name: "Name" }).fill(keyName);
    await keyForm.getByRole("checkbox", { name: /^Applications/ }).uncheck(); // the jobs half is enough
    await keyForm.getByRole("button", { name: "Create key" }).click();
    apiSecret = await keyForm
      .getByRole("status", { name: `Your new key ${keyName}` })
      .getByRole("textbox", { name: "Secret key" })
      .inputValue();
    expect(apiSecret).toMatch(/^jbk_/);

    // The endpoint, on the webhooks page (linked from the API keys page)
    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    await page.waitForURL(/\/dashboard\/organization\/[^/]+\/webhooks$/);
    await expect(page.getByRole("heading", { level: 1, name: `Webhooks of ${ORGANIZATION}` })).toBeVisible();
    const hookForm = page.getByRole("region", { name: "Add an endpoint" });
    await hookForm.getByRole("textbox", { name: "Endpoint URL" }).fill(receiver.url);
    await hookForm.getByRole("textbox", { name: "Description" }).fill(`e2e journey ${run}`);
    await hookForm.getByRole("checkbox", { name: "job.published", exact: true }).check();
    await hookForm.getByRole("button", { name: "Add endpoint" }).click();
    const panel = hookForm.getByRole("status", { name: "Endpoint added: its signing secret" });
    const signingSecret = await panel.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await panel.getByRole("button", { name: "I have stored the secret" }).click();
    const card = page.getByRole("region", { name: "Endpoints" }).getByRole("article", { name: receiver.url });
    await expect(card).toContainText("Enabled");
    await expect(card).toContainText(`e2e journey ${run}`);
    await expect(card.getByRole("list", { name: "Events" }).getByRole("listitem")).toHaveText(["job.published"]);
    await expect(card).not.toContainText(signingSecret); // masked in the list

    // The ATS posts 50 jobs at once and asks for their publication
    const batch = await request.post("/api/ats/v1/jobs:batch", {
      headers: { Authorization: `Bearer ${apiSecret}`, "Idempotency-Key": randomUUID() },
      data: { jobs: Array.from({ length: JOBS }, (_, index) => posting(run, index + 1)) },
    });
    expect(batch.status(), await batch.text()).toBe(200);
    const answer = (await batch.json()) as {
      created: number;
      refused: number;
      results: { status: string; job?: { state: string }; errors?: unknown[] }[];
    };
    const why = JSON.stringify(answer.results.find((result) => result.errors)?.errors ?? []);
    expect({ created: answer.created, refused: answer.refused }, `the batch's refusals: ${why}`).toEqual({ created: JOBS, refused: 0 });
    for (const result of answer.results) expect(["AWAITING_SLOT", "PUBLISHED"]).toContain(result.job?.state);

    // The receiver gets one signed job.published per job
    await expect
      .poll(() => publishedOfRun(receiver, run).size, { timeout: 300_000, intervals: [2_000, 5_000] })
      .toBe(JOBS);
    const deliveries = [...publishedOfRun(receiver, run).values()];
    const titles = new Set(deliveries.map(({ payload }) => payload.data.title));
    expect(titles.size).toBe(JOBS);
    for (const { delivery, payload } of deliveries) {
      expect(delivery.id).toMatch(/^msg_/);
      expect(signedWith(signingSecret, delivery), `the signature of ${delivery.id}`).toBe(true);
      expect(signedWith(`whsec_${Buffer.from("not the secret").toString("base64")}`, delivery)).toBe(false);
      // a fresh timestamp (receivers refuse old ones, against replays by others)
      expect(Math.abs(Number(delivery.timestamp) * 1000 - delivery.at)).toBeLessThan(5 * 60_000);
      expect(payload.data.state).toBe("PUBLISHED");
      expect(payload.data.url).toMatch(/\/job\/webhook-courier-/);
    }

    // The jobs are in the organization's job manager, published
    await page.goto("/job-manager");
    await expect(page.getByRole("heading", { level: 1, name: "Job manager" })).toBeVisible();
    // Rita manages two organizations: the job manager asks which
    await page.getByRole("textbox", { name: "Organization" }).click();
    await page.getByRole("option", { name: ORGANIZATION, exact: true }).click();
    const managed = page.getByRole("row").filter({ hasText: `Webhook courier ${run}` });
    await expect(managed.first()).toBeVisible();
    await expect(managed.first()).toContainText("Published");

    // and in the public search, for a visitor
    const visitor = await (await browser.newContext()).newPage();
    const search = new JobSearchPage(visitor);
    await expect(async () => {
      await search.goto(`/jobs?search=${run}`);
      await expect(search.total).toHaveText(new RegExp(`^${JOBS} jobs`), { timeout: 5_000 });
    }).toPass({ timeout: 180_000, intervals: [2_000, 5_000] });
    await expect(search.results.getByRole("link", { name: new RegExp(`Webhook courier ${run}`) }).first()).toBeVisible();

    // The delivery log lists them as sent (its newest 50: another journey's job of the
    // organization may come in between); the newest of the run is replayed with its webhook-id
    await page.goto(`/dashboard/organization/${profileId}/webhooks`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const again = page.getByRole("region", { name: "Endpoints" }).getByRole("article", { name: receiver.url });
    await again.getByRole("button", { name: "Show the delivery log" }).click();
    const log = again.getByRole("region", { name: "Delivery log" });
    const rows = log.getByRole("table", { name: "Deliveries" }).getByRole("row").filter({ hasText: "job.published" });
    await expect(rows).toHaveCount(JOBS);
    const newest = deliveries.reduce((last, item) => (item.delivery.at > last.delivery.at ? item : last));
    const replayed = newest.delivery.id;
    const row = rows.filter({ hasText: replayed });
    await expect(row).toContainText("Sent");
    await expect(row).toContainText("HTTP 204");
    const before = receiver.received.filter((delivery) => delivery.id === replayed).length;
    await log.getByRole("button", { name: `Show the payload of ${replayed}` }).click();
    const payloadDialog = page.getByRole("dialog", { name: `Payload of ${replayed}` });
    await expect(payloadDialog).toContainText('"type": "job.published"');
    await payloadDialog.getByRole("button", { name: "Close" }).click();
    await log.getByRole("button", { name: `Replay ${replayed}` }).click();
    await expect(log.getByRole("status")).toHaveText("1 delivery is being sent again.");
    await expect
      .poll(() => receiver.received.filter((delivery) => delivery.id === replayed).length, { timeout: 120_000 })
      .toBeGreaterThan(before);
    const replay = receiver.received.filter((delivery) => delivery.id === replayed).at(-1) as Received;
    expect(signedWith(signingSecret, replay)).toBe(true);

    // Cleanup through the pages and the API: the jobs closed, gone from the search, deleted
    await closeJobs(request, apiSecret, run);
    jobsClosed = true;
    await expect(async () => {
      await search.goto(`/jobs?search=${run}`);
      await expect(search.total).toHaveText(/^0 jobs/, { timeout: 5_000 });
    }).toPass({ timeout: 180_000, intervals: [2_000, 5_000] });
    await visitor.context().close();

    // the endpoint deleted after its confirmation
    await again.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await dialog.getByRole("button", { name: "Delete the endpoint" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("article", { name: receiver.url })).toHaveCount(0);
    endpointDeleted = true;

    // the key revoked and removed
    await page.goto(`/dashboard/organization/${profileId}/api-keys`);
    const keyRow = page.getByRole("table", { name: "Keys" }).getByRole("row").filter({ hasText: keyName });
    await keyRow.getByRole("button", { name: `Revoke ${keyName}` }).click();
    await page.getByRole("dialog", { name: `Revoke ${keyName}?` }).getByRole("button", { name: "Revoke the key" }).click();
    await keyRow.getByRole("button", { name: `Remove ${keyName} from the list` }).click();
    await expect(page.getByRole("table", { name: "Keys" }).getByRole("row").filter({ hasText: keyName })).toHaveCount(0);
    keyRemoved = true;
  } finally {
    try {
      if (apiSecret && !jobsClosed) await closeJobs(request, apiSecret, run);
      if (profileId && !(endpointDeleted && keyRemoved)) await removeLeftovers(page, profileId, keyName, receiver.url);
    } finally {
      await receiver.close();
    }
  }
});
