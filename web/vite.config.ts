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
});
