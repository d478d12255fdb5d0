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

  it("falls back to a title when none came", () => {
    expect(metaDescriptors([], "Acme | Jobboard")).toEqual([{ title: "Acme | Jobboard" }]);
  });

  it("reads one value", () => {
    expect(metatagValue([{ meta: "description", value: "Anvils" }], "description")).toBe("Anvils");
    expect(metatagValue([], "description")).toBeUndefined();
  });
});
