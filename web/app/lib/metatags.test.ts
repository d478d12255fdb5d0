import { describe, expect, it } from "vitest";
import { metaDescriptors, metatagValue } from "./metatags";

describe("metaDescriptors", () => {
  it("maps title, canonical, og and name metatags", () => {
    expect(
      metaDescriptors(
        [
          { meta: "title", value: "Acme | Jobboard" },
          { meta: "description", value: "We make anvils." },
          { meta: "canonical", value: "https://site.test/organization/acme" },
          { meta: "og:image", value: "/api/uploads/organizations/1/logo.png" },
          { meta: "robots", value: "index, follow" },
          { meta: "og:title", value: "" },
        ],
        "Fallback",
      ),
    ).toEqual([
      { title: "Acme | Jobboard" },
      { name: "description", content: "We make anvils." },
      { tagName: "link", rel: "canonical", href: "https://site.test/organization/acme" },
      { property: "og:image", content: "/api/uploads/organizations/1/logo.png" },
      { name: "robots", content: "index, follow" },
    ]);
  });

  it("puts the canonical, og:url and og:image paths at the site's origin when given one", () => {
    const tags = [
      { meta: "canonical", value: "/organization/acme" },
      { meta: "og:url", value: "/organization/acme" },
      { meta: "og:image", value: "/api/uploads/organizations/1/logo.png" },
      { meta: "description", value: "/not/a/url" },
      { meta: "og:title", value: "https://elsewhere.test/kept" },
    ];
    expect(metaDescriptors(tags, "Acme", "https://site.test")).toEqual([
      { title: "Acme" },
      { tagName: "link", rel: "canonical", href: "https://site.test/organization/acme" },
      { property: "og:url", content: "https://site.test/organization/acme" },
      { property: "og:image", content: "https://site.test/api/uploads/organizations/1/logo.png" },
      { name: "description", content: "/not/a/url" },
      { property: "og:title", content: "https://elsewhere.test/kept" },
    ]);
    // without an origin, as they came
    expect(metaDescriptors(tags.slice(0, 1), "Acme")[1]).toEqual({ tagName: "link", rel: "canonical", href: "/organization/acme" });
  });

  it("falls back to a title when none came", () => {
    expect(metaDescriptors([], "Acme | Jobboard")).toEqual([{ title: "Acme | Jobboard" }]);
  });

  it("reads one value", () => {
    expect(metatagValue([{ meta: "description", value: "Anvils" }], "description")).toBe("Anvils");
    expect(metatagValue([], "description")).toBeUndefined();
  });
});
