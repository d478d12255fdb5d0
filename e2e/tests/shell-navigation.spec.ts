import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures/test";
import { AppShellPage } from "../pages/AppShellPage";

test("the shell renders and the progress bar shows while Organizations loads", async ({ page }) => {
  const shell = new AppShellPage(page);
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on("pageerror", (error) => hydrationErrors.push(error.message));
  const response = await shell.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  await shell.expectShell();
  await shell.expectProgressHidden();

  // Hold the route data for /organizations until the bar has been seen: a slow network,
  // so the in-between state is observable deterministically.
  let releaseData: () => void = () => undefined;
  const dataHeld = new Promise<void>((resolve) => {
    releaseData = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith("/organizations") && url.pathname.endsWith(".data"),
    async (route) => {
      await dataHeld;
      await route.continue();
    },
  );

  await shell.navLink("Organizations").click();
  await shell.expectProgressShowing();
  await expect(page).toHaveURL("/");

  releaseData();
  await expect(shell.heading).toHaveText("Organizations");
  await expect(page).toHaveURL("/organizations");
  await shell.expectProgressHidden();
  expect(hydrationErrors).toEqual([]);
});

test("the home page has no serious or critical accessibility violations", async ({ page }) => {
  const shell = new AppShellPage(page);
  await shell.goto("/");
  await shell.expectShell();

  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    blocking.map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
});

test("unknown paths answer 404 with the shell and the frame header", async ({ page }) => {
  const shell = new AppShellPage(page);
  const response = await shell.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  await expect(shell.heading).toHaveText("Page not found");
  await shell.expectShell();
});
