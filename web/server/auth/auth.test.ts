// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "@auth/core/jwt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readSessionClaims, type SessionClaims } from "../../app/lib/session-claims";
import { createWebApp } from "../app";
import { createAuthConfig } from "./config";
import { IdentityClient } from "./identity-client";

const SECRET = "test-secret-that-is-long-enough-0123456789";
const COOKIE = "authjs.session-token";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

// Real HTTP servers on loopback stand in for identity's REST API and for the gateway.
let identity: Server;
let identityAnswer: { status: number; body: unknown };
/** Answers for one path of identity's (e.g. /auth/refresh), instead of identityAnswer. */
let identityAnswerFor: Record<string, { status: number; body: unknown }>;
let identityBodies: Record<string, unknown>[];
let identityCalls: { path: string; authorization?: string }[];
let gateway: Server;
let gatewayHeaders: IncomingHttpHeaders[];
let web: Server;
let base: string;

const grant = (expiresAt: number) => ({
  accessToken: "identity.access.token",
  tokenType: "Bearer",
  expiresAt,
  user: { id: "u-1", email: "ada@example.org", name: "Ada Lovelace", roles: ["applicant"], emailVerified: true },
});

beforeEach(async () => {
  identityBodies = [];
  identityCalls = [];
  identityAnswer = { status: 200, body: grant(Math.floor(Date.now() / 1000) + 3600) };
  identityAnswerFor = {};
  identity = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const path = req.url ?? "";
      identityCalls.push({ path, authorization: req.headers.authorization });
      if (path === "/auth/signout") {
        res.writeHead(204).end();
        return;
      }
      if (path !== "/auth/refresh") identityBodies.push(JSON.parse(body) as Record<string, unknown>);
      const answer = identityAnswerFor[path] ?? identityAnswer;
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  gatewayHeaders = [];
  gateway = createServer((req, res) => {
    gatewayHeaders.push(req.headers);
    req.resume();
    req.on("end", () => res.end(JSON.stringify({ data: { currentUser: null } })));
  });
  const identityUrl = await listen(identity);
  const gatewayUrl = await listen(gateway);
  const reader = { secret: SECRET, secureCookies: false };
  const app = createWebApp({
    gatewayUrl: `${gatewayUrl}/graphql`,
    pageHandler: (_req, res) => res.status(200).send("page"),
    auth: {
      config: createAuthConfig({
        secret: SECRET,
        identity: new IdentityClient(identityUrl),
        oidcProviders: [],
        secureCookies: false,
      }),
      sessionToken: async (cookie) => (await readSessionClaims(cookie, reader))?.accessToken ?? null,
    },
  });
  web = createServer(app);
  base = await listen(web);
});

afterEach(async () => {
  await Promise.all([close(web), close(identity), close(gateway)]);
});

/** A tiny cookie jar: enough for Auth.js's csrf and session cookies. */
class Jar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const [name = "", ...value] = pair.split("=");
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function signIn(jar: Jar, fields: Record<string, string>, withCsrf = true) {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: jar.header(),
      "content-type": "application/x-www-form-urlencoded",
      "x-auth-return-redirect": "1",
    },
    body: new URLSearchParams({ ...fields, ...(withCsrf ? { csrfToken } : {}) }),
  });
  jar.store(response);
  return ((await response.json()) as { url: string }).url;
}

const session = async (jar: Jar) =>
  (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: jar.header() } })).json()) as Record<
    string,
    unknown
  > | null;

const graphql = (jar: Jar, headers: Record<string, string> = {}) =>
  fetch(`${base}/graphql`, {
    method: "POST",
    headers: { cookie: jar.header(), "content-type": "application/json", ...headers },
    body: JSON.stringify({ query: "{ currentUser { id } }" }),
  });

