import { Router } from "express";

/** What the gateway's /readyz answers (gateway/README.md). */
interface GatewayReadiness {
  status?: string;
  down?: string[];
}

/**
 * `/healthz`: the web server is up. `/readyz`: what the pages can show right now, from the
 * gateway's own /readyz: `ready`, or `degraded` with the parts that do not answer (`down`, or
 * `gateway: "unavailable"` when the gateway itself does not). It stays 200 either way: the web
 * server still renders every page, with the unavailable notice where something is missing, so
 * it must not be taken out of service for it (docs/runbooks/subgraph-down.md).
 */
export function healthEndpoints(gatewayUrl: string, timeoutMs = 2000): Router {
  const router = Router();
  const gatewayReadyz = new URL("/readyz", gatewayUrl);
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    let gateway: GatewayReadiness | null = null;
    try {
      const answer = await fetch(gatewayReadyz, { signal: AbortSignal.timeout(timeoutMs) });
      if (answer.ok) gateway = (await answer.json()) as GatewayReadiness;
    } catch {
      gateway = null;
    }
    res.set("Cache-Control", "no-store");
    if (!gateway) {
      res.json({ status: "degraded", gateway: "unavailable" });
      return;
    }
    const down = Array.isArray(gateway.down) ? gateway.down.filter((name) => typeof name === "string") : [];
    if (gateway.status === "ready" && down.length === 0) {
      res.json({ status: "ready", gateway: "ready" });
      return;
    }
    res.json({ status: "degraded", gateway: gateway.status ?? "unknown", down });
  });
  return router;
}
