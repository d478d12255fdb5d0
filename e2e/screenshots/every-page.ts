import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openSettled, ROLES } from "../fixtures/site-pages";
import { test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Screenshots of every page of the site (fixtures/site-pages.ts) as each role opens it, at 390
// and 1280 px, in the light and the dark scheme: docs/screenshots/every-page/<role>/<page>-
// <scheme>-<width>.jpg, the first screen of each (what a person sees before scrolling). Run
// with the stack up and the demo data (`make up`): `npm run screenshots` in e2e/. It only reads.
const OUT = fileURLToPath(new URL("../../docs/screenshots/every-page/", import.meta.url));
const SCHEMES = ["light", "dark"] as const;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** A file name for a path: `/dashboard/organization/<id>/edit` -> `dashboard-organization-id-edit`. */
function nameOf(route: string, path: string): string {
  if (path === "/") return "home";
  const base = route.endsWith("/*") && path !== route.slice(0, -2) ? `${route.slice(0, -2)}-category` : route;
  return base.replace(/^\//, "").replace(/:/g, "").replace(/[^a-z0-9]+/gi, "-").replace(/-+$/, "");
}

for (const scheme of SCHEMES) {
  for (const viewport of WIDTHS) {
    test.describe(`${scheme} at ${viewport.width} px`, () => {
      test.use({ viewport, colorScheme: scheme });
      for (const { role, email, pages } of ROLES) {
        test(`every page a ${role} opens`, async ({ page }) => {
          test.setTimeout(300_000);
          mkdirSync(`${OUT}${role}`, { recursive: true });
          if (email) await new LoginPage(page).logIn(email, "/dashboard");
          for (const { route, path: entry } of pages) {
            const path = typeof entry === "string" ? entry : await entry(page);
            await openSettled(page, path);
            await page.screenshot({
              path: `${OUT}${role}/${nameOf(route, path)}-${scheme}-${viewport.width}.jpg`,
              type: "jpeg",
              quality: 70,
            });
          }
        });
      }
    });
  }
}