describe("credentials sign-in through Auth.js", () => {
  it("keeps identity's token in the session cookie and forwards it to the gateway, never to the page", async () => {
    const jar = new Jar();
    const url = await signIn(jar, { email: "ada@example.org", password: "right-password", callbackUrl: "/jobs" });
    expect(url).toBe(`${base}/jobs`);
    expect(identityBodies[0]).toMatchObject({ email: "ada@example.org", password: "right-password" });
    expect(identityBodies[0]?.client_address).toBe("127.0.0.1");

    const answer = await session(jar);
    expect(answer).toMatchObject({ user: { id: "u-1", name: "Ada Lovelace" }, masqueraded: false });
    expect(JSON.stringify(answer)).not.toContain("identity.access.token");
    expect(jar.get(COOKIE)).toBeTruthy();

    await graphql(jar, { authorization: "Bearer forged-by-the-page" });
    expect(gatewayHeaders[0]?.authorization).toBe("Bearer identity.access.token");
  });

  it("answers a wrong password, throttling and an unreachable identity with their codes", async () => {
    identityAnswer = { status: 401, body: { error: "CredentialsSignin", message: "wrong" } };
    expect(await signIn(new Jar(), { email: "ada@example.org", password: "nope" })).toBe(
      `${base}/user/login?error=CredentialsSignin&code=credentials`,
    );
    identityAnswer = { status: 429, body: { error: "Throttled", message: "wait" } };
    expect(await signIn(new Jar(), { email: "ada@example.org", password: "nope" })).toContain("code=throttled");
    identityAnswer = { status: 503, body: {} };
    expect(await signIn(new Jar(), { email: "ada@example.org", password: "nope" })).toContain("code=unavailable");
  });

  it("refuses a sign-in without the CSRF token", async () => {
    const url = await signIn(new Jar(), { email: "ada@example.org", password: "x" }, false);
    expect(url).toBe(`${base}/user/login?error=MissingCSRF`);
    expect(identityBodies).toHaveLength(0);
  });

  it("reads a tampered session cookie as no session, and sends no token on", async () => {
    const jar = new Jar();
    await signIn(jar, { email: "ada@example.org", password: "right-password" });
    const value = jar.get(COOKIE) ?? "";
    const flipped = value.slice(0, 40) + (value[40] === "A" ? "B" : "A") + value.slice(41);
    jar.set(COOKIE, flipped);
    expect(await session(jar)).toBeNull();
    await graphql(jar);
    expect(gatewayHeaders[0]?.authorization).toBeUndefined();
  });

  it("ends the session when identity's token has expired", async () => {
    const claims: SessionClaims = {
      sub: "u-1",
      user: grant(0).user,
      accessToken: "expired.token",
      accessTokenExpiresAt: Math.floor(Date.now() / 1000) - 60,
      masqueraded: false,
      isNewUserViaSocial: false,
    };
    const cookie = await encode({ token: { ...claims }, secret: SECRET, salt: COOKIE });
    const jar = new Jar();
    jar.set(COOKIE, cookie);
    expect(await readSessionClaims(jar.header(), { secret: SECRET, secureCookies: false })).toBeNull();
    expect(await session(jar)).toBeNull();
    await graphql(jar);
    expect(gatewayHeaders[0]?.authorization).toBeUndefined();
  });

  it("sends an unknown provider back to the sign-in page with a callbackUrl", async () => {
    const response = await fetch(`${base}/api/auth/signin/nowhere?callbackUrl=%2Fjobs`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/user/login?callbackUrl=%2Fjobs");
  });

  it("tells a page script asking for the address (X-Auth-Return-Redirect) where an unknown provider leads", async () => {
    const response = await fetch(`${base}/api/auth/signin/nowhere`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: new URLSearchParams({ callbackUrl: "/jobs", csrfToken: "any" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "/user/login?callbackUrl=%2Fjobs" });
  });

  it.each([
    "//evil.example/",
    "/\\evil.example",
    "/\t/evil.example",
    "https://evil.example/",
    "//evil\u3002example",
    "javascript:alert(1)",
    "not a url",
    "",
  ])("sends a sign-in with the callbackUrl %j to a page of this site (ADR 0022)", async (callbackUrl) => {
    const url = await signIn(new Jar(), { email: "ada@example.org", password: "right-password", callbackUrl });
    expect(new URL(url).origin).toBe(base);
    expect(new URL(url).pathname.startsWith("//")).toBe(false);
  });

  it.each(["\\\\evil.example", "javascript:alert(1)", "not a url", "//evil.example"])(
    "answers a callbackUrl %j in the query with a page of this site, never a 500",
    async (callbackUrl) => {
      const response = await fetch(`${base}/api/auth/csrf?${new URLSearchParams({ callbackUrl }).toString()}`);
      expect(response.status).toBe(200);
      const kept = response.headers
        .getSetCookie()
        .find((line) => line.startsWith("authjs.callback-url="))
        ?.split(";")[0]
        ?.split("=")[1];
      const target = new URL(decodeURIComponent(kept ?? ""));
      expect(target.origin).toBe(base);
      expect(target.pathname.startsWith("//")).toBe(false);
      const unknown = await fetch(
        `${base}/api/auth/signin/nowhere?${new URLSearchParams({ callbackUrl }).toString()}`,
        { redirect: "manual" },
      );
      const forwarded = new URL(unknown.headers.get("location") ?? "", base).searchParams.get("callbackUrl") ?? "";
      expect(forwarded.startsWith("/") && !forwarded.startsWith("//")).toBe(true);
    },
  );

  it("keeps a callbackUrl on this site, as the browser reads it", async () => {
    const url = await signIn(new Jar(), {
      email: "ada@example.org",
      password: "right-password",
      callbackUrl: "/./jobs?page=2",
    });
    expect(url).toBe(`${base}/jobs?page=2`);
  });

  it("never lets shared caches keep session answers", async () => {
    const response = await fetch(`${base}/api/auth/session`);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });
});

async function signOut(jar: Jar) {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: jar.header(),
      "content-type": "application/x-www-form-urlencoded",
      "x-auth-return-redirect": "1",
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
  });
  jar.store(response);
}

