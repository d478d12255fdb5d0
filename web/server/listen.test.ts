import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { listen } from "./listen";

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(() => r(undefined)))));
});

describe("listen", () => {
  it("starts on a free port", async () => {
    const { server } = await listen(express(), 0, "127.0.0.1");
    open.push(server);
    expect(server.listening).toBe(true);
  });

  it("fails loudly when the port is taken", async () => {
    const taken = createServer();
    open.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    await expect(listen(express(), port, "127.0.0.1")).rejects.toThrow(
      `web cannot listen: port ${port} on 127.0.0.1 is already in use`,
    );
  });
});
