// The JavaScript a page's first load fetches, from the build's React Router manifest: the client
// entry, the root route and the page's route, with every file they import (what the server's
// HTML preloads). Bytes as built, gzip (level 9) and the build's brotli (precompress.mjs).
//   node scripts/first-load-bytes.mjs [routes/home routes/jobs routes/job]
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { join } from "node:path";

const client = new URL("../build/client", import.meta.url).pathname;
const assets = join(client, "assets");
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error("no build: run npm run build first");
const text = readFileSync(join(assets, manifestFile), "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));

function chainOf(routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  return chain;
}

function filesOf(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chainOf(routeId)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

function sizes(file) {
  const path = join(client, file);
  const raw = readFileSync(path);
  // the build leaves the smallest files uncompressed: brotli them the same way here
  const br = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).length
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, br };
}

const kib = (n) => (n / 1024).toFixed(1);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ["routes/home", "routes/jobs", "routes/job"];
for (const id of routes) {
  const files = filesOf(id);
  const total = { raw: 0, gzip: 0, br: 0 };
  const rows = files.map((file) => {
    const size = sizes(file);
    for (const key of Object.keys(total)) total[key] += size[key];
    return `    ${file.padEnd(48)} ${kib(size.raw).padStart(8)} ${kib(size.gzip).padStart(7)} ${kib(size.br).padStart(7)}`;
  });
  console.log(`${id}: ${files.length} files, ${kib(total.raw)} KiB raw, ${kib(total.gzip)} KiB gzip, ${kib(total.br)} KiB brotli`);
  if (process.env.VERBOSE) console.log(rows.join("\n"));
}
