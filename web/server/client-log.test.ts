// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { clientLog } from "./client-log";

let server: Server | undefined;

async function start(
  perMinute = 30,
): Promise<{ base: string; lines: string[] }> {
  const lines: string[] = [];
  const app = express();
  app.use(
    "/api/client-log",
    clientLog({ perMinute, write: (line) => lines.push(line) }),
  );
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
  };
}

afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

const post = (base: string, body: unknown, type = "application/json") =>
  fetch(`${base}/api/client-log`, {
    method: "POST",
    headers: { "content-type": type },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("the client log endpoint", () => {
  it("writes a browser's error as one JSON line", async () => {
    const { base, lines } = await start();
    const answer = await post(base, {
      kind: "graphql",
      message: "Response not successful",
      operation: "JobPage",
      url: "/job/x",
    });
    expect(answer.status).toBe(204);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      logger: "client",
      kind: "graphql",
      message: "Response not successful",
      operation: "JobPage",
      url: "/job/x",
    });
  });

  it("keeps where in the tree a hydration error happened", async () => {
    const { base, lines } = await start();
    const answer = await post(base, {
      kind: "hydration",
      message: "Minified React error #418",
      url: "/admin/consent",
      componentStack: "\n    at span\n    at ConsentAdminPage",
    });
    expect(answer.status).toBe(204);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      kind: "hydration",
      componentStack: "\n    at span\n    at ConsentAdminPage",
    });
  });

  it("takes a beacon's text/plain body too", async () => {
    const { base, lines } = await start();
    expect(
      (await post(base, { kind: "render", message: "boom" }, "text/plain"))
        .status,
    ).toBe(204);
    expect(lines).toHaveLength(1);
  });

  it("refuses what is not an entry, and oversized bodies, without writing", async () => {
    const { base, lines } = await start();
    expect((await post(base, { kind: "nonsense", message: "x" })).status).toBe(
      400,
    );
    expect((await post(base, { kind: "graphql" })).status).toBe(400);
    expect(
      (await post(base, { kind: "graphql", message: "x".repeat(20_000) }))
        .status,
    ).toBe(413);
    expect(lines).toEqual([]);
  });

  it("drops a flood from one address", async () => {
    const { base, lines } = await start(3);
    const statuses = [];
    for (let n = 0; n < 5; n += 1)
      statuses.push(
        (await post(base, { kind: "render", message: `e${n}` })).status,
      );
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(lines).toHaveLength(3);
  });
});
