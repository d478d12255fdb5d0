// Screenshots of the search pages' interactive states (the phone filter panel, the place
// autocomplete, a visitor without JavaScript, a signed-in applicant's bookmarks) against a web dev
// server whose GATEWAY_URL is mock-gateway.mjs; also checks that filtering and paging are
// client-side navigations. Driven by the e2e folder's Playwright with Debian's Chromium.
// The dev server does not proxy the browser's /graphql (the production server does): the browser
// context forwards it to the stand-in gateway.
// Usage: node search-interactive.mjs <web origin> <AUTH_SECRET> <out dir> <gateway origin>
const [
  origin = "http://127.0.0.1:3022",
  secret = "screenshots-only-secret-not-for-real-use-000",
  out = "out",
  gateway = "http://127.0.0.1:4922",
] = process.argv.slice(2);
const playwright = await import(new URL("../../e2e/node_modules/@playwright/test/index.js", import.meta.url).href);
const { chromium } = playwright.chromium ? playwright : playwright.default;
const { encode } = await import(new URL("../../web/node_modules/@auth/core/jwt.js", import.meta.url).href);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const newContext = async (options) => {
  const context = await browser.newContext(options);
  await context.route("**/graphql", (route) => route.continue({ url: `${gateway}/graphql` }));
  return context;
};
const shot = (page, name) => page.screenshot({ path: `${out}/search-${name}.png`, fullPage: false });
const problems = [];

// A visitor without JavaScript: results, facet links and paging are plain HTML.
{
  const context = await newContext({ viewport: { width: 1280, height: 1400 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${origin}/jobs?search=gardener`);
  await shot(page, "nojs-1280x1400");
  await page.getByRole("link", { name: /Full time/ }).first().click();
  if (!page.url().includes("employmentType=11")) problems.push(`no-JS facet link went to ${page.url()}`);
  await page.getByRole("link", { name: "Page 2" }).click();
  if (!page.url().includes("page=2")) problems.push(`no-JS page link went to ${page.url()}`);
  await context.close();
}

// Phones: the filter panel.
{
  const context = await newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${origin}/jobs?employmentType=11&industry=100`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByRole("dialog", { name: "Filters" }).waitFor();
  await page.waitForTimeout(400);
  await shot(page, "mobile-filters-390x844");
  await context.close();
}

// Desktop: the place autocomplete, then a client-side search, facet and page change.
{
  const context = await newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/jobs`, { waitUntil: "networkidle" });
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.getByRole("searchbox", { name: "Keywords" }).fill("gardener");
  await page.getByRole("textbox", { name: "Location" }).fill("Be");
  await page.getByRole("option", { name: "Berlin, Berlin, DE" }).waitFor();
  await shot(page, "autocomplete-1280x900");
  await page.getByRole("option", { name: "Berlin, Berlin, DE" }).click();
  await page.getByRole("button", { name: "Search" }).click();
  // The URL changes when the loader is done; the page renders a moment later (seconds under
  // load, in the dev build): wait until "create a job alert" names the URL's search.
  const settle = async (url) => {
    await page.waitForURL(url);
    await page.waitForFunction(() => {
      const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Create a job alert");
      if (!link) return false;
      const destination = new URL(new URL(link.href).searchParams.get("destination") ?? "", location.origin);
      const sorted = (params) => [...params].sort().join("&");
      return sorted(destination.searchParams) === sorted(new URLSearchParams(location.search));
    }, null, { timeout: 30000 });
  };
  await settle(/lat=52\.52/);
  await page.getByRole("link", { name: /Part time/ }).first().click();
  await settle(/employmentType=12/);
  await page.getByRole("link", { name: "Newest" }).click();
  await settle(/sorting=publish_date_desc/);
  await page.getByRole("link", { name: "Page 2" }).click();
  await settle(/page=2/);
  await page.goBack();
  await settle((url) => !url.search.includes("page=2"));
  if (!(await page.evaluate(() => window.__sameDocument === true))) problems.push("a search change reloaded the document");
  console.log(`desktop journey ended at ${page.url()}`);
  await shot(page, "journey-1280x900");
  await context.close();
}

// A signed-in applicant sees the bookmark state of each job and the bookmarks link.
{
  const COOKIE = "authjs.session-token";
  const user = { id: "u2", name: "Ann Applicant", email: "ann@example.org", roles: ["authenticated", "applicant"], emailVerified: true };
  const token = await encode({
    token: { sub: "u2", user, accessToken: "screenshot.token", accessTokenExpiresAt: Math.floor(Date.now() / 1000) + 3600, masqueraded: false, isNewUserViaSocial: false },
    secret,
    salt: COOKIE,
  });
  const context = await newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addCookies([{ name: COOKIE, value: token, url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}/jobs#save-search`);
  await page.waitForTimeout(500);
  await shot(page, "applicant-save-search-1280x1000");
  await context.close();
}

await browser.close();
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
}
