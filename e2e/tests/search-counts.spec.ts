import { type APIRequestContext, expect, test } from "@playwright/test";
import { JobSearchPage } from "../pages/JobSearchPage";

// The counts /jobs shows (through web -> gateway -> search) against Elasticsearch's own answer for
// the same filters, asked directly with a query written here by hand: two employment types (OR),
// 200 mi around New York (this site's mile is 1.6 km), only findable, unexpired jobs of the site.
const GATEWAY = process.env.E2E_GATEWAY_URL ?? "http://127.0.0.1:4000/graphql";
const ELASTICSEARCH = process.env.E2E_ES_URL ?? "http://127.0.0.1:9200";
const INDEX = `${process.env.SEARCH_INDEX_PREFIX ?? "jobboard"}-jobs`;
const SITE = process.env.JOBBOARD_SITE ?? "jobboard";
const NEW_YORK = { lat: 40.7128, lon: -74.006 };
const RADIUS_MI = 200;

interface Term {
  tid: number;
  alias: string;
  label: string;
}

async function terms(request: APIRequestContext, vocabulary: string): Promise<Term[]> {
  const answer = await request.post(GATEWAY, {
    headers: { "x-frontend": `${SITE}/en` },
    data: { query: `{ terms(vocabulary: "${vocabulary}", limit: 100) { tid alias label } }` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { terms: Term[] } }).data.terms;
}

function filters(employment: number[] | null): object[] {
  return [
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
    { geo_distance: { distance: `${RADIUS_MI * 1.6}km`, location_points: NEW_YORK } },
    ...(employment ? [{ terms: { employment_type_tids: employment } }] : []),
  ];
}

async function elasticsearch(request: APIRequestContext, employment: number[] | null, field: string) {
  const answer = await request.post(`${ELASTICSEARCH}/${INDEX}/_search`, {
    data: {
      size: 0,
      track_total_hits: true,
      query: { bool: { filter: filters(employment) } },
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

test("the totals and facet counts shown match a direct Elasticsearch aggregation", async ({ page, request }) => {
  const employmentTypes = await terms(request, "employment_types");
  const remoteOptions = await terms(request, "remote_options");
  const chosen = employmentTypes.filter((t) => ["full-time", "part-time"].includes(t.alias)).map((t) => t.tid);
  expect(chosen).toHaveLength(2);

  const search = new JobSearchPage(page);
  const params = new URLSearchParams({
    employmentType: chosen.join(","),
    geo_location: "New York, NY, US",
    lat: String(NEW_YORK.lat),
    lon: String(NEW_YORK.lon),
    radius: String(RADIUS_MI),
  });
  await search.goto(`/jobs?${params.toString()}`);
  await search.expectResults();

  // The total and another facet's counts: every filter applies.
  const all = await elasticsearch(request, chosen, "remote_option_tids");
  await expect(search.total).toHaveText(new RegExp(`^${all.total.toLocaleString("en-US")} jobs?`));
  const remote = await shownCounts(search, "Remote work");
  expect(remote.size).toBeGreaterThan(0);
  for (const term of remoteOptions) {
    expect(remote.get(term.label) ?? 0, term.label).toBe(all.counts.get(term.tid) ?? 0);
  }

  // The selected facet's own counts ignore its own selection (OR within a facet).
  const own = await elasticsearch(request, null, "employment_type_tids");
  const employment = await shownCounts(search, "Employment type");
  for (const term of employmentTypes) {
    if (!own.counts.has(term.tid)) continue;
    expect(employment.get(term.label), term.label).toBe(own.counts.get(term.tid));
  }
});
