// Lighthouse (mobile profile, its default simulated throttling) on the home page, /jobs and one
// job page of a running site, or on every public page type, with Debian's Chromium: the median of
// several runs per page.
// Not part of the test suite: a measurement to read and record (bench/RESULTS.md), e.g. before
// and after a change. `make lighthouse` runs it against the local stack.
//
//   node lighthouse.mjs [base URL]            (default http://127.0.0.1:3002)
//   node lighthouse.mjs URL-A URL-B           (two builds side by side: their runs interleave)
//   LIGHTHOUSE_RUNS=5 node lighthouse.mjs     (runs per page, default 5)
//   LIGHTHOUSE_THROTTLING=devtools node lighthouse.mjs      (throttled for real, not simulated)
//   LIGHTHOUSE_SAVE=dir node lighthouse.mjs   (also writes each run's full report there, as JSON)
//   LIGHTHOUSE_JOB_PATH=/job/slug node lighthouse.mjs    (that job page, not the first of /jobs)
//   LIGHTHOUSE_ORGANIZATION_PATH=/organization/slug node lighthouse.mjs   (that organization page)
//   LIGHTHOUSE_PAGES=all node lighthouse.mjs  (every public page type: home, job search, a category,
//                                             a job, organizations, an organization; default the
//                                             first load's three: home, job search, a job)
//
// Prints per page the median performance, accessibility, best-practices and SEO scores, the
// median paint and blocking metrics, the JavaScript and CSS of the first load (bytes over the
// wire and decoded), and every audit below full marks outside performance.
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const bases = (process.argv.length > 2 ? process.argv.slice(2) : [process.env.E2E_BASE_URL ?? "http://127.0.0.1:3002"]).map((url) =>
  url.replace(/\/$/, ""),
);
const base = bases[0];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const SAVE = process.env.LIGHTHOUSE_SAVE;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** The first link of a page (as the server renders it) whose path matches. */
async function firstLink(page, pattern, what) {
  const html = await (await fetch(`${base}${page}`)).text();
  const path = pattern.exec(html)?.[1];
  if (!path) throw new Error(`no ${what} link on ${base}${page}`);
  return path;
}

/** Every public page type (issue 31: SEO 100 on each); LIGHTHOUSE_PAGES picks some by name. */
async function publicPages() {
  const types = [
    ["home", async () => "/"],
    ["job search", async () => "/jobs"],
    ["a category", async () => firstLink("/", /href="(\/jobs\/[a-z0-9-]+)"/, "category landing page")],
    ["a job", async () => process.env.LIGHTHOUSE_JOB_PATH ?? firstLink("/jobs", /href="(\/job\/(?!wizard)[a-z0-9-]+)"/, "job")],
    ["organizations", async () => "/organizations"],
    [
      "an organization",
      async () =>
        process.env.LIGHTHOUSE_ORGANIZATION_PATH ??
        firstLink("/organizations", /href="(\/organization\/[a-z0-9-]+)"/, "organization"),
    ],
  ];
  const wanted = (process.env.LIGHTHOUSE_PAGES ?? "home,job search,a job").split(",").map((name) => name.trim());
  const chosen = wanted[0] === "all" ? types : types.filter(([name]) => wanted.includes(name));
  return Promise.all(chosen.map(async ([name, path]) => [name, await path()]));
}

/** The first load's files of one type: how many, bytes over the wire and decoded. */
function bytesOf(lhr, resourceType) {
  const items = (lhr.audits["network-requests"]?.details?.items ?? []).filter((item) => item.resourceType === resourceType);
  return {
    count: items.length,
    transfer: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    decoded: items.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Prints one page's medians over its runs, the first load's bytes and what missed full marks. */
function report(title, runs) {
  const scores = CATEGORIES.map((id) => `${id} ${Math.round(median(runs.map((lhr) => lhr.categories[id]?.score ?? 0)) * 100)}`);
  const each = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)).join("/");
  const metrics = METRICS.map((id) => {
    const value = median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? 0));
    return id === "cumulative-layout-shift" ? `${id} ${value.toFixed(3)}` : `${id} ${Math.round(value)} ms`;
  });
  const [js, css] = ["Script", "Stylesheet"].map((type) => bytesOf(runs[0], type));
  console.log(title);
  console.log(`  ${scores.join(", ")} (performance per run ${each})`);
  console.log(`  ${metrics.join(", ")}`);
  console.log(
    `  JavaScript ${js.count} files, ${kb(js.transfer)} transferred (${kb(js.decoded)} decoded); CSS ${css.count} files, ${kb(css.transfer)} transferred (${kb(css.decoded)} decoded)`,
  );
  const missed = new Set(
    runs.flatMap((lhr) =>
      ["accessibility", "best-practices", "seo"].flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${lhr.audits[ref.id]?.title}`),
      ),
    ),
  );
  if (missed.size > 0) console.log(`  missed: ${[...missed].join("; ")}`);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"],
});
try {
  const pages = await publicPages();
  console.log(`Lighthouse ${RUNS} runs per page, median; ${bases.join(" and ")}${bases.length > 1 ? " (runs interleaved)" : ""}`);
  // Lighthouse's defaults are the mobile profile (Moto G Power screen, slow 4G, 4x slower CPU),
  // simulated from an unthrottled load; LIGHTHOUSE_THROTTLING=devtools applies the same
  // throttling for real during the load instead (a check on the simulation's estimate).
  const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";
  for (const [name, path] of pages) {
    const runsOf = new Map(bases.map((origin) => [origin, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const origin of bases) {
        const url = `${origin}${path}`;
        const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, throttlingMethod });
        if (!result) throw new Error(`no result for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
        runsOf.get(origin).push(result.lhr);
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          const file = `${name.replace(/\W+/g, "-")}-${new URL(origin).port || "80"}-${run + 1}.json`;
          writeFileSync(`${SAVE}/${file}`, JSON.stringify(result.lhr));
        }
      }
    }
    for (const [origin, runs] of runsOf) report(bases.length > 1 ? `${name} (${path}) on ${origin}` : `${name} (${path})`, runs);
  }
} finally {
  await chrome.kill();
}
