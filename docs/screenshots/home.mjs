// The home page in both colour schemes at 390 px and 1280 px (full page), with the cookie
// choice made so the banner does not cover it. Driven by the e2e folder's Playwright.
// Usage: node home.mjs <base URL> <out dir>
const [base = "http://127.0.0.1:3002", out = "out"] = process.argv.slice(2);
const playwright = await import(new URL("../../e2e/node_modules/@playwright/test/index.js", import.meta.url).href);
const { chromium } = playwright.chromium ? playwright : playwright.default;
const { mkdirSync } = await import("node:fs");
mkdirSync(out, { recursive: true });

const consent = {
  name: "jb_cookie_consent",
  value: encodeURIComponent(JSON.stringify({ version: 1, granted: [], at: "2026-01-01T00:00:00Z" })),
  url: base,
};
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const colorScheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
    await context.addCookies([consent]);
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.screenshot({ path: `${out}/home-${colorScheme}-${width}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
console.log(`home screenshots in ${out}/`);
