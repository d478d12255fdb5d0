import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { graphqlDocuments } from "./scripts/graphql-documents-plugin.ts";
import { firstLoadModules } from "./scripts/first-load-modules.ts";
import { mantineStyles } from "./scripts/mantine-styles-plugin.ts";

// The client entry and the root route: every page loads them and what they import.
const firstLoad = firstLoadModules(/[\\/]app[\\/](root|entry\.client)\.tsx($|\?)/);

export default defineConfig({
  plugins: [
    graphqlDocuments(new URL("./app/lib/graphql/generated/graphql.ts", import.meta.url)),
    reactRouter(),
    mantineStyles(),
    firstLoad.plugin,
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { host: "127.0.0.1", port: 3002 },
  build: {
    rolldownOptions: {
      output: {
        // The libraries every page loads go into one file: split by default, the first load
        // of a page preloaded about 100 small files (93 on the home page), and on a slow mobile
        // network their round trips held the first paint back (bench/RESULTS.md). Only those:
        // the libraries of some pages (charts, drag and drop, the editor's) stay with them.
        codeSplitting: {
          groups: [{ name: "vendor", test: (id) => /[\\/]node_modules[\\/]/.test(id) && firstLoad.has(id) }],
        },
      },
    },
  },
});
