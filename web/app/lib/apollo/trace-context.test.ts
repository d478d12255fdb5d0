import { describe, expect, it, vi } from "vitest";
import { newTraceparent, withTraceparent } from "./trace-context";

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

describe("trace context from the browser", () => {
  it("makes a valid W3C traceparent, a new trace each time", () => {
    const first = newTraceparent();
    expect(first).toMatch(TRACEPARENT);
    expect(newTraceparent()).not.toBe(first);
    // never the all-zero (invalid) trace id
    expect(newTraceparent((bytes) => bytes)).toMatch(/^00-01/);
  });

  it("puts one on every request and keeps the request's own headers", async () => {
    const send = vi.fn<typeof fetch>(async () => new Response("{}"));
    const traced = withTraceparent(() => send);
    await traced("/graphql", { method: "POST", headers: { "content-type": "application/json" } });
    await traced("/graphql", { method: "POST" });
    const sent = send.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(sent[0]?.get("content-type")).toBe("application/json");
    expect(sent[0]?.get("traceparent")).toMatch(TRACEPARENT);
    expect(sent[1]?.get("traceparent")).toMatch(TRACEPARENT);
    expect(sent[1]?.get("traceparent")).not.toBe(sent[0]?.get("traceparent"));
  });
});
