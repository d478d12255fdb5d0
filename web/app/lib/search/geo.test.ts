// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppConfig } from "~/lib/app-config";
import { effectiveRadius, PLATFORM_GEO, siteGeo } from "./geo";

const config = (values: Record<string, unknown>) =>
  new AppConfig(Object.entries(values).map(([name, value]) => ({ key: "geo", name, value })));

describe("the site's distances", () => {
  it("are the site's radius, unit and multiplier (this site and its US variant: 50 mi, 1.6)", () => {
    expect(siteGeo(config({ default_radius: 50, default_unit: "mi", radius_multiplier: 1.6 }))).toEqual({
      defaultRadius: 50,
      unit: "mi",
      kmPerUnit: 1.6,
    });
    expect(siteGeo(config({ default_radius: 25, default_unit: "km", radius_multiplier: 1 }))).toEqual({
      defaultRadius: 25,
      unit: "km",
      kmPerUnit: 1,
    });
  });

  it("take the unit's own kilometres when the site names a unit but no multiplier", () => {
    expect(siteGeo(config({ default_unit: "mi" })).kmPerUnit).toBe(1.6);
  });

  it("fall back to the platform's for missing or nonsense values", () => {
    expect(siteGeo(new AppConfig([]))).toEqual(PLATFORM_GEO);
    expect(siteGeo(config({ default_radius: -5, default_unit: "furlong", radius_multiplier: "x" }))).toEqual(PLATFORM_GEO);
  });

  it("default as identity's site configuration does (services/identity site_config.py)", () => {
    const source = readFileSync(
      new URL("../../../../services/identity/src/identity/domain/site_config.py", import.meta.url),
      "utf8",
    );
    const setting = (name: string) => new RegExp(`Setting\\(\\s*"geo",\\s*"${name}",\\s*([^,]+),`).exec(source)?.[1];
    expect(Number(setting("default_radius"))).toBe(PLATFORM_GEO.defaultRadius);
    expect(setting("default_unit")).toBe(`"${PLATFORM_GEO.unit}"`);
    expect(Number(setting("radius_multiplier"))).toBe(PLATFORM_GEO.kmPerUnit);
  });

  it("give a search without a radius the site's default", () => {
    expect(effectiveRadius(null, PLATFORM_GEO)).toBe(100);
    expect(effectiveRadius(25, PLATFORM_GEO)).toBe(25);
  });
});
