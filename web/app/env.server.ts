import { z } from "zod";
import { LOCALES } from "./lib/i18n/locales.js";

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  GATEWAY_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:4000/graphql"),
  FRONTEND_NAME: z
    .string()
    .regex(/^[a-z0-9-]+$/, "lowercase letters, digits and dashes only")
    .default("jobboard"),
  /** Encrypts the session cookies; from the environment only (`openssl rand -base64 33`). */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 33)"),
  /** The public origin of the site; https turns on Secure, prefixed cookies. */
  AUTH_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:3002"),
  /** Identity's REST API (credentials, social sign-in, masquerade); never exposed to browsers. */
  IDENTITY_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8101"),
  /** Comma-separated OpenID Connect provider ids; each reads AUTH_OIDC_<ID>_{ISSUER,CLIENT_ID,...}. */
  AUTH_OIDC_PROVIDERS: z.string().default(""),
  /** Services that take uploads, proxied at /api/uploads/<name>/ with the session's bearer. */
  ORGANIZATIONS_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8102"),
  JOBS_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8103"),
  /** Resumes take CVs to import (purpose resume_import, ADR 0028). */
  RESUMES_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8104"),
  /** Search's REST endpoints: the feeds (/feeds/jobs.{xml,json}) and the sitemaps are proxied there. */
  SEARCH_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8107"),
  /** Analytics' REST endpoints: /api/gmapi and /api/conversionapi are proxied there (ADR 0014). */
  ANALYTICS_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8108"),
  /** IndexNow's key (as search's SEARCH_INDEXNOW_KEY), served at /{key}.txt; unset: not served. */
  INDEXNOW_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,128}$/, "8 to 128 characters: a-z, A-Z, 0-9 and dashes")
    .optional(),
  /** The tag library's script (a tag manager container), loaded only after cookie category C0001. */
  TAG_MANAGER_URL: z.url({ protocol: /^https$/ }).optional(),
  /** The captcha widget script and this site's key (Turnstile; a local server in development). */
  CAPTCHA_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /**
   * Spec 2: the site's locales, comma-separated, its default first (the others' paths carry a
   * locale prefix and their translated route names). Search's SEARCH_SITEMAP_LANGUAGES lists the
   * same languages.
   */
  SITE_LOCALES: z
    .string()
    .default("en")
    .transform((value) => [...new Set(value.split(",").map((locale) => locale.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(LOCALES)).min(1, "name at least one locale")),
  /**
   * ADR 0058: how long an idle client connection is kept (ms), longer than any load balancer's
   * idle timeout in front (typically 60 s); `Keep-Alive: timeout=5` is announced to the clients
   * that read it. The headers' and the request's time-outs (ms) default to a second more and to
   * Node's 300 s (server/listen.ts).
   */
  /** ADR 0059: page renders at once (the others wait their turn); 0: no limit. */
  WEB_RENDER_CONCURRENCY: z.coerce.number().int().min(0).default(16),
  WEB_KEEPALIVE_TIMEOUT_MS: z.coerce.number().int().min(1, "at least 1 ms").default(65_000),
  WEB_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1, "at least 1 ms").optional(),
  WEB_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1, "at least 1 ms").optional(),
}).superRefine((env, context) => {
  const headers = env.WEB_HEADERS_TIMEOUT_MS;
  if (headers !== undefined && headers <= env.WEB_KEEPALIVE_TIMEOUT_MS) {
    context.addIssue({
      code: "custom",
      path: ["WEB_HEADERS_TIMEOUT_MS"],
      message: "must be longer than WEB_KEEPALIVE_TIMEOUT_MS",
    });
  }
  const request = env.WEB_REQUEST_TIMEOUT_MS;
  if (request !== undefined && request < (headers ?? env.WEB_KEEPALIVE_TIMEOUT_MS + 1_000)) {
    context.addIssue({
      code: "custom",
      path: ["WEB_REQUEST_TIMEOUT_MS"],
      message: "must be at least the headers' time-out (WEB_HEADERS_TIMEOUT_MS)",
    });
  }
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class InvalidEnvError extends Error {
  override name = "InvalidEnvError";
}

/** Validates the process environment; throws one readable error listing every bad variable. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = serverEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new InvalidEnvError(`Invalid environment for web: ${problems}`);
  }
  return parsed.data;
}

const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "lowercase letters, digits and dashes only"),
  name: z.string().min(1),
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});

export type OidcProviderEnv = z.infer<typeof oidcProviderSchema>;

/**
 * The social sign-in providers named in AUTH_OIDC_PROVIDERS, e.g. `demo-sso` reads
 * AUTH_OIDC_DEMO_SSO_NAME (defaults to the id), _ISSUER, _CLIENT_ID and _CLIENT_SECRET.
 */
export function parseOidcProviders(source: Record<string, string | undefined>): OidcProviderEnv[] {
  const ids = (source.AUTH_OIDC_PROVIDERS ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.map((id) => {
    const prefix = `AUTH_OIDC_${id.toUpperCase().replaceAll("-", "_")}_`;
    const parsed = oidcProviderSchema.safeParse({
      id,
      name: source[`${prefix}NAME`] ?? id,
      issuer: source[`${prefix}ISSUER`],
      clientId: source[`${prefix}CLIENT_ID`],
      clientSecret: source[`${prefix}CLIENT_SECRET`],
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => {
        const field = String(issue.path[0]).replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
        return `${prefix}${field}: ${issue.message}`;
      });
      throw new InvalidEnvError(`Invalid environment for web: ${problems.join("; ")}`);
    }
    return parsed.data;
  });
}

let cachedEnv: ServerEnv | undefined;

/** The validated environment, read once on first use (never at import time). */
export function serverEnv(): ServerEnv {
  cachedEnv ??= parseServerEnv(process.env);
  return cachedEnv;
}
