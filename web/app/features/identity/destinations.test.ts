import { describe, expect, it } from "vitest";
import { landsOnSite, OPEN_REDIRECT_PAYLOADS, SITE } from "../../../test/open-redirects";
import { safeDestination } from "./destinations";

describe("safeDestination", () => {
  it.each(OPEN_REDIRECT_PAYLOADS)("never leads off the site: %j", (payload) => {
    const destination = safeDestination(payload, SITE);
    expect(landsOnSite(destination)).toBe(true);
    expect(destination.startsWith("//")).toBe(false);
  });

  it("goes home instead of off the site, or back to the login and logout pages", () => {
    expect(safeDestination("//evil.example")).toBe("/");
    expect(safeDestination("/\t/evil.example")).toBe("/");
    expect(safeDestination("/user/login?destination=/x")).toBe("/");
    expect(safeDestination("/./user/logout")).toBe("/");
    expect(safeDestination(null)).toBe("/");
  });

  it("keeps a page of the site", () => {
    expect(safeDestination("/dashboard/job?page=2")).toBe("/dashboard/job?page=2");
    expect(safeDestination(`${SITE}/dashboard`, SITE)).toBe("/dashboard");
  });
});
