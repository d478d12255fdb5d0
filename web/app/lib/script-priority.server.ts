import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const PRELOAD_WITHOUT_PRIORITY = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;
const HREF = /\shref="([^"]*)"/;
/** React Router's module script, which imports the page's code and hydrates it (`<Scripts />`). */
const HYDRATION = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;
const HELD_ID = "hydrate-after-paint";

/** How long the loader waits for a paint entry before it starts the scripts all the same. */
export const PAINT_WAIT_MS = 3000;

/**
 * Starts the held hydration script (and the preloads of what it imports) once the browser has
 * shown the page: on its first `largest-contentful-paint` entry, which the browser hands out after
 * the frame that painted the page's main content was presented, then a task later. Where that
 * entry type does not exist, after the next frame (`requestAnimationFrame`, then a task). A tab
 * opened in the background (no frames) starts at once, as does a tab hidden before its paint, a
 * visitor's first key or pointer, or PAINT_WAIT_MS without an entry.
 */
function loader(hrefs: string[]): string {
  const files = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
  return (
    `(function(){var started=false;function start(){if(started)return;started=true;` +
    `${files}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});` +
    `var held=document.getElementById("${HELD_ID}");var script=document.createElement("script");` +
    `script.type="module";script.nonce=held.nonce;script.textContent=held.textContent;held.replaceWith(script)}` +
    `function later(){setTimeout(start)}` +
    `if(document.visibilityState==="hidden")return start();` +
    `document.addEventListener("visibilitychange",start,{once:true});` +
    `["keydown","pointerdown"].forEach(function(type){addEventListener(type,start,{once:true,capture:true})});` +
    `var types=typeof PerformanceObserver==="function"&&PerformanceObserver.supportedEntryTypes||[];` +
    `if(types.indexOf("largest-contentful-paint")<0)return requestAnimationFrame(later);` +
    `new PerformanceObserver(function(list,observer){observer.disconnect();later()}).observe({type:"largest-contentful-paint",buffered:true});` +
    `setTimeout(start,${PAINT_WAIT_MS})})()`
  );
}

/**
 * The page's scripts start after its first paint: React Router's module script (which imports
 * every file the page hydrates with) is held inert (`type="text/plain"`) where it stands, its
 * preloads (`<link rel="modulepreload">`, which React puts in the head) are taken out, and a small
 * inline script after it adds both once the browser has painted the page.
 *
 * The page is server-rendered whole (ADR 0056): its first paint needs the HTML and the stylesheets,
 * no script. Preloaded from the head, even at low priority (as before), some 210 KB of script
 * were fetched while the page was parsed and laid out, and on a fast connection often finished,
 * and started to run, before the first paint: the paint then waited for their evaluation, and the
 * largest contentful paint for their download. A page without its module script (an error page
 * the server could not render with React Router) is left as it is.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const hydration = HYDRATION.exec(html);
  if (!hydration) return html;
  const [tag, nonce = "", body] = hydration;
  const hrefs: string[] = [];
  const before = html.slice(0, hydration.index).replace(PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href && !hrefs.includes(href)) hrefs.push(href);
    return "";
  });
  const after = html.slice(hydration.index + tag.length);
  return (
    `${before}<script${nonce} type="text/plain" id="${HELD_ID}">${body}</script>` +
    `<script${nonce}>${loader(hrefs)}</script>${after}`
  );
}

/**
 * The scripts' preloads at low priority (`fetchpriority="low"`), for a page whose scripts start
 * while it loads: React Router preloads every script the page hydrates with, and the browser
 * fetched them at high priority, before the stylesheets and the images of the first paint.
 */
export function lowPriorityPreloads(html: string): string {
  return html.replace(PRELOAD_WITHOUT_PRIORITY, '$& fetchpriority="low"');
}

/**
 * The page's HTML in one piece; its scripts started after its first paint (`afterPaint`:
 * scriptsAfterFirstPaint) or preloaded at low priority from the head (lowPriorityPreloads).
 *
 * One piece: the server answers once the whole page is rendered (`onAllReady`), and React then
 * writes it in some thirty small chunks in the same turn, which the compression sent as as many
 * brotli flushes. The browser received them as separate arrivals, parsed and painted between
 * them, and its first paint (when the stylesheets came) could show the header without the page's
 * content, which came a frame or more later. Held until React ends the stream (no later for the
 * visitor: the chunks come in the same turn), the page goes out as one write, is compressed in one
 * pass and is all there for the browser's first paint.
 */
export function finishedPage({ afterPaint }: { afterPaint: boolean }): Transform {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      html += typeof chunk === "string" ? chunk : decoder.write(chunk);
      done();
    },
    flush(done) {
      const page = html + decoder.end();
      done(null, afterPaint ? scriptsAfterFirstPaint(page) : lowPriorityPreloads(page));
    },
  });
}
