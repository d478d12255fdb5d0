import { NOT_PAGES, ROLES, siteRoutes } from "../fixtures/site-pages";
import { expect, test } from "../fixtures/test";

// Every page a person of each kind reaches fits a 390 px phone: nothing is wider than the
// viewport (tables scroll inside their own box, badges wrap). The accessibility journey opens
// every page of fixtures/site-pages.ts as each role at 390 px and checks it there (one visit
// for both checks); this one holds that the list leaves out no route of the site.

test("the list of pages covers every route of the site", () => {
  const listed = new Set(ROLES.flatMap(({ pages }) => pages.map(({ route }) => route)));
  expect(siteRoutes().filter((route) => !listed.has(route) && !NOT_PAGES.includes(route))).toEqual([]);
});
