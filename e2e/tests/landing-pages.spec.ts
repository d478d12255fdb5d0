import { expect, test } from "../fixtures/test";
import { LoginPage } from "../pages/LoginPage";

/**
 * Issue 12: a landing page (/jobs/new-york) has its own title, intro and metatags, and an
 * administrator edits them in place; visitors see the change, and never the editor. The test
 * puts the demo texts back (the seed never overwrites an administrator's edit).
 */
test("an administrator edits a landing page's title and intro; visitors see it, never the editor", async ({
  page,
  browser,
}) => {
  const path = "/jobs/new-york";
  await page.goto(path);
  const original = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(original).toContain("New York");
  await expect(page.getByRole("button", { name: "Edit this page" })).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/jobs\/new-york$/);

  await new LoginPage(page).logIn("admin@jobboard.example", path);
  await page.getByRole("button", { name: "Edit this page" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit this landing page" });
  const title = dialog.getByRole("textbox", { name: "Title" });
  const intro = dialog.getByRole("textbox", { name: "Intro (HTML)" });
  const originalIntro = await intro.inputValue();
  const edited = `${original} (${Date.now().toString(36)})`;
  try {
    await title.fill(edited);
    await intro.fill('<p>Edited <strong>intro</strong><script>alert(1)</script></p>');
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(edited);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(edited);
    await expect(visitor.getByText("Edited intro")).toBeVisible();
    // sanitized on save: the script never reaches a visitor
    expect(await visitor.content()).not.toContain("alert(1)");
    await expect(visitor.getByRole("button", { name: "Edit this page" })).toHaveCount(0);
    await visitor.context().close();
  } finally {
    await page.getByRole("button", { name: "Edit this page" }).click();
    await title.fill(original);
    await intro.fill(originalIntro);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(original);
});
