import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { JobSearchPage } from "../pages/JobSearchPage";

// At the end of a visitor's whole journey on /jobs (a query typed, two facet values picked, a
// place with a radius, newest first, page 2, back), the total and facet counts shown (web ->
// gateway -> search) match Elasticsearch's own aggregation for the same filters, asked directly
// with a query written here by hand from the page's final URL. Meant for the generated data set
// (scripts/dataset.py, 10,000 jobs); the demo data has enough "officer" jobs near New York too.
const GATEWAY = process.env.E2E_GATEWAY_URL ?? "http://127.0.0.1:4000/graphql";
const ELASTICSEARCH = process.env.E2E_ES_URL ?? "http://127.0.0.1:9200";
const INDEX = `${process.env.SEARCH_INDEX_PREFIX ?? "jobboard"}-jobs`;
const SITE = process.env.JOBBOARD_SITE ?? "jobboard";
const KEYS = "officer";
// What search's analysis (Python Snowball stemming, ADR 0010) makes of KEYS: the documents'
// *_stem fields hold stems, so the direct query asks for the stem as search does.
const STEMMED = "offic";
const TEXT_FIELDS = ["title_stem^4", "labels_stem^2", "organization_stem^2", "place_stem^2", "body_stem"];
const KM_PER_MI = 1.6; // this site's mile (spec 9)

interface Term {
  tid: number;
  alias: string;
  label: string;
}

interface Filters {
  employment: number[];
  lat: number;
  lon: number;
  radiusMi: number;
}

