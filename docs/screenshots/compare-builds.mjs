// Two builds of the web app side by side, page by page: full-page screenshots at 390 and 1280 px
// (Debian's Chromium, headless), written to out/compare/ and compared pixel for pixel, after the
// page hydrated. For a change that must not change what a visitor sees.
//   node compare-builds.mjs URL-A URL-B [path ...]   (default: /, /jobs, /organizations, /user/login)
// (it needs e2e's node_modules: cd e2e && npm ci)
import { mkdirSync, writeFileSync } from "node:fs";

const playwrightDir = new URL("../../e2e/node_modules", import.meta.url).pathname;
const playwright = await import(`${playwrightDir}/@playwright/test/index.js`);
const { chromium } = playwright.chromium ? playwright : playwright.default;

const [a, b, ...rest] = process.argv.slice(2);
const paths = rest.length > 0 ? rest : ["/", "/jobs", "/organizations", "/user/login"];
const out = new URL("./out/compare/", import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
let different = 0;
for (const width of [390, 1280]) {
  for (const path of paths) {
    const shots = [];
    for (const base of [a, b]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      shots.push(await page.screenshot({ fullPage: true, animations: "disabled" }));
      await context.close();
    }
    const name = `${path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${width}`;
    shots.forEach((shot, index) => writeFileSync(new URL(`${name}-${index ? "b" : "a"}.png`, out), shot));
    const same = Buffer.compare(shots[0], shots[1]) === 0;
    if (!same) different += 1;
    console.log(`${same ? "same     " : "DIFFERENT"} ${width} px ${path}`);
  }
}
await browser.close();
process.exitCode = different > 0 ? 1 : 0;
