import { type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { JobSearchPage } from "../pages/JobSearchPage";

/**
 * Several sites served side by side (issue 31, ADR 0049): `make up` serves the demo board on 3002
 * and spec 9's US variant (jobboard-us) on 3003, one web server each, over the same gateway and
 * services. Each shows its own name and its own jobs; a job of one site is nowhere on the other
 * (search, sitemap, job page); each site's canonical URLs, sitemaps and robots.txt name its own
 * origin; a US job's organization (a first-site one) shows its profile there, not indexed. A
 * first-site job shared with the US site (ADR 0057) is on both, its canonical URL on the first;
 * an unshared one is on the first only; the US directory lists the organizations whose jobs it
 * shows. The US site's jobs and the shared ones are the seed's (scripts/demo/jobs_data.py,
 * us_site_jobs, US_SHARED_JOBS): the journey reads, it creates nothing.
 */

const SECOND_SITE = process.env.E2E_SECOND_SITE_URL ?? "http://127.0.0.1:3003";
/** One of the seed's six US jobs (Riverbend Literacy Project, in Seattle). */
const US_JOB = "Data Analyst \u2013 Seattle";
/** A first-site job the seed shares with the US site (US_SHARED_JOBS), and its organization. */
const SHARED_JOB = "Fundraising Manager";
const SHARED_ORGANIZATION = "Clearwater Wells";
/** An organization of the first site with no job on the US site. */
const FIRST_SITE_ONLY_ORGANIZATION = "Europa Aid Network";

async function jobSearch(page: Page, origin: string, keywords: string): Promise<JobSearchPage> {
  const search = new JobSearchPage(page);
  await search.goto(`${origin}/jobs?search=${encodeURIComponent(keywords)}`);
  return search;
}

async function sitemapJobPaths(page: Page, origin: string): Promise<{ urls: string[]; index: string }> {
  const index = await page.request.get(`${origin}/sitemap.xml`);
  expect(index.status()).toBe(200);
  const indexText = await index.text();
  const pages = [...indexText.matchAll(/<loc>([^<]+\/jobs\/sitemap\.xml[^<]*)<\/loc>/g)].map((match) =>
    (match[1] ?? "").replaceAll("&amp;", "&"),
  );
  expect(pages.length, `${origin}'s sitemap index lists its jobs`).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const url of pages) {
    // the index names the site's public origin: fetched as it says
    const answer = await page.request.get(url);
    expect(answer.status()).toBe(200);
    urls.push(...[...(await answer.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? ""));
  }
  return { urls, index: indexText };
}

test("each site shows its own name and its own jobs; a job of one is nowhere on the other", async ({ page, baseURL }) => {
  const first = new URL(baseURL ?? "http://127.0.0.1:3002").origin;

  // the US site: its name, its job, the job's page with its canonical at the US origin
  const us = await jobSearch(page, SECOND_SITE, US_JOB);
  await expect(page.getByTestId("site-logo")).toHaveText("Jobboard US");
  const listed = us.results.getByRole("link", { name: US_JOB }).first();
  await expect(listed).toBeVisible();
  await listed.click();
  await expect(page).toHaveURL(/\/job\/data-analyst-seattle/);
  await expect(page.getByRole("heading", { level: 1, name: US_JOB, exact: true })).toBeVisible();
  const slug = new URL(page.url()).pathname.replace(/^\/job\//, "");
  expect(slug).toMatch(/^data-analyst-seattle/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SECOND_SITE}/job/${slug}`);
  await expect(page.getByText("Seattle").first()).toBeVisible();

  // its organization belongs to the first site: its profile shows here too, with this site's
  // open positions, and is indexed on its own site only
  const organizationLink = page.locator('a[href^="/organization/"]').first();
  const organizationPath = (await organizationLink.getAttribute("href")) ?? "";
  await page.goto(`${SECOND_SITE}${organizationPath}`);
  await expect(page.getByRole("heading", { level: 1, name: "Riverbend Literacy Project" })).toBeVisible();
  await expect(page.getByRole("link", { name: US_JOB }).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");

  // the first site: its own name; the US job is not in its search, its sitemap or at its path
  const board = await jobSearch(page, first, US_JOB);
  await expect(page.getByTestId("site-logo")).toHaveText("Jobboard");
  await expect(board.results.getByRole("link", { name: US_JOB })).toHaveCount(0);
  expect((await page.request.get(`${first}/job/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
  const firstSitemap = await sitemapJobPaths(page, first);
  expect(firstSitemap.urls.length).toBeGreaterThan(50);
  expect(firstSitemap.urls.every((url) => url.startsWith(`${first}/job/`))).toBe(true);
  expect(firstSitemap.urls).not.toContain(`${first}/job/${slug}`);

  // the US site's sitemap lists its own jobs only, at its own origin: the six seeded ones
  const usSitemap = await sitemapJobPaths(page, SECOND_SITE);
  expect(usSitemap.urls).toContain(`${SECOND_SITE}/job/${slug}`);
  expect(usSitemap.urls.every((url) => url.startsWith(`${SECOND_SITE}/job/`))).toBe(true);
  expect(usSitemap.urls.length).toBeLessThan(firstSitemap.urls.length);

  // and a job of the first site is not on the US site: not at its path, not in its sitemap
  const firstJob = firstSitemap.urls.map((url) => new URL(url).pathname).find(
    (path) => !usSitemap.urls.includes(`${SECOND_SITE}${path}`),
  );
  expect(firstJob).toBeDefined();
  expect((await page.request.get(`${SECOND_SITE}${firstJob}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.get(`${first}${firstJob}`, { maxRedirects: 0 })).status()).toBe(200);
});

test("each site's robots.txt, feeds and canonical URLs name its own origin; the US site counts in miles", async ({
  page,
  baseURL,
}) => {
  const first = new URL(baseURL ?? "http://127.0.0.1:3002").origin;
  for (const origin of [first, SECOND_SITE]) {
    const robots = await page.request.get(`${origin}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const feed = (await (await page.request.get(`${origin}/feeds/jobs.json`)).json()) as {
      feed_url: string;
      items: { url: string; title: string }[];
    };
    expect(feed.feed_url).toBe(`${origin}/feeds/jobs.json`);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.every((item) => item.url.startsWith(`${origin}/job/`))).toBe(true);
    expect(feed.items.some((item) => item.title === US_JOB)).toBe(origin === SECOND_SITE);

    await page.goto(`${origin}/jobs`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/jobs`);
  }

  // a search around a place: the radius in miles (spec 9: 50 mi by default, a mile is 1.6 km)
  const search = new JobSearchPage(page);
  await search.goto(`${SECOND_SITE}/jobs?geo_location=Seattle&lat=47.6062&lon=-122.3321`);
  await expect(search.radius).toHaveValue("50");
  await expect(search.radius.locator("option:checked")).toHaveText(/50 mi/);
  await expect(search.results.getByRole("link", { name: US_JOB }).first()).toBeVisible();
});

test("a job shared with the US site is on both sites, its canonical on its own; an unshared one on one only", async ({
  page,
  baseURL,
}) => {
  const first = new URL(baseURL ?? "http://127.0.0.1:3002").origin;

  // the US site's search finds the shared job (no US job has its title), and its page answers
  // there with its canonical URL on the first site
  const us = await jobSearch(page, SECOND_SITE, `${SHARED_JOB} ${SHARED_ORGANIZATION}`);
  const listed = us.results.getByRole("link", { name: SHARED_JOB, exact: true }).first();
  await expect(listed).toBeVisible();
  await listed.click();
  await expect(page).toHaveURL(/\/job\/fundraising-manager/);
  await expect(page.getByRole("heading", { level: 1, name: SHARED_JOB, exact: true })).toBeVisible();
  await expect(page.getByText(SHARED_ORGANIZATION).first()).toBeVisible();
  const slug = new URL(page.url()).pathname.replace(/^\/job\//, "");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${first}/job/${slug}`);
  await expect(page.getByTestId("site-logo")).toHaveText("Jobboard US");

  // the same slug on the first site, its own canonical there
  await page.goto(`${first}/job/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: SHARED_JOB, exact: true })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${first}/job/${slug}`);

  // both sites' sitemaps list it, each at its own origin
  const usSitemap = await sitemapJobPaths(page, SECOND_SITE);
  const firstSitemap = await sitemapJobPaths(page, first);
  expect(usSitemap.urls).toContain(`${SECOND_SITE}/job/${slug}`);
  expect(firstSitemap.urls).toContain(`${first}/job/${slug}`);

  // an unshared first-site job of the same title: on the first site, not on the US site
  const board = await jobSearch(page, first, SHARED_JOB);
  const others = board.results.getByRole("link", { name: SHARED_JOB, exact: true });
  await expect(others.first()).toBeVisible();
  const paths = await others.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const unshared = paths.map((href) => new URL(href, first).pathname).find((path) => path !== `/job/${slug}`);
  expect(unshared, "another first-site job of that title").toBeDefined();
  expect((await page.request.get(`${first}${unshared}`, { maxRedirects: 0 })).status()).toBe(200);
  expect((await page.request.get(`${SECOND_SITE}${unshared}`, { maxRedirects: 0 })).status()).toBe(404);
  expect(usSitemap.urls).not.toContain(`${SECOND_SITE}${unshared}`);

  // the US site's organization directory: the organizations whose jobs it shows, not the others
  await page.goto(`${SECOND_SITE}/organizations`);
  const directory = page.getByRole("list", { name: "Organizations" });
  await expect(directory.getByRole("article").first()).toBeVisible();
  for (const name of [SHARED_ORGANIZATION, "Riverbend Literacy Project"]) {
    await page.goto(`${SECOND_SITE}/organizations?search=${encodeURIComponent(name)}`);
    await expect(directory.getByRole("article").filter({ hasText: name }).first()).toBeVisible();
  }
  await page.goto(`${SECOND_SITE}/organizations?search=${encodeURIComponent(FIRST_SITE_ONLY_ORGANIZATION)}`);
  await expect(page.getByRole("heading", { level: 2, name: /^\d+ organizations?/ })).toBeVisible();
  await expect(directory.getByRole("article").filter({ hasText: FIRST_SITE_ONLY_ORGANIZATION })).toHaveCount(0);
});
