import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { parseServerEnv } from "../app/env.server.js";
import { createWebApp } from "./app.js";
import { listen } from "./listen.js";

// Compiled to build/server-app/server/main.js; the React Router build sits beside it in build/.
const buildRoot = new URL("../../", import.meta.url);

async function main() {
  // Fail at start-up, not on the first request, when the environment is wrong.
  const env = parseServerEnv(process.env);
  const build = (await import(new URL("server/index.js", buildRoot).href)) as ServerBuild;

  const app = createWebApp({
    gatewayUrl: env.GATEWAY_URL,
    clientBuildDir: fileURLToPath(new URL("client", buildRoot)),
    pageHandler: createRequestHandler({ build, mode: env.NODE_ENV }),
  });

  const server = await listen(app, env.PORT, env.HOST);
  console.log(`web listening on http://${env.HOST}:${env.PORT} (gateway ${env.GATEWAY_URL})`);

  const shutdown = () => server.close(() => process.exit(0));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
