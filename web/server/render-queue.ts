import type { RequestHandler } from "express";

/**
 * At most `limit` requests in `handler` at once (the page renders); the others wait their turn,
 * first come first served, and leave the line when their client goes away (ADR 0059).
 *
 * One event loop renders every page: 32 renders begun together share it and each takes 32 times
 * as long, so all that a render holds (its queries' answers, its Apollo cache, React's tree)
 * lives through many young-generation collections, is promoted to the old space and dies
 * there, which grew the heap to its limit under load. A request that waits holds only itself;
 * with a few renders at once each finishes in its own share of the time, the CPU still busy
 * while others wait for the gateway. `limit` 0: no limit.
 */
export function renderQueue(handler: RequestHandler, limit: number): RequestHandler {
  if (limit <= 0) return handler;
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return (req, res, next) => {
    const start = () => {
      running += 1;
      // 'close' follows the end of every answer, and a client gone before it
      res.once("close", release);
      Promise.resolve()
        .then(() => handler(req, res, next))
        .catch(next);
    };
    if (running < limit) {
      start();
      return;
    }
    const turn = () => {
      res.off("close", leave);
      start();
    };
    const leave = () => {
      const at = waiting.indexOf(turn);
      if (at !== -1) waiting.splice(at, 1);
    };
    res.once("close", leave);
    waiting.push(turn);
  };
}
