import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { graphqlDocuments } from "./scripts/graphql-documents-plugin.ts";

export default defineConfig({
  plugins: [
    graphqlDocuments(new URL("./app/lib/graphql/generated/graphql.ts", import.meta.url)),
    reactRouter(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { host: "127.0.0.1", port: 3002 },
  build: {
    rolldownOptions: {
      output: {
        // Libraries shared by two or more chunks go into one file: the first load of a page
        // preloaded about 100 small files (93 on the home page), and on a slow mobile network
        // their round trips, not their bytes, held the first paint back (bench/RESULTS.md).
        codeSplitting: {
          groups: [{ name: "vendor", test: /[\\/]node_modules[\\/]/, minShareCount: 2 }],
        },
      },
    },
  },
});
