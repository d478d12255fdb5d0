// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppConfig } from "~/lib/app-config";
import { FEATURE_DEFAULTS, featuresOf, siteFeatures } from "~/lib/site-features";

const entry = (name: string, value: unknown, key = "features") => ({ key, name, value });

describe("the site's feature flags", () => {
  it("are the platform's defaults when the site's configuration has none", () => {
    expect(siteFeatures([])).toEqual(FEATURE_DEFAULTS);
    expect(siteFeatures([]).resume).toBe(true);
    expect(siteFeatures([]).resume_contact).toBe(false);
  });

  it("take the site's values, by the features group only, booleans only", () => {
    const features = siteFeatures([
      entry("resume", false),
      entry("resume_contact", true),
      entry("resume_searches", "yes"),
      entry("resume_import", false, "other"),
      entry("unknown_flag", true),
    ]);
    expect(features.resume).toBe(false);
    expect(features.resume_contact).toBe(true);
    expect(features.resume_searches).toBe(false);
    expect(features.resume_import).toBe(true);
    expect(features).not.toHaveProperty("unknown_flag");
    expect(featuresOf(new AppConfig([entry("resume", false)])).resume).toBe(false);
  });

  it("default as identity's site configuration does (services/identity site_config.py)", () => {
    const source = readFileSync(
      new URL("../../../services/identity/src/identity/domain/site_config.py", import.meta.url),
      "utf8",
    );
    const flags = Object.fromEntries(
      [...source.matchAll(/_flag\("([a-z_]+)", (True|False),/g)].map(([, name, value]) => [name, value === "True"]),
    );
    expect(Object.keys(flags).length).toBeGreaterThan(5);
    expect(flags).toEqual(FEATURE_DEFAULTS);
  });
});
