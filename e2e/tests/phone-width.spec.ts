import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

// Needs the stack with the demo seed. Every page a person of each kind reaches fits a 390 px
// phone: nothing is wider than the viewport (tables scroll inside their own box, badges wrap).
test.use({ viewport: { width: 390, height: 844 } });

type PathOf = (request: APIRequestContext) => Promise<string>;

/** The first link of a list page matching `pattern` (a job or an organization of the seed). */
function firstLink(listPath: string, pattern: RegExp): PathOf {
  return async (request) => {
    const html = await (await request.get(listPath)).text();
    const path = pattern.exec(html)?.[0];
    expect(path, `a link matching ${pattern} on ${listPath}`).toBeTruthy();
    return path as string;
  };
}

const A_JOB = firstLink("/jobs", /\/job\/(?!wizard)[a-z0-9-]+/);
const AN_ORGANIZATION = firstLink("/organizations", /\/organization\/[a-z0-9-]+/);

const ROLES: { role: string; email: string | null; pages: (string | PathOf)[] }[] = [
  {
    role: "visitor",
    email: null,
    pages: ["/", "/jobs", A_JOB, "/organizations", AN_ORGANIZATION, "/user/login", "/user/register", "/privacy-policy"],
  },
  {
    role: "applicant",
    email: "applicant@jobboard.example",
    pages: [
      "/dashboard",
      "/my-applications",
      "/my-bookmarks",
      "/resume",
      "/resume/wizard/personal-info",
      "/resume/contact-requests",
      "/user/account",
      async (request) => `${await A_JOB(request)}/apply/basic-info`,
    ],
  },
  {
    role: "recruiter",
    email: "recruiter@greenharbor.example",
    pages: [
      "/dashboard",
      "/job-manager",
      "/job/wizard",
      "/recruiter/applications",
      "/dashboard/organization",
      "/dashboard/organization/contact-requests",
      "/my-products",
      "/resumes",
    ],
  },
  {
    role: "administrator",
    email: "admin@jobboard.example",
    pages: ["/admin/jobs-review", "/admin/billing", "/admin/consent", "/admin/masquerade", "/admin/audit-log", "/admin/erasure-requests"],
  },
];

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

for (const { role, email, pages } of ROLES) {
  test(`every page a ${role} opens fits a 390 px phone`, async ({ page, request }) => {
    test.setTimeout(240_000);
    if (email) await new LoginPage(page).logIn(email, "/dashboard");
    const wide: string[] = [];
    for (const entry of pages) {
      const path = typeof entry === "string" ? entry : await entry(request);
      await page.goto(path);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.waitForLoadState("networkidle");
      const { by, culprits } = await overflow(page);
      if (by > 1) wide.push(`${path} is ${by} px too wide: ${culprits.join(", ") || "(no single element)"}`);
    }
    expect(wide).toEqual([]);
  });
}
