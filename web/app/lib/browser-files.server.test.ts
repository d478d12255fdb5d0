import { describe, expect, it } from "vitest";
import { browserFiles, type ClientManifest } from "./browser-files.server";

const manifest: ClientManifest = {
  "app/features/identity/AccountMenu.tsx": { file: "assets/AccountMenu-1.js", imports: ["_vendor-2.js", "_shell-3.js"] },
  "_shell-3.js": { file: "assets/shell-3.js", imports: ["_vendor-2.js"] },
  "_vendor-2.js": { file: "assets/vendor-2.js" },
};

describe("browserFiles", () => {
  it("names a module's chunk and every chunk it imports, once each", () => {
    expect(browserFiles(manifest, "app/features/identity/AccountMenu.tsx")).toEqual([
      "/assets/AccountMenu-1.js",
      "/assets/vendor-2.js",
      "/assets/shell-3.js",
    ]);
  });

  it("names nothing for a module the build does not know (the dev server has no manifest)", () => {
    expect(browserFiles(manifest, "app/features/search/NotFoundHelp.tsx")).toEqual([]);
    expect(browserFiles({}, "app/features/identity/AccountMenu.tsx")).toEqual([]);
  });
});
