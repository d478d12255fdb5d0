import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

/**
 * The page's HTML with its scripts' preloads at low priority (`fetchpriority="low"`).
 *
 * React Router preloads every script the page hydrates with (`<link rel="modulepreload">`, which
 * React puts in the head), and the browser fetches them at high priority, before the stylesheets
 * are done and the images start: on a slow mobile network some 250 KB of script stood between
 * the visitor and the first paint of a page whose HTML already has all its content. At low
 * priority they come after what the paint needs (the stylesheets, the images in view); the page
 * is painted first and hydrated right after. A tag cut between two chunks waits for the next.
 */
export function lowPriorityScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      // a character cut between two chunks, too, waits for the next
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // an opening tag not closed in this chunk is kept for the next one
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      carry = text.slice(cut);
      done(null, text.slice(0, cut).replace(PRELOAD, '$& fetchpriority="low"'));
    },
    flush(done) {
      done(null, (carry + decoder.end()).replace(PRELOAD, '$& fetchpriority="low"'));
    },
  });
}
