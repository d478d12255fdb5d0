import { describe, expect, it } from "vitest";
import { emptyFilters, type CategorySelection } from "./job-search-params";
import { jobSearchSeo, selectedFacetValues, twoFacetParentPath } from "./search-seo";

const NURSING: CategorySelection = { alias: "nursing", field: "occupations", value: "23", label: "Nursing" };
const FULL_TIME: CategorySelection = { alias: "full-time", field: "employmentType", value: "3000", label: "Full-time" };

function filters(overrides: Partial<ReturnType<typeof emptyFilters>>) {
  return { ...emptyFilters(), ...overrides };
}

describe("job search SEO (spec 9)", () => {
  it("counts path segments, then facet query values in facet order, a value in both once", () => {
    const state = { filters: filters({ occupations: ["23", "24"], remoteOptions: ["3302"] }) };
    expect(selectedFacetValues(state, [NURSING]).map((item) => item.value)).toEqual(["23", "3302", "24"]);
  });

  it("indexes up to two facets with the page's clean URL as canonical", () => {
    expect(jobSearchSeo({ state: { filters: emptyFilters(), page: 1 }, categories: [NURSING, FULL_TIME], total: 4 })).toEqual({
      noindex: false,
      canonicalPath: "/jobs/nursing/full-time",
    });
    expect(
      jobSearchSeo({ state: { filters: filters({ remoteOptions: ["3302"] }), page: 2 }, categories: [NURSING], total: 14 }),
    ).toEqual({ noindex: false, canonicalPath: "/jobs/nursing?remoteOptions=3302&page=2" });
  });

  it("does not index an empty page or a failed search", () => {
    expect(jobSearchSeo({ state: { filters: emptyFilters(), page: 1 }, categories: [NURSING], total: 0 }).noindex).toBe(true);
    expect(jobSearchSeo({ state: { filters: emptyFilters(), page: 1 }, categories: [], total: null }).noindex).toBe(true);
  });

  it("points a page with more than two facet values to its two-facet parent", () => {
    const three = { filters: filters({ remoteOptions: ["3302"] }), page: 3 };
    expect(jobSearchSeo({ state: three, categories: [NURSING, FULL_TIME], total: 9 })).toEqual({
      noindex: true,
      canonicalPath: "/jobs/nursing/full-time",
    });
    const queryOnly = { filters: filters({ employmentType: ["3000", "3001"], remoteOptions: ["3302"] }) };
    expect(twoFacetParentPath(queryOnly, [NURSING])).toBe("/jobs/nursing?remoteOptions=3302");
    expect(twoFacetParentPath(queryOnly, [])).toBe("/jobs?remoteOptions=3302&employmentType=3000");
  });

  it("uses a landing page's path as the canonical of a city page", () => {
    expect(
      jobSearchSeo({ state: { filters: emptyFilters(), page: 1 }, categories: [], total: 3, landingPath: "/jobs/new-york" }),
    ).toEqual({ noindex: false, canonicalPath: "/jobs/new-york" });
  });
});
