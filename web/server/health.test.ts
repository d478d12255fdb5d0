// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { healthEndpoints } from "./health";

const servers: Server[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A real gateway stand-in answering /readyz with `body`. */
function gatewayAnswering(status: number, body: unknown): Promise<string> {
  return serve((req, res) => {
    res.statusCode = req.url === "/readyz" ? status : 404;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  });
}

async function webReadyz(gatewayBase: string): Promise<{ status: number; body: unknown }> {
  const app = express();
  app.use(healthEndpoints(`${gatewayBase}/graphql`, 500));
  const web = await serve(app);
  const answer = await fetch(`${web}/readyz`);
  return { status: answer.status, body: await answer.json() };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the web server's health", () => {
  it("/healthz: the web server is up", async () => {
    const app = express();
    app.use(healthEndpoints("http://127.0.0.1:9/graphql"));
    const web = await serve(app);
    const answer = await fetch(`${web}/healthz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "ok" });
  });

  it("/readyz: ready when the gateway and every subgraph answer", async () => {
    const gateway = await gatewayAnswering(200, { status: "ready", subgraphs: { jobs: "up" } });
    expect(await webReadyz(gateway)).toEqual({ status: 200, body: { status: "ready", gateway: "ready" } });
  });

  it("/readyz: degraded, naming the subgraphs that are down, and still 200 (pages render what they can)", async () => {
    const gateway = await gatewayAnswering(200, {
      status: "degraded",
      subgraphs: { jobs: "up", organizations: "down" },
      down: ["organizations"],
    });
    expect(await webReadyz(gateway)).toEqual({
      status: 200,
      body: { status: "degraded", gateway: "degraded", down: ["organizations"] },
    });
  });

  it("/readyz: degraded when the gateway itself does not answer (a closed port)", async () => {
    const closed = await serve(() => undefined);
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    expect(await webReadyz(closed)).toEqual({ status: 200, body: { status: "degraded", gateway: "unavailable" } });
  });
});
