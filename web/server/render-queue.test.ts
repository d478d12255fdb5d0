// @vitest-environment node
import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { renderQueue } from "./render-queue";

/** A response that closes when told to, as a finished or abandoned one does. */
function response(): Response & { finish(): void } {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { finish: () => emitter.emit("close") }) as unknown as Response & {
    finish(): void;
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("renderQueue", () => {
  function queued(limit: number) {
    const started: number[] = [];
    const handler = (req: Request) => {
      started.push((req as unknown as { id: number }).id);
    };
    const queue = renderQueue(handler, limit);
    const send = (id: number) => {
      const res = response();
      queue({ id } as unknown as Request, res, (() => {}) as NextFunction);
      return res;
    };
    return { started, send };
  }

  it("renders at most `limit` at once, the others in their order of arrival", async () => {
    const { started, send } = queued(2);
    const [first, second] = [1, 2, 3, 4].map(send);
    await flush();
    expect(started).toEqual([1, 2]);
    second?.finish();
    await flush();
    expect(started).toEqual([1, 2, 3]);
    first?.finish();
    await flush();
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it("drops a waiting request whose client went away", async () => {
    const { started, send } = queued(1);
    const first = send(1);
    const gone = send(2);
    send(3);
    gone.finish();
    first.finish();
    await flush();
    expect(started).toEqual([1, 3]);
  });

  it("passes a render's error on", async () => {
    const failing = renderQueue(() => Promise.reject(new Error("render failed")), 1);
    const errors: unknown[] = [];
    failing({} as Request, response(), ((error: unknown) => errors.push(error)) as NextFunction);
    await flush();
    expect(errors).toEqual([new Error("render failed")]);
  });

  it("limit 0: every request at once", async () => {
    const { started, send } = queued(0);
    [1, 2, 3].map(send);
    await flush();
    expect(started).toEqual([1, 2, 3]);
  });
});
