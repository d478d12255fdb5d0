// Screenshots of the signed-in job pages (/job/wizard, /job-manager, /admin/jobs-review) at
// 390 px and 1280 px, with a forged session cookie, against a web dev server whose GATEWAY_URL
// is mock-gateway.mjs. Driven by the e2e folder's Playwright with Debian's Chromium.
// Usage: node jobs-dashboard.mjs <web origin> <AUTH_SECRET> <out dir>
const [origin = "http://127.0.0.1:3013", secret = "screenshots-only-secret-not-for-real-use-000", out = "out"] = process.argv.slice(2);
const playwright = await import(new URL("../../e2e/node_modules/@playwright/test/index.js", import.meta.url).href);
const { chromium } = playwright.chromium ? playwright : playwright.default;
const { encode } = await import(new URL("../../web/node_modules/@auth/core/jwt.js", import.meta.url).href);

const COOKIE = "authjs.session-token";
const user = { id: "u1", name: "Rita Recruiter", email: "rita@acme.example", roles: ["authenticated", "recruiter", "administrator"], emailVerified: true };
const token = await encode({
  token: { sub: "u1", user, accessToken: "screenshot.token", accessTokenExpiresAt: Math.floor(Date.now() / 1000) + 3600, masqueraded: false, isNewUserViaSocial: false },
  secret,
  salt: COOKIE,
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const pages = [
  ["job-wizard-start", "/job/wizard"],
  ["job-wizard-draft", "/job/wizard?job=job-2"],
  ["job-manager", "/job-manager"],
  ["admin-jobs-review", "/admin/jobs-review"],
];
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: COOKIE, value: token, url: origin }]);
  const page = await context.newPage();
  for (const [name, path] of pages) {
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
  if (width === 1280) {
    // The review step: the structured-data checklist and the refusal.
    await page.goto(`${origin}/job/wizard?job=job-2`);
    await page.getByRole("button", { name: "Review and publish" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/job-wizard-review-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
