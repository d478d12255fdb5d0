// Lighthouse (mobile profile) on /jobs and one job page of a running site, with Debian's Chromium.
// Not part of the test suite: a measurement to read, e.g. before and after a change.
//
//   node lighthouse.mjs [base URL]            (default http://127.0.0.1:3002)
//   CHROMIUM_PATH=/usr/bin/chromium node lighthouse.mjs http://127.0.0.1:3012
//   LIGHTHOUSE_THROTTLING=devtools node lighthouse.mjs      (throttled for real, not simulated)
//
// Prints the performance, accessibility, best-practices and SEO scores and the JavaScript sent
// on the first load (bytes over the wire, and decoded) of each page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const base = (process.argv[2] ?? process.env.E2E_BASE_URL ?? "http://127.0.0.1:3002").replace(/\/$/, "");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The first job of /jobs (the page as the server renders it). */
async function firstJobPath() {
  const html = await (await fetch(`${base}/jobs`)).text();
  const path = /\/job\/(?!wizard)[a-z0-9-]+/.exec(html)?.[0];
  if (!path) throw new Error(`no job link on ${base}/jobs`);
  return path;
}

function scriptBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script");
  return {
    count: scripts.length,
    transfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    decoded: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"],
});
try {
  const paths = ["/jobs", await firstJobPath()];
  for (const path of paths) {
    const url = `${base}${path}`;
    // Lighthouse's defaults are the mobile profile (Moto G Power screen, slow 4G, 4x slower
    // CPU), simulated from an unthrottled load; LIGHTHOUSE_THROTTLING=devtools applies the same
    // throttling for real during the load instead (a check on the simulation's estimate).
    const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      throttlingMethod,
    });
    if (!result) throw new Error(`no result for ${url}`);
    const { lhr } = result;
    const scores = CATEGORIES.map((id) => `${id} ${Math.round((lhr.categories[id]?.score ?? 0) * 100)}`).join(", ");
    const js = scriptBytes(lhr);
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]
      .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? "?"}`)
      .join(", ");
    console.log(`${path}\n  ${scores}\n  JavaScript on first load: ${js.count} files, ${kb(js.transfer)} transferred (${kb(js.decoded)} decoded)\n  ${metrics}`);
    const missed = ["accessibility", "best-practices", "seo"].flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${lhr.audits[ref.id]?.title}`),
    );
    if (missed.length > 0) console.log(`  missed: ${missed.join("; ")}`);
    if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`);
  }
} finally {
  await chrome.kill();
}
