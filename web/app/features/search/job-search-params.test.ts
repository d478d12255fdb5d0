// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  buildJobSearchInput,
  DEFAULT_JOB_SEARCH,
  emptyFilters,
  formatDistance,
  jobSearchHref,
  parseJobSearchParams,
  selectedFilters,
  serializeJobSearch,
  toggleFilter,
  type CategorySelection,
} from "./job-search-params";
import { facetValues, parsePage } from "~/lib/search/search-url";
import { PLATFORM_GEO } from "~/lib/search/geo";

const parse = (query: string) => parseJobSearchParams(new URLSearchParams(query));

describe("facet values in the URL", () => {
  it("splits on commas, de-duplicates and drops what is not a term id", () => {
    expect(facetValues(["12,15,12", "abc", "15", " 7 ", "-3", "4.5", "0012"])).toEqual(["12", "15", "7"]);
    expect(parse("employmentType=12,15,12,x&employmentType=9").filters.employmentType).toEqual(["12", "15", "9"]);
  });

  it("reads organization ids for company and refuses other text there", () => {
    const id = "0b6f2c3e-9a7d-4e59-8d57-1f5e0c3a9b21";
    expect(parse(`company=${id},<script>,${id.toUpperCase()}`).filters.company).toEqual([id]);
  });

  it("caps the number of values a facet takes", () => {
    const many = Array.from({ length: 80 }, (_, index) => index + 1).join(",");
    expect(parse(`industry=${many}`).filters.industry).toHaveLength(50);
  });

  it("ignores keys that are neither filters nor spec keys", () => {
    expect(parse("foo=1&skills=3")).toEqual(DEFAULT_JOB_SEARCH);
  });
});

