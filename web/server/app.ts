import { ExpressAuth, type ExpressAuthConfig } from "@auth/express";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type Express, type Request, type RequestHandler, type Response } from "express";
import {
  AUTH_BASE_PATH,
  SIGN_UP_CONSENT_COOKIE,
  SIGN_UP_ROLE_COOKIE,
} from "../app/lib/auth-constants.js";
import { sitePath } from "../app/lib/safe-path.js";
import { authRequestContext } from "./auth/config.js";
import { analyticsRelays } from "./analytics-relays.js";
import { ATS_API_PATH, atsApi, type AtsApiOptions } from "./ats-api.js";
import { clientLog } from "./client-log.js";
import {
  CSP_REPORT_PATH,
  contentSecurityPolicyHeaders,
  cspReports,
  type ContentSecurityPolicyOptions,
} from "./content-security-policy.js";
import { type Catalogues, messagesEndpoint } from "./messages.js";
import { graphqlProxy } from "./graphql-proxy.js";
import { healthEndpoints } from "./health.js";
import { uploadsProxy } from "./uploads-proxy.js";
import { securityHeaders } from "./security-headers.js";
import { clientAddress, jsonErrors, singleLeadingSlash } from "./request-guards.js";
import { permanentRedirects, type RedirectConfig } from "./redirects.js";
import { precompressedAssets, topLevelFiles } from "./precompressed.js";
import { renderQueue } from "./render-queue.js";
import type { SiteLocales } from "../app/lib/routes-i18n.js";
import {
  FEED_PATHS,
  SITEMAP_PATHS,
  feedsProxy,
  indexNowKeyFile,
  robotsTxt,
} from "./search-feeds.js";

/**
 * Pages and JSON compressed as they stream (the browser files are brotli-compressed at build
 * time). Brotli's window is 256 KiB (lgwin 18) instead of its 4 MiB default: a page's HTML is
 * 60-190 KiB, so the output is byte for byte as small, but each response's encoder asked for
 * 8-10 MiB with the default window and 1.8 MiB with this one (32 pages streamed at once: 280
 * MiB of allocations against 32; ADR 0059). Quality 4, compression's own default.
 */
const RESPONSE_COMPRESSION: compression.CompressionOptions = {
  brotli: {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    },
  },
};

export interface CreateWebAppOptions {
  gatewayUrl: string;
  /** Services that take uploads, by name (`/api/uploads/<name>/...`). */
  uploadServices?: Record<string, string>;
  /** Renders pages: the React Router request handler in production. */
  pageHandler: RequestHandler;
  /** At most this many requests in pageHandler at once, the others wait (0, default: no limit). */
  renderConcurrency?: number;
  /** The built browser assets (`build/client`); omitted in tests. */
  clientBuildDir?: string;
  /** The site's redirect settings (spec 2's permanent redirects); none: no redirects. */
  redirects?: () => Promise<RedirectConfig>;
  /** The site's locales (SITE_LOCALES): prefixed, translated paths redirect too. Default: en only. */
  siteLocales?: SiteLocales;
  /** The jobs service, answering the ATS API at /api/ats/v1 (ADR 0039); omitted: no ATS API. */
  atsApi?: AtsApiOptions;
  /** Search's REST endpoints (the aggregator feeds, the sitemaps); omitted: neither. */
  searchUrl?: string;
  /** The site this server serves (FRONTEND_NAME): search answers its sitemaps and feeds. */
  frontendName?: string;
  /** The public site's URL: `/robots.txt` names its `/sitemap.xml`; omitted: no robots.txt. */
  siteUrl?: string;
  /** Analytics' REST endpoints: /api/gmapi and /api/conversionapi go there (ADR 0014). */
  analytics?: { url: string; frontendName: string };
  /** The message catalogues by locale, answered at /api/messages/{locale}; omitted: none. */
  messages?: Catalogues;
  /** IndexNow's key, served at `/{key}.txt` (the same as search's SEARCH_INDEXNOW_KEY). */
  indexNowKey?: string;
  /** The script origins the Content-Security-Policy allows besides the site (ADR 0022). */
  contentSecurityPolicy?: ContentSecurityPolicyOptions;
  /** Express "trust proxy": which X-Forwarded-For hops to believe. Default: none. */
  trustProxy?: boolean | string;
  /** Sessions at /api/auth/*; the proxy then forwards each session's token to the gateway. */
  auth?: {
    config: ExpressAuthConfig;
    sessionToken: (cookieHeader: string | undefined) => Promise<string | null>;
  };
}

function cookieValue(
  header: string | undefined,
  name: string,
): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/**
 * Spec 8: signing in with a provider that does not exist goes back to the sign-in page with a
 * callbackUrl; with no provider at all (not even credentials), any sign-in goes to the auth error
 * page. (Auth.js alone answers both with a configuration error.) A page script asking with
 * `X-Auth-Return-Redirect` (as Auth.js's own answers do) gets `{ url }` to go to instead of a
 * redirect its fetch would follow.
 */
function unknownProvider(config: ExpressAuthConfig): RequestHandler {
  const known = new Set(
    (config.providers ?? []).map((provider) =>
      typeof provider === "function" ? provider().id : provider.id,
    ),
  );
  const send = (req: Request, res: Response, url: string) => {
    if (req.get("x-auth-return-redirect")) res.json({ url });
    else res.redirect(302, url);
  };
  return (req, res, next) => {
    const match = /^\/signin(?:\/([^/?]+))?\/?$/.exec(req.path);
    if (!match) {
      next();
      return;
    }
    if (known.size === 0) {
      send(req, res, "/user/auth-error?error=Configuration");
      return;
    }
    const id = match[1] ? decodeURIComponent(match[1]) : undefined;
    if (id === undefined || known.has(id)) {
      next();
      return;
    }
    const body = req.body as Record<string, unknown> | undefined;
    const requested = req.query.callbackUrl ?? body?.callbackUrl;
    const callbackUrl = typeof requested === "string" ? requested : "/";
    send(req, res, `/user/login?${new URLSearchParams({ callbackUrl }).toString()}`);
  };
}

