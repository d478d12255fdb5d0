import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { graphqlDocuments } from "./scripts/graphql-documents-plugin.ts";
import { reachableModules } from "./scripts/reachable-modules.ts";
import { mantineStyles } from "./scripts/mantine-styles-plugin.ts";
import { precompiledMessages } from "./scripts/precompiled-messages-plugin.ts";

// What every page loads: the client entry, the root route and what they import.
const firstLoad = reachableModules(/[\\/]app[\\/](root|entry\.client)\.tsx($|\?)/);
// What the public pages load, where visitors from a search engine land: the home page, the
// job search, a job, the organizations and an organization.
const publicPages = reachableModules(/[\\/]app[\\/]routes[\\/](home|jobs|job|organizations|organization)\.tsx($|\?)/);
const LIBRARY = /[\\/]node_modules[\\/]/;
const ENTRY = /[\\/]app[\\/](root\.tsx|entry\.client\.tsx|routes[\\/])/;
// Apollo Client, what it brings and the app's code that makes one: loaded when a page needs it
// (app/lib/apollo/lazy-client.tsx). Not browser-client.ts, which the browser imports: a small
// chunk of its own, which the build's manifest names, so that the server can preload it and
// what it imports with a page that renders with Apollo (entry.server).
const GRAPHQL_CLIENT =
  /[\\/]node_modules[\\/](@apollo[\\/]client|rxjs|graphql|@wry|optimism|ts-invariant)[\\/]|[\\/]app[\\/]lib[\\/]apollo[\\/](create-apollo-client|partial-answers)\.ts$/;

export default defineConfig({
  plugins: [
    graphqlDocuments(new URL("./app/lib/graphql/generated/graphql.ts", import.meta.url)),
    reactRouter(),
    mantineStyles(),
    precompiledMessages(),
    firstLoad.plugin,
    publicPages.plugin,
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { host: "127.0.0.1", port: 3002 },
  build: {
    // kept in build/client/.vite/ (not served: a dot folder): the web server reads which files a
    // part loaded where it renders needs, to preload them with the page (entry.server)
    manifest: true,
    rolldownOptions: {
      output: {
        // Split by default, the first load of a page preloaded 40 to 100 small files, and on a
        // slow mobile network their round trips held the first paint back (bench/RESULTS.md).
        // So: the libraries every page loads in one file (vendor), the app's code every page
        // loads in another (shell), and what two or more public pages share beyond them in a
        // third (public: a page there loads a little it does not use, its stylesheet too, for
        // fewer round trips); Apollo Client in a fourth, loaded by the pages that render with it
        // and by the others when first needed. What other pages use (charts, drag and drop, the
        // editors) stays split with them.
        codeSplitting: {
          groups: [
            { name: "vendor", priority: 4, test: (id) => LIBRARY.test(id) && firstLoad.has(id) },
            { name: "shell", priority: 3, test: (id) => !LIBRARY.test(id) && !ENTRY.test(id) && firstLoad.has(id) },
            // not in `public`: the home page, /jobs and a job hydrate without it
            { name: "graphql-client", priority: 2, test: (id) => GRAPHQL_CLIENT.test(id) },
            { name: "public", priority: 1, minShareCount: 2, test: (id) => !ENTRY.test(id) && publicPages.has(id) },
          ],
        },
      },
    },
  },
});
