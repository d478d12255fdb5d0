// @vitest-environment node
import { describe, expect, it } from "vitest";
import { lowercasePathRedirect } from "./lowercase-path";

describe("lowercasePathRedirect", () => {
  it("leaves lowercase paths alone", () => {
    expect(lowercasePathRedirect(new Request("http://site.test/jobs/it?page=2"))).toBeNull();
  });

  it("redirects permanently to the lowercased path and keeps the query", () => {
    const response = lowercasePathRedirect(new Request("http://site.test/Jobs/IT?search=Dev"));
    expect(response?.status).toBe(301);
    expect(response?.headers.get("Location")).toBe("/jobs/it?search=Dev");
  });
});
