import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { parseOidcProviders, parseServerEnv } from "../app/env.server.js";
import { readSessionClaims } from "../app/lib/session-claims.js";
import { withUnavailableParts } from "../app/lib/apollo/unavailable.server.js";
import { readClientManifest } from "../app/lib/browser-files.server.js";
import { createWebApp } from "./app.js";
import { createAuthConfig } from "./auth/config.js";
import { IdentityClient } from "./auth/identity-client.js";
import { listen } from "./listen.js";
import { readCatalogues } from "./messages.js";
import { gatewayRedirectConfig } from "./redirects.js";
import { siteLocales } from "../app/lib/routes-i18n.js";

// Compiled to build/server-app/server/main.js; the React Router build sits beside it in build/.
const buildRoot = new URL("../../", import.meta.url);

async function main() {
  // Fail at start-up, not on the first request, when the environment is wrong.
  const env = parseServerEnv(process.env);
  const oidcProviders = parseOidcProviders(process.env);
  const build = (await import(
    new URL("server/index.js", buildRoot).href
  )) as ServerBuild;
  // which browser files a page's lazily loaded parts need, to preload them (entry.server)
  const clientManifest = readClientManifest(new URL("client/.vite/manifest.json", buildRoot));
  const secureCookies = env.AUTH_URL.startsWith("https:");
  // The page renderer puts this response's Content-Security-Policy nonce on its inline scripts.
  const pages = createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string | undefined,
      clientManifest,
      // a page the server renders (not a client navigation's `.data` request): its render's
      // first query starts with the loaders' (lib/apollo/page-render.server)
      ...(req.path.endsWith(".data") ? {} : { pageRender: {} }),
    }),
  });

  const app = createWebApp({
    gatewayUrl: env.GATEWAY_URL,
    uploadServices: {
      // identity serves data export archives there (ADR 0038)
      identity: env.IDENTITY_URL,
      organizations: env.ORGANIZATIONS_URL,
      jobs: env.JOBS_URL,
      resumes: env.RESUMES_URL,
    },
    atsApi: { jobsUrl: env.JOBS_URL },
    searchUrl: env.SEARCH_URL,
    frontendName: env.FRONTEND_NAME,
    siteUrl: env.AUTH_URL,
    // tsconfig.server.json emits the catalogues beside the compiled app code.
    messages: readCatalogues(new URL("../app/lib/i18n/messages/", import.meta.url)),
    analytics: { url: env.ANALYTICS_URL, frontendName: env.FRONTEND_NAME },
    ...(env.INDEXNOW_KEY ? { indexNowKey: env.INDEXNOW_KEY } : {}),
    clientBuildDir: fileURLToPath(new URL("client", buildRoot)),
    // each page request records, for its own render, the parts of the site that did not answer
    pageHandler: (req, res, next) => withUnavailableParts(() => pages(req, res, next)),
    renderConcurrency: env.WEB_RENDER_CONCURRENCY,
    contentSecurityPolicy: {
      captchaScriptUrl: env.CAPTCHA_SCRIPT_URL,
      tagManagerUrl: env.TAG_MANAGER_URL,
    },
    redirects: gatewayRedirectConfig({
      gatewayUrl: env.GATEWAY_URL,
      frontend: `${env.FRONTEND_NAME}/en`,
    }),
    siteLocales: siteLocales(env.SITE_LOCALES),
    ...(process.env.TRUST_PROXY ? { trustProxy: process.env.TRUST_PROXY } : {}),
    auth: {
      config: createAuthConfig({
        secret: env.AUTH_SECRET,
        identity: new IdentityClient(env.IDENTITY_URL),
        oidcProviders,
        secureCookies,
      }),
      sessionToken: async (cookieHeader) =>
        (
          await readSessionClaims(cookieHeader, {
            secret: env.AUTH_SECRET,
            secureCookies,
          })
        )?.accessToken ?? null,
    },
  });

  const server = await listen(app, env.PORT, env.HOST, {
    keepAliveTimeoutMs: env.WEB_KEEPALIVE_TIMEOUT_MS,
    ...(env.WEB_HEADERS_TIMEOUT_MS ? { headersTimeoutMs: env.WEB_HEADERS_TIMEOUT_MS } : {}),
    ...(env.WEB_REQUEST_TIMEOUT_MS ? { requestTimeoutMs: env.WEB_REQUEST_TIMEOUT_MS } : {}),
  });
  const social =
    oidcProviders.map((provider) => provider.name).join(", ") || "none";
  console.log(
    `web listening on http://${env.HOST}:${env.PORT} (gateway ${env.GATEWAY_URL}, identity ${env.IDENTITY_URL}, social sign-in: ${social})`,
  );

  // the kept connections end as their answers finish, not after the keep-alive time
  const shutdown = () => void server.close().then(() => process.exit(0));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
