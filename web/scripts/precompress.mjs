// Brotli copies of the built client's scripts and stylesheets at the highest quality
// (build/client/assets/x.js.br beside x.js), which server/precompressed.ts serves to browsers
// that take brotli. The compression middleware's brotli on the fly (quality 4) makes them about
// as small as gzip; at quality 11, too slow to do per request, they are some 15 % smaller.
//
//   node scripts/precompress.mjs [dir]      (default build/client/assets)
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

const compress = promisify(brotliCompress);
const dir = process.argv[2] ?? "build/client/assets";
/** Smaller files gain too little to be worth a second copy. */
const MIN_BYTES = 1024;

const names = (await readdir(dir)).filter((name) => /\.(js|css|json|svg)$/.test(name));
let before = 0;
let after = 0;
await Promise.all(
  names.map(async (name) => {
    const path = join(dir, name);
    if ((await stat(path)).size < MIN_BYTES) return;
    const text = await readFile(path);
    const packed = await compress(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    });
    before += text.length;
    after += packed.length;
    await writeFile(`${path}.br`, packed);
  }),
);
console.log(`precompressed ${names.length} files in ${dir}: ${Math.round(before / 1024)} KiB to ${Math.round(after / 1024)} KiB (brotli)`);
