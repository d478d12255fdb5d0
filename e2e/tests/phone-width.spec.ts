import { type Page } from "@playwright/test";
import { NOT_PAGES, openSettled, ROLES, siteRoutes } from "../fixtures/site-pages";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed. Every page a person of each kind reaches fits a 390 px
// phone: nothing is wider than the viewport (tables scroll inside their own box, badges wrap).
test.use({ viewport: { width: 390, height: 844 } });

/** How far the page is wider than the viewport, and the widest elements that stick out. */
async function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const by = document.documentElement.scrollWidth - width;
    const culprits: string[] = [];
    if (by > 0) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const box = element.getBoundingClientRect();
        // an element inside a box that scrolls on its own does not widen the page, unless it is
        // placed absolutely (then the box may not contain it)
        const placed = ["absolute", "fixed"].includes(getComputedStyle(element).position);
        let scrolls = false;
        for (let parent = element.parentElement; parent && !scrolls && !placed; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          scrolls = style.overflowX === "auto" || style.overflowX === "scroll" || style.overflowX === "hidden";
        }
        if (!scrolls && box.right > width + 1 && box.width > 0) {
          const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : ""}`;
          culprits.push(`${name} (right edge at ${Math.round(box.right)} px)`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { by, culprits };
  });
}

test("the list of pages covers every route of the site", () => {
  const listed = new Set(ROLES.flatMap(({ pages }) => pages.map(({ route }) => route)));
  expect(siteRoutes().filter((route) => !listed.has(route) && !NOT_PAGES.includes(route))).toEqual([]);
});

for (const { role, email, pages } of ROLES) {
  test(`every page a ${role} opens fits a 390 px phone`, async ({ page }) => {
    test.setTimeout(300_000);
    if (email) await new LoginPage(page).logIn(email, "/dashboard");
    const wide: string[] = [];
    for (const { path: entry } of pages) {
      const path = typeof entry === "string" ? entry : await entry(page);
      await openSettled(page, path);
      const { by, culprits } = await overflow(page);
      if (by > 1) wide.push(`${path} is ${by} px too wide: ${culprits.join(", ") || "(no single element)"}`);
    }
    expect(wide).toEqual([]);
  });
}
