// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isPersonVisit, reportVisit } from "./visits.server";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A real HTTP server on an ephemeral port stands in for analytics.
let analytics: Server;
let analyticsUrl: string;
let received: Received[];

beforeEach(async () => {
  received = [];
  analytics = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, body });
      res.statusCode = 202;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ counted: true }));
    });
  });
  await new Promise<void>((resolve) => analytics.listen(0, "127.0.0.1", resolve));
  analyticsUrl = `http://127.0.0.1:${(analytics.address() as AddressInfo).port}`;
});

afterEach(async () => {
  if (analytics.listening) await new Promise((resolve) => analytics.close(resolve));
});

function pageRequest(headers: Record<string, string>, method = "GET"): Request {
  return new Request("http://localhost:3002/job/gardener-berlin", { method, headers });
}

describe("server-counted visits", () => {
  it("reports a person's visit with the address the web server set and the browser, no cookie", async () => {
    await reportVisit(
      pageRequest({ "user-agent": FIREFOX, "x-forwarded-for": "203.0.113.9", cookie: "jb_session=secret" }),
      "job",
      "job-1",
      analyticsUrl,
    );
    expect(received).toHaveLength(1);
    const [report] = received;
    expect(report?.url).toBe("/visits");
    expect(JSON.parse(report?.body ?? "")).toEqual({ page: "job", id: "job-1" });
    expect(report?.headers["x-forwarded-for"]).toBe("203.0.113.9");
    expect(report?.headers["user-agent"]).toBe(FIREFOX);
    expect(report?.headers.cookie).toBeUndefined();
  });

  it("does not count crawlers, prefetches, other methods or a page without an id", async () => {
    const skipped: Array<[Request, string | undefined]> = [
      [pageRequest({ "user-agent": GOOGLEBOT }), "job-1"],
      [pageRequest({}), "job-1"],
      [pageRequest({ "user-agent": FIREFOX, "sec-purpose": "prefetch" }), "job-1"],
      [pageRequest({ "user-agent": FIREFOX, purpose: "prefetch" }), "job-1"],
      [pageRequest({ "user-agent": FIREFOX, "sec-purpose": "prefetch;prerender" }), "job-1"],
      [pageRequest({ "user-agent": FIREFOX }, "HEAD"), "job-1"],
      [pageRequest({ "user-agent": FIREFOX }), undefined],
    ];
    for (const [request, id] of skipped) await reportVisit(request, "organization", id, analyticsUrl);
    expect(received).toEqual([]);
    expect(isPersonVisit(pageRequest({ "user-agent": FIREFOX }))).toBe(true);
  });

  it("never fails the page when analytics is down", async () => {
    await new Promise((resolve) => analytics.close(resolve));
    await expect(reportVisit(pageRequest({ "user-agent": FIREFOX }), "job", "job-1", analyticsUrl)).resolves.toBeUndefined();
  });
});
