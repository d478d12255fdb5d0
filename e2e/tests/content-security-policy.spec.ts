import { expect, test } from "@playwright/test";

// The policy itself (ADR 0022); every other journey fails on a violation (fixtures/test.ts).
test("a page runs under a nonce policy; a script injected inline is blocked and reported", async ({ page }) => {
  const response = await page.goto("/jobs");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(response?.headers()["permissions-policy"]).toContain("camera=()");
  // the page's own inline scripts ran: it hydrated and answers the search bar
  await expect(page.getByRole("button", { name: "Search" }).first()).toBeEnabled();

  const reported = page.waitForRequest(
    (request) => new URL(request.url()).pathname === "/api/csp-report" && request.method() === "POST",
  );
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
  expect((await (await reported).response())?.status()).toBe(204);
});
