import { defineConfig, devices } from "@playwright/test";

const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? "http://127.0.0.1:3002";

/**
 * Journeys start as a visitor who already answered the cookie banner with "reject all" (the
 * banner would cover the bottom of every page); the cookie-consent journey clears it.
 */
export function consentChoice(granted: string[]) {
  return {
    name: "jb_cookie_consent",
    value: encodeURIComponent(JSON.stringify({ version: 1, granted, at: "2026-01-01T00:00:00Z" })),
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  };
}

export const COOKIE_CHOICE = consentChoice([]);
/** For journeys that check tracked events: the tag library (C0001) and analytics (C0002). */
export const MEASURING = { cookies: [consentChoice(["C0001", "C0002"])], origins: [] };

/**
 * Journeys that change what every other journey sees, so they run alone, after the others: a new
 * privacy policy (everyone is asked again) and a stopped consent service, a stopped billing
 * service, an edited landing page, counts compared with Elasticsearch (another journey's new job
 * would move them), and the demo users' remembered sidebar.
 */
const EXCLUSIVE = [
  "**/consent.spec.ts",
  "**/organizations.spec.ts",
  "**/landing-pages.spec.ts",
  "**/search-counts.spec.ts",
  "**/sidebar-state.spec.ts",
];

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Debian's Chromium (scripts/ensure-chromium.sh); Playwright's own builds cannot be fetched.
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "./tests",
  // Files run side by side (each file's tests in order); E2E_WORKERS=1 runs one at a time.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // two journeys share two cores with the whole stack: a slow step is not a failure, a wrong one is
  timeout: 90_000,
  // an assertion waits for its condition up to 20 s, not Playwright's 5: a page that answers
  // after 6 s on a busy machine (the Python suite runs beside the journeys) is slow, not wrong
  expect: { timeout: 20_000 },
  reporter: [
    ["list"],
    // make test sums up the failures from it at the end of its log (scripts/failures.mjs)
    ...(process.env.E2E_JSON_REPORT ? [["json", { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    storageState: { cookies: [COOKIE_CHOICE], origins: [] },
  },
  // Without E2E_BASE_URL: reuse the web server on 3002, or start the built one (web: npm run build).
  webServer: externalBaseURL
    ? undefined
    : {
        command: "npm --prefix ../web start",
        url: baseURL,
        reuseExistingServer: true,
        timeout: 30_000,
        env: { PORT: "3002" },
      },
  projects: [
    // Journeys that only add what they clean up again, two files at a time.
    { name: "chromium", testIgnore: EXCLUSIVE, use: chromium },
    // Then the ones that change the board for everyone, one at a time.
    // (make test runs the two one after the other, the second with --no-deps, so a failure in
    // the first does not leave the second untried)
    { name: "exclusive", testMatch: EXCLUSIVE, use: chromium, dependencies: ["chromium"], workers: 1 },
    // Not a test: docs/screenshots/every-page, regenerated on demand (`npm run screenshots`).
    { name: "screenshots", testDir: "./screenshots", testMatch: "*.ts", use: chromium },
  ],
});
