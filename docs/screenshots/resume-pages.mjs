// Screenshots of the applicant's resume pages (/resume with and without a resume, the wizard's
// steps, /resume/edit) at 390 px and 1280 px, with a forged applicant session, against a web dev
// server whose GATEWAY_URL is resume-mock-gateway.mjs. Driven by the e2e folder's Playwright
// (PLAYWRIGHT_DIR overrides where its node_modules are) with Debian's Chromium.
// Usage: node resume-pages.mjs <web origin> <AUTH_SECRET> <out dir>
const [origin = "http://127.0.0.1:3023", secret = "screenshots-only-secret-not-for-real-use-000", out = "out"] = process.argv.slice(2);
const playwrightDir = process.env.PLAYWRIGHT_DIR ?? new URL("../../e2e/node_modules/", import.meta.url).pathname;
const playwright = await import(`${playwrightDir}/@playwright/test/index.js`);
const { chromium } = playwright.chromium ? playwright : playwright.default;
const { encode } = await import(new URL("../../web/node_modules/@auth/core/jwt.js", import.meta.url).href);

const COOKIE = "authjs.session-token";
const user = { id: "u1", name: "Ada Applicant", email: "ada@example.org", roles: ["authenticated", "applicant"], emailVerified: true };
const session = (accessToken) =>
  encode({
    token: { sub: "u1", user, accessToken, accessTokenExpiresAt: Math.floor(Date.now() / 1000) + 3600, masqueraded: false, isNewUserViaSocial: false },
    secret,
    salt: COOKIE,
  });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const shots = [
  ["resume-empty", "/resume", "screenshot.empty"],
  ["resume", "/resume", "screenshot.full"],
  ["resume-wizard-personal-info", "/resume/wizard/personal-info", "screenshot.full"],
  ["resume-wizard-job-preferences", "/resume/wizard/job-preferences", "screenshot.full"],
  ["resume-wizard-work-experience", "/resume/wizard/work-experience", "screenshot.full"],
  ["resume-wizard-languages", "/resume/wizard/languages", "screenshot.full"],
  ["resume-edit", "/resume/edit", "screenshot.full"],
];
for (const width of [390, 1280]) {
  for (const [name, path, accessToken] of shots) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: COOKIE, value: await session(accessToken), url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
