// @vitest-environment node
import { InMemoryCache, type NormalizedCacheObject } from "@apollo/client/cache";
import { describe, expect, it } from "vitest";
import { APP_CONFIG } from "~/lib/app-config";
import { bootstrapState, serializeBootstrap } from "./bootstrap";

const ENTRIES = [
  { __typename: "AppConfigEntry", name: "name", key: "site", value: "Board" },
  { __typename: "AppConfigEntry", name: "resume", key: "features", value: true },
] as const;

/** A render's cache as askAppConfig leaves it, beside another root field a page's query wrote. */
function renderCache(): NormalizedCacheObject {
  const cache = new InMemoryCache();
  cache.writeQuery({ query: APP_CONFIG, data: { getAppConfig: [...ENTRIES] } });
  const state = cache.extract();
  return { ...state, ROOT_QUERY: { ...state.ROOT_QUERY, __typename: "Query", "terms({})": [] } };
}

describe("the render's cache in the page's bootstrap", () => {
  it("leaves the site's configuration out for a page that hydrates without Apollo (it has appConfig)", () => {
    const state = renderCache();
    const kept = bootstrapState(state, false);
    expect(kept.ROOT_QUERY).toEqual({ __typename: "Query", "terms({})": [] });
    expect(Object.keys(kept.ROOT_QUERY ?? {})[0]).toBe("__typename");
    const text = serializeBootstrap({ frontendName: "jobboard", state: kept, apollo: false, appConfig: [...ENTRIES] });
    // the configuration is printed once, as the bootstrap's appConfig
    expect(text.split('"Board"')).toHaveLength(2);
    // the render's cache itself is not changed (the server may still read it)
    expect(state.ROOT_QUERY).toHaveProperty("getAppConfig");
  });

  it("keeps the whole cache for a page that hydrates with Apollo", () => {
    const state = renderCache();
    expect(bootstrapState(state, true)).toBe(state);
  });

  it("keeps a cache without the configuration as it is", () => {
    const state: NormalizedCacheObject = { ROOT_QUERY: { __typename: "Query" } };
    expect(bootstrapState(state, false)).toBe(state);
    expect(bootstrapState({}, false)).toEqual({});
  });
});
