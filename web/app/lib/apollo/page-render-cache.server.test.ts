// @vitest-environment node
import { describe, expect, it } from "vitest";
import { APP_CONFIG } from "~/lib/app-config";
import { createApolloClient } from "./create-apollo-client";
import { askAppConfig } from "./page-render.server";

// as the gateway answers them: the fields in the query's order, __typename last
const ENTRIES = [
  { name: "recruiter", key: "features", value: true, __typename: "AppConfigEntry" },
  { name: "name", key: "site", value: "Jobboard", __typename: "AppConfigEntry" },
  { name: "menu", key: "site", value: { links: [{ to: "/jobs" }] }, __typename: "AppConfigEntry" },
];

/** A client whose gateway answers every batch with the site's configuration. */
function client() {
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const batch = JSON.parse(String(init?.body)) as unknown[];
    return new Response(JSON.stringify(batch.map(() => ({ data: { getAppConfig: ENTRIES } }))), {
      headers: { "content-type": "application/json" },
    });
  };
  return createApolloClient({ uri: "http://gateway.test/graphql", frontendName: "jobboard", ssrMode: true, fetch });
}

describe("the render's configuration", () => {
  it("leaves the render's cache as a cache-first query of it did, and answers the same entries", async () => {
    const cacheFirst = client();
    const { data } = await cacheFirst.query({ query: APP_CONFIG });
    const asked = client();
    const entries = await askAppConfig(asked);
    expect(entries).toEqual(data?.getAppConfig);
    // the same text in the page's bootstrap, fields in the same order
    expect(JSON.stringify(entries)).toBe(JSON.stringify(data?.getAppConfig));
    expect(asked.extract()).toEqual(cacheFirst.extract());
    expect(JSON.stringify(asked.extract())).toBe(JSON.stringify(cacheFirst.extract()));
    // a later cache-first query of it (a page with the data pass) is answered by the cache
    const later = await asked.query({ query: APP_CONFIG, fetchPolicy: "cache-only" });
    expect(later.data?.getAppConfig).toEqual(entries);
  });
});
