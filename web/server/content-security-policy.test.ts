// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createWebApp } from "./app";
import { contentSecurityPolicy, cspReports, PERMISSIONS_POLICY } from "./content-security-policy";
import express from "express";

let web: Server | undefined;

async function serve(app: express.Express): Promise<string> {
  web = createServer(app);
  await new Promise<void>((resolve) => web?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => (web ? web.close(resolve) : resolve(undefined)));
  web = undefined;
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("the Content-Security-Policy (ADR 0022)", () => {
  it("allows scripts from the site and with the response's nonce only, never inline ones", () => {
    const policy = directives(contentSecurityPolicy("abc123=="));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("report-uri")).toEqual(["/api/csp-report"]);
    expect(policy.get("report-to")).toEqual(["csp-endpoint"]);
    for (const [name, values] of policy) {
      if (name.startsWith("script")) expect(values).not.toContain("'unsafe-inline'");
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain("*");
    }
  });

  it("lets exactly YouTube and Vimeo (and the site) show in frames", () => {
    expect(directives(contentSecurityPolicy("n")).get("frame-src")).toEqual([
      "'self'",
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ]);
  });

  it("adds the captcha's and the tag library's origins where they load from", () => {
    const policy = directives(
      contentSecurityPolicy("n", {
        captchaScriptUrl: "http://127.0.0.1:3006/turnstile/v0/api.js",
        tagManagerUrl: "https://tags.example.org/gtm.js?id=1",
      }),
    );
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'nonce-n'",
      "http://127.0.0.1:3006",
      "https://tags.example.org",
    ]);
    expect(policy.get("connect-src")).toEqual(["'self'", "http://127.0.0.1:3006", "https://tags.example.org"]);
    expect(policy.get("frame-src")).toContain("http://127.0.0.1:3006");
  });

  it("is sent on every page with a fresh nonce, which the page renderer gets", async () => {
    const nonces: unknown[] = [];
    const base = await serve(
      createWebApp({
        gatewayUrl: "http://127.0.0.1:9/graphql",
        pageHandler: (_req, res) => {
          nonces.push(res.locals.cspNonce);
          res.type("html").send("<h1>Home</h1>");
        },
      }),
    );
    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/jobs`);
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`'nonce-${String(nonces[0])}'`);
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${String(nonces[1])}'`);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(first.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
    expect(first.headers.get("reporting-endpoints")).toBe('csp-endpoint="/api/csp-report"');
  });

  it("is the policy written for the response's own nonce, the text written once (ADR 0070)", async () => {
    const options = {
      captchaScriptUrl: "http://127.0.0.1:3006/turnstile/v0/api.js",
      tagManagerUrl: "https://tags.example.org/gtm.js",
    };
    const nonces: string[] = [];
    const base = await serve(
      createWebApp({
        gatewayUrl: "http://127.0.0.1:9/graphql",
        contentSecurityPolicy: options,
        pageHandler: (_req, res) => {
          nonces.push(String(res.locals.cspNonce));
          res.type("html").send("<h1>Home</h1>");
        },
      }),
    );
    for (const path of ["/", "/jobs"]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.headers.get("content-security-policy")).toBe(
        contentSecurityPolicy(nonces.at(-1) ?? "", options),
      );
    }
  });
});

describe("POST /api/csp-report", () => {
  const legacy = {
    "csp-report": {
      "document-uri": "https://jobs.example.org/jobs",
      "violated-directive": "script-src-elem",
      "effective-directive": "script-src-elem",
      "blocked-uri": "inline",
      disposition: "enforce",
      "source-file": "https://jobs.example.org/jobs",
      "line-number": 12,
      "script-sample": "alert(1)",
    },
  };
  const reportingApi = [
    {
      type: "csp-violation",
      url: "https://jobs.example.org/job/nurse",
      body: {
        documentURL: "https://jobs.example.org/job/nurse",
        blockedURL: "https://evil.example/x.js",
        effectiveDirective: "script-src-elem",
        disposition: "enforce",
        lineNumber: 3,
      },
    },
  ];

  async function reportServer(lines: string[], perMinute?: number) {
    const app = express();
    app.use("/api/csp-report", cspReports({ write: (line) => lines.push(line), ...(perMinute ? { perMinute } : {}) }));
    return serve(app);
  }

  it("logs one structured line per violation of either report format", async () => {
    const lines: string[] = [];
    const base = await reportServer(lines);
    const old = await fetch(`${base}/api/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify(legacy),
    });
    expect(old.status).toBe(204);
    const current = await fetch(`${base}/api/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/reports+json" },
      body: JSON.stringify(reportingApi),
    });
    expect(current.status).toBe(204);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        logger: "csp",
        documentUrl: "https://jobs.example.org/jobs",
        blockedUrl: "inline",
        directive: "script-src-elem",
        line: 12,
        sample: "alert(1)",
      }),
      expect.objectContaining({
        logger: "csp",
        documentUrl: "https://jobs.example.org/job/nurse",
        blockedUrl: "https://evil.example/x.js",
        directive: "script-src-elem",
      }),
    ]);
  });

  it("refuses what is not a report, a wrong content type and big bodies, without logging", async () => {
    const lines: string[] = [];
    const base = await reportServer(lines);
    const post = (type: string, body: string) =>
      fetch(`${base}/api/csp-report`, { method: "POST", headers: { "content-type": type }, body });
    const notReport = await post("application/csp-report", JSON.stringify({ hello: 1 }));
    expect(notReport.status).toBe(400);
    expect(await notReport.json()).toMatchObject({ code: "BAD_REQUEST" });
    expect((await post("text/html", "<p>")).status).toBe(415);
    const big = { "csp-report": { ...legacy["csp-report"], "script-sample": "x".repeat(20_000) } };
    expect((await post("application/csp-report", JSON.stringify(big))).status).toBe(413);
    expect(lines).toEqual([]);
  });

  it("drops a flood from one address", async () => {
    const lines: string[] = [];
    const base = await reportServer(lines, 2);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await fetch(`${base}/api/csp-report`, {
        method: "POST",
        headers: { "content-type": "application/csp-report" },
        body: JSON.stringify(legacy),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([204, 204, 429]);
    expect(lines).toHaveLength(2);
  });
});
