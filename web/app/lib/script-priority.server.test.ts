// @vitest-environment node
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./script-priority.server";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityScripts()));
}

const HEAD =
  '<head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/vendor-2.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/vendor-3.css"/></head><body><p>Straße</p></body>';
const EXPECTED = HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityScripts", () => {
  it("puts the scripts' preloads at low priority, and nothing else", async () => {
    expect(await through([HEAD])).toBe(EXPECTED);
  });

  it("does so when a tag or a character is cut between chunks", async () => {
    const bytes = Buffer.from(HEAD);
    for (let at = 1; at < bytes.length; at += 7) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(EXPECTED);
    }
  });

  it("leaves a preload that already has a priority as it is", async () => {
    const page = '<link rel="modulepreload" fetchpriority="high" href="/a.js"/>';
    expect(await through([page])).toBe(page);
  });
});
