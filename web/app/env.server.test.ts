// @vitest-environment node
import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseOidcProviders, parseServerEnv } from "./env.server";

const secret = "s".repeat(32);

describe("parseServerEnv", () => {
  it("applies the documented defaults", () => {
    expect(parseServerEnv({ AUTH_SECRET: secret })).toEqual({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: 3002,
      GATEWAY_URL: "http://127.0.0.1:4000/graphql",
      FRONTEND_NAME: "jobboard",
      AUTH_SECRET: secret,
      AUTH_URL: "http://127.0.0.1:3002",
      IDENTITY_URL: "http://127.0.0.1:8101",
      ORGANIZATIONS_URL: "http://127.0.0.1:8102",
      JOBS_URL: "http://127.0.0.1:8103",
      RESUMES_URL: "http://127.0.0.1:8104",
      SEARCH_URL: "http://127.0.0.1:8107",
      ANALYTICS_URL: "http://127.0.0.1:8108",
      AUTH_OIDC_PROVIDERS: "",
      SITE_LOCALES: ["en"],
      WEB_RENDER_CONCURRENCY: 16,
      WEB_KEEPALIVE_TIMEOUT_MS: 65_000,
    });
  });

  it("takes the site's locales, its default first, among those with a catalogue", () => {
    expect(parseServerEnv({ AUTH_SECRET: secret, SITE_LOCALES: "en, de,fr,de" }).SITE_LOCALES).toEqual(["en", "de", "fr"]);
    expect(() => parseServerEnv({ AUTH_SECRET: secret, SITE_LOCALES: "en,xx" })).toThrow(/SITE_LOCALES/);
    expect(() => parseServerEnv({ AUTH_SECRET: secret, SITE_LOCALES: " , " })).toThrow(/SITE_LOCALES/);
  });

  it("takes an IndexNow key in IndexNow's format only", () => {
    expect(parseServerEnv({ AUTH_SECRET: secret, INDEXNOW_KEY: "a1b2c3d4-e5f6" }).INDEXNOW_KEY).toBe(
      "a1b2c3d4-e5f6",
    );
    expect(() => parseServerEnv({ AUTH_SECRET: secret, INDEXNOW_KEY: "short" })).toThrow(/INDEXNOW_KEY/);
  });

  it("coerces the port and keeps explicit values", () => {
    const env = parseServerEnv({
      PORT: "4010",
      GATEWAY_URL: "http://gateway.internal:4000/graphql",
      NODE_ENV: "production",
      AUTH_SECRET: secret,
    });
    expect(env.PORT).toBe(4010);
    expect(env.GATEWAY_URL).toBe("http://gateway.internal:4000/graphql");
    expect(env.NODE_ENV).toBe("production");
  });

  it("rejects bad values with one error naming each variable", () => {
    expect(() => parseServerEnv({ PORT: "http", GATEWAY_URL: "not a url" })).toThrow(
      InvalidEnvError,
    );
    expect(() => parseServerEnv({ PORT: "http", GATEWAY_URL: "not a url" })).toThrow(
      /PORT.*GATEWAY_URL/,
    );
  });

  it("requires a long enough session secret", () => {
    expect(() => parseServerEnv({})).toThrow(/AUTH_SECRET/);
    expect(() => parseServerEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32/);
  });
});

describe("parseOidcProviders", () => {
  it("reads each named provider from its prefixed variables", () => {
    expect(
      parseOidcProviders({
        AUTH_OIDC_PROVIDERS: "demo-sso, ",
        AUTH_OIDC_DEMO_SSO_NAME: "Demo SSO",
        AUTH_OIDC_DEMO_SSO_ISSUER: "http://127.0.0.1:3005",
        AUTH_OIDC_DEMO_SSO_CLIENT_ID: "jobboard-web",
        AUTH_OIDC_DEMO_SSO_CLIENT_SECRET: "x",
      }),
    ).toEqual([
      { id: "demo-sso", name: "Demo SSO", issuer: "http://127.0.0.1:3005", clientId: "jobboard-web", clientSecret: "x" },
    ]);
    expect(parseOidcProviders({})).toEqual([]);
  });

  it("names the missing variable", () => {
    expect(() => parseOidcProviders({ AUTH_OIDC_PROVIDERS: "google" })).toThrow(/AUTH_OIDC_GOOGLE_ISSUER/);
  });
});