async function terms(request: APIRequestContext, vocabulary: string): Promise<Term[]> {
  const answer = await request.post(GATEWAY, {
    headers: { "x-frontend": `${SITE}/en` },
    data: { query: `{ terms(vocabulary: "${vocabulary}", limit: 100) { tid alias label } }` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { terms: Term[] } }).data.terms;
}

/** The page's search, read back from its URL (what a shared link would carry). */
function filtersOf(url: URL): Filters {
  const number = (name: string) => {
    const value = Number(url.searchParams.get(name));
    expect(Number.isFinite(value), name).toBe(true);
    return value;
  };
  return {
    employment: (url.searchParams.get("employmentType") ?? "").split(",").filter(Boolean).map(Number),
    lat: number("lat"),
    lon: number("lon"),
    radiusMi: number("radius"),
  };
}

function query(filters: Filters, withEmployment: boolean): object {
  return {
    bool: {
      must: [{ multi_match: { query: STEMMED, type: "cross_fields", fields: TEXT_FIELDS, operator: "and" } }],
      filter: [
        { term: { findable: true } },
        { term: { site: SITE } },
        {
          bool: {
            should: [
              { bool: { must_not: { exists: { field: "expires_at" } } } },
              { range: { expires_at: { gt: "now" } } },
            ],
            minimum_should_match: 1,
          },
        },
        {
          geo_distance: {
            distance: `${filters.radiusMi * KM_PER_MI}km`,
            location_points: { lat: filters.lat, lon: filters.lon },
          },
        },
        ...(withEmployment ? [{ terms: { employment_type_tids: filters.employment } }] : []),
      ],
    },
  };
}

async function elasticsearch(request: APIRequestContext, filters: Filters, withEmployment: boolean, field: string) {
  const answer = await request.post(`${ELASTICSEARCH}/${INDEX}/_search`, {
    data: {
      size: 0,
      track_total_hits: true,
      query: query(filters, withEmployment),
      aggs: { values: { terms: { field, size: 100, min_doc_count: 1 } } },
    },
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as {
    hits: { total: { value: number } };
    aggregations: { values: { buckets: { key: number; doc_count: number }[] } };
  };
  return {
    total: body.hits.total.value,
    counts: new Map(body.aggregations.values.buckets.map((b) => [b.key, b.doc_count])),
  };
}

async function shownCounts(search: JobSearchPage, facet: string): Promise<Map<string, number>> {
  const shown = new Map<string, number>();
  for (const name of await search.facetValues(facet).allTextContents()) {
    const match = /^(.*?)(?:\(selected\))?\s*([\d,]+)\s*results$/.exec(name.trim());
    if (match) shown.set(match[1]!.trim(), Number(match[2]!.replace(/,/g, "")));
  }
  return shown;
}

test("after a whole search journey the counts shown match a direct Elasticsearch aggregation", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const employmentTypes = await terms(request, "employment_types");
  const remoteOptions = await terms(request, "remote_options");
  const search = new JobSearchPage(page);
  await search.goto("/jobs");
  await search.expectResults();

  // A query typed.
  await search.search(KEYS);
  await search.settled();

  // Two values of one facet (OR within it). The facet's links are those of the typed query
  // (clicked while the list from before the search is still on screen, a link would drop it).
  const employmentValues = (url: URL) => (url.searchParams.get("employmentType") ?? "").split(",").filter(Boolean);
  await expect(search.facetValues("Employment type").first()).toHaveAttribute("href", /[?&]search=/);
  await search.facetValues("Employment type").first().click();
  await page.waitForURL((url) => employmentValues(url).length === 1);
  await search.settled();
  // the facet shows its value as selected before a second one is picked (a click on the list
  // still on screen from before the navigation would pick the same value again)
  await expect(search.facetValues("Employment type").filter({ hasText: "(selected)" })).toHaveCount(1);
  await search.facetValues("Employment type").filter({ hasNotText: "(selected)" }).first().click();
  await page.waitForURL((url) => employmentValues(url).length === 2);
  await search.settled();

  // A place with a radius.
  await search.radius.selectOption("200");
  const place = await search.pickPlace("New York", /^New York City/);
  await search.searchButton.click();
  await page.waitForURL((url) => url.searchParams.has("lat") && url.searchParams.get("radius") === "200");
  await search.settled();
  await expect(search.chips.getByRole("link", { name: `Remove filter Location: ${place} (200 mi)` })).toBeVisible();

  // Newest first (the link of the search with the place, not of the one before it).
  await expect(page.getByRole("link", { name: "Newest" })).toHaveAttribute("href", /[?&]lat=/);
  await page.getByRole("link", { name: "Newest" }).click();
  await page.waitForURL(/sorting=publish_date_desc/);
  await search.settled();
  await search.expectResults();
  const sortedUrl = page.url();

  // Page 2 (the journey needs one: no page 2 is a failure, not a skip), then back.
  await expect(search.secondPage, `"${KEYS}" near ${place} must fill more than one page`).toBeVisible();
  await search.pageTwoAndBack(sortedUrl);

  // Where the journey ended: the same search, asked of Elasticsearch directly.
  const url = new URL(page.url());
  expect(url.searchParams.get("search")).toBe(KEYS);
  expect(url.searchParams.get("sorting")).toBe("publish_date_desc");
  const filters = filtersOf(url);
  expect(filters.employment).toHaveLength(2);
  expect(filters.radiusMi).toBe(200);

  // The total and another facet's counts: every filter applies.
  const all = await elasticsearch(request, filters, true, "remote_option_tids");
  expect(all.total).toBeGreaterThan(10);
  await expect(search.total).toHaveText(new RegExp(`^${all.total.toLocaleString("en-US")} jobs?`));
  const remote = await shownCounts(search, "Remote work");
  expect(remote.size).toBeGreaterThan(0);
  for (const term of remoteOptions) {
    expect(remote.get(term.label) ?? 0, term.label).toBe(all.counts.get(term.tid) ?? 0);
  }

  // The selected facet's own counts ignore its own selection (OR within a facet).
  const own = await elasticsearch(request, filters, false, "employment_type_tids");
  const employment = await shownCounts(search, "Employment type");
  expect(employment.size).toBeGreaterThan(1);
  for (const term of employmentTypes) {
    expect(employment.get(term.label) ?? 0, term.label).toBe(own.counts.get(term.tid) ?? 0);
  }
});
