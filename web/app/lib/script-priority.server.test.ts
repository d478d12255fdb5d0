// @vitest-environment node
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PAINT_WAIT_MS, finishedPage, lowPriorityPreloads, scriptsAfterFirstPaint } from "./script-priority.server";

const MODULE_SCRIPT =
  '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-4.js";\nimport("/assets/entry.client-1.js");</script>';
const PAGE =
  '<html><head><link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/vendor-2.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/vendor-3.css"/></head><body><main><p>Straße</p></main>' +
  `${MODULE_SCRIPT}<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>`;

/** The inline loader the page gets after the held module script. */
function loaderOf(html: string): string {
  const match = /<script nonce="n">(\(function[\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no loader");
  return match[1];
}

type Options = {
  /** the tab's visibility when the loader runs */
  visibility?: "visible" | "hidden";
  /** the entry types the browser's PerformanceObserver knows (null: no PerformanceObserver) */
  entryTypes?: string[] | null;
};

/** Runs the loader in a stand-in browser; what it started, and the callbacks it left waiting. */
function runLoader(html: string, { visibility = "visible", entryTypes = ["paint", "largest-contentful-paint"] }: Options = {}) {
  const head: { rel: string; href: string }[] = [];
  const replaced: { type: string; nonce: string; textContent: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; delay: number }[] = [];
  const listeners: Record<string, () => void> = {};
  const observed: { type: string; buffered: boolean; callback: (list: unknown, observer: { disconnect(): void }) => void }[] = [];
  const held = {
    nonce: "n",
    textContent: /id="hydrate-after-paint">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "",
    replaceWith: (script: (typeof replaced)[number]) => replaced.push(script),
  };
  const document = {
    visibilityState: visibility,
    head: { appendChild: (link: (typeof head)[number]) => head.push(link) },
    getElementById: (id: string) => (id === "hydrate-after-paint" ? held : null),
    createElement: () => ({}),
    addEventListener: (type: string, callback: () => void) => (listeners[`document:${type}`] = callback),
  };
  class PerformanceObserver {
    static supportedEntryTypes = entryTypes;
    constructor(private readonly callback: (typeof observed)[number]["callback"]) {}
    observe(options: { type: string; buffered: boolean }) {
      observed.push({ ...options, callback: this.callback });
    }
  }
  runInNewContext(loaderOf(html), {
    document,
    addEventListener: (type: string, callback: () => void) => (listeners[type] = callback),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay = 0) => timers.push({ callback, delay }),
    ...(entryTypes ? { PerformanceObserver } : {}),
  });
  const now = (delay: number) => timers.filter((timer) => timer.delay === delay).forEach((timer) => timer.callback());
  const paint = () => observed.forEach(({ callback }) => callback({}, { disconnect: () => undefined }));
  return { head, replaced, frames, timers, now, paint, observed, listeners };
}

const STARTED = [
  {
    type: "module",
    nonce: "n",
    textContent: ';\nimport * as route0 from "/assets/root-4.js";\nimport("/assets/entry.client-1.js");',
  },
];

describe("scriptsAfterFirstPaint", () => {
  it("holds React Router's module script inert where it stands and takes the preloads out of the head", () => {
    const html = scriptsAfterFirstPaint(PAGE);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      '<script nonce="n" type="text/plain" id="hydrate-after-paint">;\nimport * as route0 from "/assets/root-4.js";\nimport("/assets/entry.client-1.js");</script><script nonce="n">(function',
    );
    // the content before it, and the stream's scripts after it, as they were
    expect(html).toContain('<link rel="stylesheet" href="/assets/vendor-3.css"/></head><body><main><p>Straße</p></main>');
    expect(html.endsWith('<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
  });

  it("starts the preloads and the module script a task after the browser reports the largest paint", () => {
    const started = runLoader(scriptsAfterFirstPaint(PAGE));
    expect(started.observed.map(({ type, buffered }) => ({ type, buffered }))).toEqual([{ type: "largest-contentful-paint", buffered: true }]);
    // a frame alone starts nothing: it may come before the paint is shown
    started.frames.forEach((frame) => frame());
    started.now(0);
    expect(started.replaced).toEqual([]);
    expect(started.head).toEqual([]);
    started.paint();
    expect(started.replaced).toEqual([]);
    started.now(0);
    expect(started.head).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", href: "/assets/vendor-2.js" },
    ]);
    expect(started.replaced).toEqual(STARTED);
    // once only, whatever comes after
    started.now(PAINT_WAIT_MS);
    started.listeners.keydown?.();
    expect(started.replaced).toHaveLength(1);
  });

  it("starts after the next frame in a browser without largest-contentful-paint entries", () => {
    for (const entryTypes of [["paint"], null]) {
      const started = runLoader(scriptsAfterFirstPaint(PAGE), { entryTypes });
      expect(started.replaced).toEqual([]);
      started.frames.forEach((frame) => frame());
      expect(started.replaced).toEqual([]);
      started.now(0);
      expect(started.replaced).toEqual(STARTED);
    }
  });

  it("starts at once on a visitor's first key or pointer, or when no paint is reported in time", () => {
    for (const event of ["keydown", "pointerdown"]) {
      const started = runLoader(scriptsAfterFirstPaint(PAGE));
      started.listeners[event]?.();
      expect(started.replaced).toEqual(STARTED);
    }
    const waited = runLoader(scriptsAfterFirstPaint(PAGE));
    waited.now(PAINT_WAIT_MS);
    expect(waited.replaced).toEqual(STARTED);
  });

  it("starts at once in a tab opened in the background (it gets no frames), or hidden before its paint", () => {
    const started = runLoader(scriptsAfterFirstPaint(PAGE), { visibility: "hidden" });
    expect(started.replaced).toHaveLength(1);
    expect(started.head).toHaveLength(2);
    const hidden = runLoader(scriptsAfterFirstPaint(PAGE));
    hidden.listeners["document:visibilitychange"]?.();
    expect(hidden.replaced).toHaveLength(1);
  });

  it("leaves a page without React Router's module script as it is", () => {
    const page = '<html><head><link rel="modulepreload" href="/a.js"/></head><body>Error</body></html>';
    expect(scriptsAfterFirstPaint(page)).toBe(page);
  });
});

describe("finishedPage", () => {
  it("writes what React wrote in many chunks as one, when React ends the stream", async () => {
    const source = new Readable({ read() {} });
    const out: string[] = [];
    const page = source.pipe(finishedPage({ afterPaint: true }));
    page.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    const ended = new Promise((resolve) => page.on("end", resolve));
    for (const part of ["<head></head>", "<body><main>", "<p>Straße</p>", "</main></body>"]) source.push(part);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([]); // nothing before the end
    source.push(null);
    await ended;
    expect(out).toEqual(["<head></head><body><main><p>Straße</p></main></body>"]);
  });

  it("keeps a character cut between two chunks whole", async () => {
    const bytes = Buffer.from(PAGE);
    const at = bytes.indexOf(Buffer.from("ß")) + 1;
    expect(await text(Readable.from([bytes.subarray(0, at), bytes.subarray(at)]).pipe(finishedPage({ afterPaint: true })))).toBe(
      scriptsAfterFirstPaint(PAGE),
    );
  });

  it("leaves the scripts of a page not read first where they were, preloaded at low priority", async () => {
    const html = await text(Readable.from([PAGE]).pipe(finishedPage({ afterPaint: false })));
    expect(html).toBe(lowPriorityPreloads(PAGE));
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js" nonce="n"/>');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/vendor-2.js" nonce="n"/>');
    expect(html).toContain(MODULE_SCRIPT);
  });
});
