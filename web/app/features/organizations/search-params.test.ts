// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseOrganizationSearchParams } from "./search-params";

describe("parseOrganizationSearchParams", () => {
  it("defaults to the first page", () => {
    expect(parseOrganizationSearchParams(new URLSearchParams())).toEqual({
      page: 1,
      search: "",
      offset: 0,
    });
  });

  it("computes the offset from the page size of 12", () => {
    expect(parseOrganizationSearchParams(new URLSearchParams("page=3&search= acme ")).offset).toBe(24);
    expect(parseOrganizationSearchParams(new URLSearchParams("page=3&search= acme ")).search).toBe("acme");
  });

  it("treats nonsense pages as page 1", () => {
    expect(parseOrganizationSearchParams(new URLSearchParams("page=-4")).page).toBe(1);
    expect(parseOrganizationSearchParams(new URLSearchParams("page=abc")).page).toBe(1);
  });
});