/**
 * A callbackUrl (query or form) is replaced by the site path it leads to, or `/` (ADR 0022),
 * before Auth.js reads it: Auth.js answers a callbackUrl that is neither a path nor an absolute
 * URL (`\\host`, `javascript:...`, `not a url`) with a 500, and its redirect callback then only
 * ever sees a path of this site.
 */
function safeCallbackUrl(): RequestHandler {
  return (req, _res, next) => {
    const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const checked = (url: string) => {
      const query = url.indexOf("?");
      if (query === -1) return url;
      const params = new URLSearchParams(url.slice(query + 1));
      const requested = params.get("callbackUrl");
      if (requested === null) return url;
      params.set("callbackUrl", sitePath(requested, origin) ?? "/");
      return `${url.slice(0, query)}?${params.toString()}`;
    };
    // Auth.js reads the original URL, Express's req.query the mounted one
    req.originalUrl = checked(req.originalUrl);
    req.url = checked(req.url);
    const body = req.body as Record<string, unknown> | undefined;
    if (body && typeof body === "object" && "callbackUrl" in body) {
      body.callbackUrl = sitePath(body.callbackUrl, origin) ?? "/";
    }
    next();
  };
}

/** Runs Auth.js with what its callbacks need from the request but cannot see. */
function authRoutes(config: ExpressAuthConfig): RequestHandler {
  const auth = ExpressAuth(config);
  return (req, res, next) => {
    const context = {
      clientAddress: req.ip,
      userAgent: req.get("user-agent"),
      signUpRole: cookieValue(req.headers.cookie, SIGN_UP_ROLE_COOKIE),
      signUpConsents: (
        cookieValue(req.headers.cookie, SIGN_UP_CONSENT_COOKIE) ?? ""
      )
        .split(",")
        .filter(Boolean),
    };
    void authRequestContext.run(context, () => auth(req, res, next));
  };
}

export function createWebApp(options: CreateWebAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // req.ip is the visitor's address (identity throttles sign-ins by it); behind a reverse proxy,
  // name the proxies it may believe (Express "trust proxy" values).
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(healthEndpoints(options.gatewayUrl));
  app.use(clientAddress());
  app.use(securityHeaders());
  app.use(contentSecurityPolicyHeaders(options.contentSecurityPolicy));
  app.use(singleLeadingSlash());
  // Pages, scripts and JSON gzipped (the browser bundle is about a quarter of its size so);
  // answers that already carry a Content-Encoding (proxied ones) pass as they are.
  app.use(compression(RESPONSE_COMPRESSION));

  const { auth } = options;
  if (auth) {
    app.use(
      AUTH_BASE_PATH,
      express.urlencoded({ extended: false }),
      safeCallbackUrl(),
      unknownProvider(auth.config),
    );
    app.use(AUTH_BASE_PATH, authRoutes(auth.config));
  }

  app.use("/api/client-log", clientLog());
  app.use(CSP_REPORT_PATH, cspReports());
  if (options.messages) app.use("/api/messages", messagesEndpoint(options.messages));

  if (options.analytics) {
    app.use(
      analyticsRelays({
        analyticsUrl: options.analytics.url,
        frontendName: options.analytics.frontendName,
        ...(auth
          ? { sessionToken: (req) => auth.sessionToken(req.headers.cookie) }
          : {}),
      }),
    );
  }

  app.all(
    "/graphql",
    graphqlProxy({
      gatewayUrl: options.gatewayUrl,
      ...(options.frontendName ? { frontendName: options.frontendName } : {}),
      ...(auth
        ? { sessionToken: (req) => auth.sessionToken(req.headers.cookie) }
        : {}),
    }),
  );

  app.use(
    "/api/uploads",
    uploadsProxy({
      services: options.uploadServices ?? {},
      ...(auth
        ? { sessionToken: (req) => auth.sessionToken(req.headers.cookie) }
        : {}),
    }),
  );

  if (options.atsApi) app.use(ATS_API_PATH, atsApi(options.atsApi));

  if (options.searchUrl) {
    const proxy = feedsProxy(options.searchUrl, options.frontendName);
    for (const path of [...FEED_PATHS, ...SITEMAP_PATHS]) app.get(path, proxy);
  }
  if (options.siteUrl) app.get("/robots.txt", robotsTxt(options.siteUrl));
  if (options.indexNowKey) app.use(indexNowKeyFile(options.indexNowKey));

  if (options.clientBuildDir) {
    // Fingerprinted file names, so these can be cached for good; brotli copies where the build
    // made them.
    app.use("/assets", precompressedAssets(`${options.clientBuildDir}/assets`, "1y"));
    app.use(
      "/assets",
      express.static(`${options.clientBuildDir}/assets`, {
        immutable: true,
        maxAge: "1y",
      }),
    );
    app.use(topLevelFiles(options.clientBuildDir, "1h"));
  }

  if (options.redirects) app.use(permanentRedirects(options.redirects, options.siteLocales));
  app.use(renderQueue(options.pageHandler, options.renderConcurrency ?? 0));
  app.use(jsonErrors());
  return app;
}
