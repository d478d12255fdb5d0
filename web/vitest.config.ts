import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./test/setup.ts"],
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    restoreMocks: true,
    // Mantine pages under jsdom on a 2-core machine (CI) can take seconds to render: a slow
    // render is not a failure; a wrong one is.
    testTimeout: 60_000,
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where the files
    // then ran one after another (7 minutes of make test). Two share the cores with the Python
    // lane running beside them at a lower priority.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker imports Mantine, the icons and the app's modules once for all the files it runs
    // instead of once per file: the files' imports and environments were more than half of the
    // suite's CPU time. test/setup.ts gives each file an empty page and storage.
    isolate: false,
  },
});
