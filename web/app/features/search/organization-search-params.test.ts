// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  buildOrganizationSearchInput,
  organizationOffset,
  organizationSearchHref,
  parseOrganizationSearchParams,
  toggleOrganizationFilter,
} from "./organization-search-params";

const parse = (query: string) => parseOrganizationSearchParams(new URLSearchParams(query));

describe("organization search URL", () => {
  it("defaults to the first page with nothing selected", () => {
    expect(parse("")).toEqual({ search: "", filters: { occupations: [], industry: [], fieldsOfStudy: [] }, page: 1 });
  });

  it("reads search, facets and page; treats nonsense pages as page 1", () => {
    const state = parse("search=+acme+&occupations=3,3,x,4&fieldsOfStudy=9&page=3");
    expect(state).toEqual({
      search: "acme",
      filters: { occupations: ["3", "4"], industry: [], fieldsOfStudy: ["9"] },
      page: 3,
    });
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
  });

  it("computes the offset from the page size of 12", () => {
    expect(organizationOffset(3)).toBe(24);
  });

  it("writes a tidy URL and restarts paging on a filter change", () => {
    const state = toggleOrganizationFilter(parse("page=2&industry=5"), "occupations", "3");
    expect(organizationSearchHref(state)).toBe("/organizations?occupations=3&industry=5");
    expect(organizationSearchHref(parse(""))).toBe("/organizations");
  });

  it("builds the request with the three facets tagged facet:{field}", () => {
    const input = buildOrganizationSearchInput(parse("search=water&industry=5,6&page=2"));
    expect(input.facets.map((facet) => facet.field)).toEqual(["occupations", "industry", "fieldsOfStudy"]);
    expect(input.conditionGroups).toEqual([
      {
        conditions: [
          { field: "industry", value: "5", operator: "=" },
          { field: "industry", value: "6", operator: "=" },
        ],
        conjunction: "OR",
        tags: ["facet:industry"],
      },
    ]);
    expect(input.fulltext).toEqual({ keys: "water" });
    expect(input.page).toBe(2);
  });
});