describe("page bounds", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["0", 1],
    ["-4", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["99999999999999999999", 1],
    ["3", 3],
    [" 7 ", 7],
  ])("page %s is %s", (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe("place and radius", () => {
  it("leaves the radius to the site unless the address names one", () => {
    expect(parse("").radius).toBeNull();
    expect(parse("radius=abc").radius).toBeNull();
    expect(parse("radius=-5").radius).toBeNull();
    expect(parse("radius=100").radius).toBe(100);
  });

  it("keeps a positive radius that is not an option, for the API to refuse", () => {
    expect(parse("radius=7").radius).toBe(7);
  });

  it("reads a city with coordinates", () => {
    expect(parse("geo_location=Z%C3%BCrich%2C+CH&lat=47.37&lon=8.54&radius=25").geo).toEqual({
      locationType: "locality",
      label: "Zürich, CH",
      lat: 47.37,
      lon: 8.54,
    });
  });

  it("reads a country and a state as areas", () => {
    expect(parse("country=de&geo_location=Germany").geo).toEqual({
      locationType: "country",
      label: "Germany",
      country: "DE",
    });
    expect(parse("administrative_area_level_1=California&country=US").geo).toEqual({
      locationType: "administrative_area_level_1",
      label: "California, US",
      country: "US",
      administrativeArea: "California",
    });
  });

  it("keeps typed text without coordinates for the loader to look up", () => {
    expect(parse("geo_location=Berlin&lat=abc").geo).toEqual({ locationType: null, label: "Berlin" });
  });

  it("says distances in the site's unit", () => {
    const miles = { defaultRadius: 50, unit: "mi", kmPerUnit: 1.6 } as const;
    expect(formatDistance(16, miles)).toBe("10 mi");
    expect(formatDistance(4, miles)).toBe("2.5 mi");
    expect(formatDistance(16, PLATFORM_GEO)).toBe("16 km");
    expect(formatDistance(4, PLATFORM_GEO)).toBe("4.0 km");
  });
});

describe("text and sorting", () => {
  it("trims keywords and removes control characters", () => {
    expect(parse("search=%00nurse%0A+berlin++").search).toBe("nurse berlin");
  });

  it("knows two sortings and falls back to relevancy", () => {
    expect(parse("sorting=publish_date_desc").sorting).toBe("publish_date_desc");
    expect(parse("sorting=price").sorting).toBe("relevancy");
  });
});

describe("serializing", () => {
  it("leaves defaults out and keeps a stable order", () => {
    const state = parse(
      "page=2&sorting=publish_date_desc&industry=40&employmentType=15,12&search=nurse&radius=50&geo_location=Z%C3%BCrich&lat=47.37&lon=8.54",
    );
    expect(serializeJobSearch(state).toString()).toBe(
      "search=nurse&geo_location=Z%C3%BCrich&lat=47.37&lon=8.54&radius=50&employmentType=15%2C12&industry=40&sorting=publish_date_desc&page=2",
    );
    expect(jobSearchHref(state)).toContain("employmentType=15,12");
    expect(jobSearchHref(DEFAULT_JOB_SEARCH)).toBe("/jobs");
  });

  it("round-trips", () => {
    const query =
      "search=gardener&geo_location=Berlin&lat=52.52&lon=13.405&radius=100&remoteOptions=3&company=abc-123&sorting=publish_date_desc&page=4";
    const state = parse(query);
    expect(parse(serializeJobSearch(state).toString())).toEqual(state);
  });

  it("writes the radius only for a place with a radius", () => {
    expect(serializeJobSearch({ ...DEFAULT_JOB_SEARCH, radius: 200 }).has("radius")).toBe(false);
    expect(serializeJobSearch({ ...parse("country=DE"), radius: 200 }).has("radius")).toBe(false);
    expect(serializeJobSearch({ ...parse("lat=1&lon=2"), radius: 200 }).get("radius")).toBe("200");
  });

  it("puts category aliases in the path", () => {
    const nursing: CategorySelection = { alias: "nursing", field: "occupations", value: "21", label: "Nursing" };
    expect(jobSearchHref({ ...DEFAULT_JOB_SEARCH, page: 2 }, [nursing])).toBe("/jobs/nursing?page=2");
  });

  it("restarts at page 1 when a filter changes", () => {
    const state = toggleFilter(parse("page=3&industry=4"), "industry", "5");
    expect(state.filters.industry).toEqual(["4", "5"]);
    expect(state.page).toBe(1);
    expect(toggleFilter(state, "industry", "4").filters.industry).toEqual(["5"]);
  });
});

describe("the search request", () => {
  it("counts every job facet and tags each selection facet:{field}", () => {
    const input = buildJobSearchInput(
      parse("employmentType=12,15&industry=40&search=nurse&page=2&sorting=publish_date_desc"),
    );
    expect(input.facets.map((facet) => facet.field)).toEqual([
      "remoteOptions",
      "employmentType",
      "industry",
      "occupations",
      "yearsOfExperience",
      "company",
    ]);
    expect(input.facets[0]).toEqual({
      field: "remoteOptions",
      limit: 100,
      operator: "or",
      minCount: 1,
      missing: false,
    });
    expect(input.conditionGroups).toEqual([
      {
        conditions: [
          { field: "employmentType", value: "12", operator: "=" },
          { field: "employmentType", value: "15", operator: "=" },
        ],
        conjunction: "OR",
        tags: ["facet:employmentType"],
      },
      { conditions: [{ field: "industry", value: "40", operator: "=" }], conjunction: "OR", tags: ["facet:industry"] },
    ]);
    expect(input.fulltext).toEqual({ keys: "nurse" });
    expect(input.page).toBe(2);
    expect(input.sorts).toEqual([{ field: "field_job_publishing_date", value: "DESC" }]);
    expect(input.language).toBe("en");
  });

  it("sends no sort for relevancy and no fulltext without keywords", () => {
    const input = buildJobSearchInput(DEFAULT_JOB_SEARCH);
    expect(input.sorts).toEqual([]);
    expect(input.fulltext).toBeNull();
    expect(input.geoLocation).toBeNull();
    expect(input.conditionGroups).toEqual([]);
  });

  it("sends a city with its radius (in the site's unit, which search applies), an area without radius", () => {
    expect(buildJobSearchInput(parse("geo_location=Berlin&lat=52.52&lon=13.4&radius=25")).geoLocation).toEqual({
      locationType: "locality",
      label: "Berlin",
      lat: 52.52,
      lon: 13.4,
      radius: 25,
    });
    // none named: the site's default, which the search service knows
    expect(buildJobSearchInput(parse("lat=52.52&lon=13.4")).geoLocation).not.toHaveProperty("radius");
    expect(buildJobSearchInput(parse("country=DE&geo_location=Germany")).geoLocation).toEqual({
      locationType: "country",
      label: "Germany",
      country: "DE",
    });
    expect(buildJobSearchInput(parse("administrative_area_level_1=California&country=US")).geoLocation).toEqual({
      locationType: "administrative_area_level_1",
      label: "California, US",
      country: "US",
      administrativeArea: "California",
    });
  });

  it("merges the path's categories into the facet selections", () => {
    const nursing: CategorySelection = { alias: "nursing", field: "occupations", value: "21", label: "Nursing" };
    const state = parse("occupations=22,21");
    expect(selectedFilters(state, [nursing]).occupations).toEqual(["22", "21"]);
    expect(buildJobSearchInput(parse("industry=4"), [nursing]).conditionGroups.map((group) => group.tags)).toEqual([
      ["facet:industry"],
      ["facet:occupations"],
    ]);
    expect(activeFilterCount(selectedFilters(parse("industry=4,5"), [nursing]))).toBe(3);
    expect(activeFilterCount(emptyFilters())).toBe(0);
  });
});
