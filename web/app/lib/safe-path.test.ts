import { describe, expect, it } from "vitest";
import { landsOnSite, OPEN_REDIRECT_PAYLOADS, SITE } from "../../test/open-redirects";
import { sitePath } from "./safe-path";

describe("sitePath", () => {
  it.each(OPEN_REDIRECT_PAYLOADS)("never leads off the site: %j", (payload) => {
    const path = sitePath(payload, SITE);
    if (path !== null) {
      expect(path.startsWith("/")).toBe(true);
      expect(path.startsWith("//")).toBe(false);
      expect(landsOnSite(path)).toBe(true);
      // ASCII only: a Location header can carry it, and it reads the same everywhere
      expect(/^[\x21-\x7e]*$/.test(path)).toBe(true);
    }
  });

  it("refuses what a browser would read as another host", () => {
    for (const payload of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "//evil\u3002example",
      "/.//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
    ]) {
      expect(sitePath(payload, SITE), payload).toBeNull();
    }
  });

  it("keeps a path on the site as the browser reads it", () => {
    expect(sitePath("/jobs/nurse?page=2#top")).toBe("/jobs/nurse?page=2#top");
    expect(sitePath("/organizations/caf\u00e9")).toBe("/organizations/caf%C3%A9");
    expect(sitePath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(sitePath("jobs")).toBe("/jobs");
    expect(sitePath("/a/../jobs")).toBe("/jobs");
  });

  it("takes an absolute URL on the site's own origin as its path, no other", () => {
    expect(sitePath(`${SITE}/dashboard?tab=1`, SITE)).toBe("/dashboard?tab=1");
    expect(sitePath(`${SITE}/dashboard`)).toBeNull();
    expect(sitePath("http://jobs.example.org/dashboard", SITE)).toBeNull();
    expect(sitePath(`${SITE}:8443/dashboard`, SITE)).toBeNull();
  });

  it("is null for no target", () => {
    expect(sitePath(null)).toBeNull();
    expect(sitePath(undefined)).toBeNull();
    expect(sitePath("")).toBeNull();
    expect(sitePath(["/jobs"])).toBeNull();
  });
});
