// Two builds of the web app side by side, page by page: full-page screenshots at 390 and 1280 px
// (Debian's Chromium, headless), in the light and the dark scheme, written to out/compare/ and
// compared pixel for pixel, after the page hydrated. For a change that must not change what a
// visitor sees. A pair that differs says how many pixels do (decoded in the browser).
//   node compare-builds.mjs URL-A URL-B [path ...]   (default: /, /jobs, /organizations, /user/login)
//   SCHEMES=light (default light,dark)
// (it needs e2e's node_modules: cd e2e && npm ci)
import { mkdirSync, writeFileSync } from "node:fs";

const playwrightDir = new URL("../../e2e/node_modules", import.meta.url).pathname;
const playwright = await import(`${playwrightDir}/@playwright/test/index.js`);
const { chromium } = playwright.chromium ? playwright : playwright.default;

const [a, b, ...rest] = process.argv.slice(2);
const paths = rest.length > 0 ? rest : ["/", "/jobs", "/organizations", "/user/login"];
const schemes = (process.env.SCHEMES ?? "light,dark").split(",");
const out = new URL("./out/compare/", import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });

/** How many pixels of two PNG screenshots differ (and whether their sizes do), decoded by Chromium. */
async function pixelsApart(first, second) {
  const page = await browser.newPage();
  const result = await page.evaluate(
    async ([x, y]) => {
      const decode = async (base64) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d");
        context.drawImage(bitmap, 0, 0);
        return { width: bitmap.width, height: bitmap.height, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
      };
      const [p, q] = [await decode(x), await decode(y)];
      if (p.width !== q.width || p.height !== q.height) return { size: `${p.width}x${p.height} vs ${q.width}x${q.height}` };
      let pixels = 0;
      for (let index = 0; index < p.data.length; index += 4) {
        if (p.data[index] !== q.data[index] || p.data[index + 1] !== q.data[index + 1] || p.data[index + 2] !== q.data[index + 2]) {
          pixels += 1;
        }
      }
      return { pixels, of: p.width * p.height };
    },
    [first.toString("base64"), second.toString("base64")],
  );
  await page.close();
  return result;
}

let different = 0;
for (const scheme of schemes) {
  for (const width of [390, 1280]) {
    for (const path of paths) {
      const shots = [];
      for (const base of [a, b]) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          reducedMotion: "reduce",
          colorScheme: scheme,
        });
        const page = await context.newPage();
        await page.goto(base + path, { waitUntil: "networkidle" });
        await page.waitForTimeout(300);
        shots.push(await page.screenshot({ fullPage: true, animations: "disabled" }));
        await context.close();
      }
      const name = `${path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${width}-${scheme}`;
      shots.forEach((shot, index) => writeFileSync(new URL(`${name}-${index ? "b" : "a"}.png`, out), shot));
      const same = Buffer.compare(shots[0], shots[1]) === 0;
      if (same) {
        console.log(`same      ${scheme} ${width} px ${path}`);
        continue;
      }
      different += 1;
      const apart = await pixelsApart(shots[0], shots[1]);
      const how = apart.size ? `sizes ${apart.size}` : `${apart.pixels} of ${apart.of} pixels`;
      console.log(`DIFFERENT ${scheme} ${width} px ${path}: ${how}`);
    }
  }
}
await browser.close();
process.exitCode = different > 0 ? 1 : 0;
