// @vitest-environment node
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { finishedPage, lowPriorityPreloads, scriptsAfterFirstPaint } from "./script-priority.server";

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

/** Runs the loader in a stand-in document; `visibility` the tab's, `frames` whether frames come. */
function runLoader(html: string, visibility: "visible" | "hidden") {
  const head: { rel: string; href: string }[] = [];
  const replaced: { type: string; nonce: string; textContent: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
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
    addEventListener: () => undefined,
  };
  runInNewContext(loaderOf(html), {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { head, replaced, frames, timers };
}

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

  it("starts the preloads and the module script after the frame that paints the page", () => {
    const started = runLoader(scriptsAfterFirstPaint(PAGE), "visible");
    expect(started.head).toEqual([]);
    expect(started.replaced).toEqual([]);
    // the frame comes (requestAnimationFrame runs before its paint), then the task after it
    started.frames.forEach((frame) => frame());
    expect(started.replaced).toEqual([]);
    started.timers.forEach((timer) => timer());
    expect(started.head).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", href: "/assets/vendor-2.js" },
    ]);
    expect(started.replaced).toEqual([
      {
        type: "module",
        nonce: "n",
        textContent: ';\nimport * as route0 from "/assets/root-4.js";\nimport("/assets/entry.client-1.js");',
      },
    ]);
  });

  it("starts at once in a tab opened in the background (it gets no frames)", () => {
    const started = runLoader(scriptsAfterFirstPaint(PAGE), "hidden");
    expect(started.replaced).toHaveLength(1);
    expect(started.head).toHaveLength(2);
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
