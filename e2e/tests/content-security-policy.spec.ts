import { expect, test } from "@playwright/test";

// The policy itself (ADR 0022); every other journey fails on a violation (fixtures/test.ts). The
// browser's reports reach /api/csp-report on its own schedule (web/server tests cover the endpoint).
test("a page runs under a nonce policy; a script injected inline is blocked", async ({ page }) => {
  const response = await page.goto("/jobs");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(response?.headers()["permissions-policy"]).toContain("camera=()");
  // the page's own inline scripts (with the nonce) ran: React Router's module script loaded the app
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);

  const directive = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), {
          once: true,
        });
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.appendChild(script);
      }),
  );
  expect(directive).toBe("script-src-elem");
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});
