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

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
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
    {
      name: "chromium",
      use: {
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
      },
    },
  ],
});