/** GET /api/auth/session as the browser does it: keeping the cookie it answers with. */
async function readSession(jar: Jar) {
  const response = await fetch(`${base}/api/auth/session`, { headers: { cookie: jar.header() } });
  jar.store(response);
  return (await response.json()) as Record<string, unknown> | null;
}

describe("sessions identity can end (ADR 0023)", () => {
  it("ends the session at identity on sign-out, then clears the cookie", async () => {
    const jar = new Jar();
    await signIn(jar, { email: "ada@example.org", password: "right-password" });
    expect(jar.get(COOKIE)).toBeTruthy();
    await signOut(jar);
    expect(identityCalls.filter((call) => call.path === "/auth/signout")).toEqual([
      { path: "/auth/signout", authorization: "Bearer identity.access.token" },
    ]);
    expect(jar.get(COOKIE)).toBeUndefined();
  });

  it("renews the token on a session read, so a role change reaches the page and the gateway", async () => {
    const jar = new Jar();
    await signIn(jar, { email: "ada@example.org", password: "right-password" });
    const renewed = grant(Math.floor(Date.now() / 1000) + 3600);
    identityAnswerFor["/auth/refresh"] = {
      status: 200,
      body: { ...renewed, accessToken: "renewed.access.token", user: { ...renewed.user, roles: ["recruiter"] } },
    };
    expect(await readSession(jar)).toMatchObject({ user: { roles: ["recruiter"] } });
    expect(identityCalls.at(-1)).toEqual({ path: "/auth/refresh", authorization: "Bearer identity.access.token" });
    await graphql(jar);
    expect(gatewayHeaders.at(-1)?.authorization).toBe("Bearer renewed.access.token");
  });

  it("ends a session identity ended (signed out elsewhere, password changed, blocked)", async () => {
    const jar = new Jar();
    await signIn(jar, { email: "ada@example.org", password: "right-password" });
    identityAnswerFor["/auth/refresh"] = {
      status: 401,
      body: { error: "SessionEnded", message: "The session has ended; sign in again." },
    };
    expect(await readSession(jar)).toBeNull();
    await graphql(jar);
    expect(gatewayHeaders.at(-1)?.authorization).toBeUndefined();
  });

  it("keeps the session when identity cannot be reached", async () => {
    const jar = new Jar();
    await signIn(jar, { email: "ada@example.org", password: "right-password" });
    identityAnswerFor["/auth/refresh"] = { status: 503, body: {} };
    expect(await readSession(jar)).toMatchObject({ user: { id: "u-1", roles: ["applicant"] } });
    await graphql(jar);
    expect(gatewayHeaders.at(-1)?.authorization).toBe("Bearer identity.access.token");
  });
});

describe("sign-in when the site offers no provider at all", () => {
  let bare: Server;
  let bareBase: string;

  beforeEach(async () => {
    const config = createAuthConfig({
      secret: SECRET,
      identity: new IdentityClient("http://127.0.0.1:9"),
      oidcProviders: [],
      secureCookies: false,
    });
    bare = createServer(
      createWebApp({
        gatewayUrl: "http://127.0.0.1:9/graphql",
        pageHandler: (_req, res) => res.status(200).send("page"),
        auth: { config: { ...config, providers: [] }, sessionToken: async () => null },
      }),
    );
    bareBase = await listen(bare);
  });

  afterEach(() => close(bare));

  it.each(["/api/auth/signin", "/api/auth/signin/demo?callbackUrl=%2Fjobs", "/api/auth/signin/credentials"])(
    "sends %s to the auth error page",
    async (path) => {
      const response = await fetch(`${bareBase}${path}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/user/auth-error?error=Configuration");
    },
  );

  it("tells the page's script where to go when it asks for the address (X-Auth-Return-Redirect)", async () => {
    const response = await fetch(`${bareBase}/api/auth/signin/demo`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: new URLSearchParams({ callbackUrl: "/jobs", csrfToken: "any" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "/user/auth-error?error=Configuration" });
  });
});
