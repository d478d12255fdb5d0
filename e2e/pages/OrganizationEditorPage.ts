import { expect, type Locator, type Page } from "@playwright/test";

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Uploads are checked, re-encoded and resized, saves geocode and publish events: give them time
 * on a busy machine. */
export const UPLOAD_TIMEOUT = 30_000;
const SAVE_TIMEOUT = 30_000;

/**
 * /dashboard/organization/{id}/edit: one tab per profile group, each a region with its own Save.
 * Pickers are found by their label; cropped images go through the crop dialog first.
 */
export class OrganizationEditorPage {
  constructor(readonly page: Page) {}

  /** Founds an organization from /dashboard/organization and waits for its editor. */
  async found(name: string) {
    const create = this.page.getByRole("region", { name: "Create an organization" });
    await create.getByLabel("Organization name").fill(name);
    await create.getByRole("button", { name: "Create the organization" }).click();
    await this.page.waitForURL(/\/dashboard\/organization\/[\w-]+\/edit$/);
    await expect(this.page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible({ timeout: 30_000 });
  }

  /** Opens a group's tab; the answer is the group's region. */
  async open(tab: string): Promise<Locator> {
    await this.page.getByRole("tab", { name: tab, exact: true }).click();
    return this.page.getByRole("region", { name: tab, exact: true });
  }

  /** Saves a group and waits for its confirmation. */
  async save(section: Locator, button: string, title: string) {
    await section.getByRole("button", { name: button }).click();
    await expect(section.getByText(`${title}: your changes were saved.`)).toBeVisible({ timeout: SAVE_TIMEOUT });
  }

  /** Picks an image for a cropping picker, crops it in the dialog and waits for the preview. */
  async uploadCropped(scope: Locator, picker: string, file: PickedFile, preview: string) {
    await scope.getByLabel(picker, { exact: true }).setInputFiles(file);
    const dialog = this.page.getByRole("dialog", { name: `Crop the ${picker.toLowerCase()}` });
    await dialog.getByRole("button", { name: "Crop and upload" }).click();
    await expect(dialog).toBeHidden();
    await expect(scope.getByRole("img", { name: preview })).toBeVisible({ timeout: UPLOAD_TIMEOUT });
  }

  /** Picks files for a picker that uploads them as they are (no crop). */
  async upload(scope: Locator, picker: string, files: PickedFile | PickedFile[]) {
    await scope.getByLabel(picker, { exact: true }).setInputFiles(files);
  }

  /** Chooses an option of a searchable select (country, a vocabulary term) by typing. */
  async choose(scope: Locator, label: string, typed: string, option: string) {
    await scope.getByRole("textbox", { name: label, exact: true }).fill(typed);
    await this.page.getByRole("option", { name: option, exact: true }).click();
  }

  /** Fills the address inputs inside `scope` (a group or one row of a list group). */
  async address(scope: Locator, address: { country: string; city: string; line1?: string; zip?: string }) {
    await this.choose(scope, "Country", address.country, address.country);
    await scope.getByRole("textbox", { name: "City", exact: true }).fill(address.city);
    if (address.line1) await scope.getByRole("textbox", { name: "Address line 1" }).fill(address.line1);
    if (address.zip) await scope.getByRole("textbox", { name: "Postal code" }).fill(address.zip);
  }

  /** Publishes from the status bar; the answer is the public page's path. */
  async publish(): Promise<string> {
    const status = this.page.getByRole("region", { name: "Status" });
    await status.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(status.getByText("Published", { exact: true })).toBeVisible({ timeout: SAVE_TIMEOUT });
    const path = await status.getByRole("link", { name: "View public page" }).getAttribute("href");
    expect(path).toMatch(/^\/organization\/[a-z0-9-]+$/);
    return path as string;
  }

  /**
   * Unpublishes from the status bar and waits for the organizations service's answer (the
   * status message and the Draft badge): from then on the public page is gone. Names are
   * exact: "Publish" alone would also match the "Unpublish" button that was just clicked.
   */
  async unpublish(): Promise<void> {
    const status = this.page.getByRole("region", { name: "Status" });
    await status.getByRole("button", { name: "Unpublish", exact: true }).click();
    await expect(status.getByText("The profile is a draft again.", { exact: true })).toBeVisible({ timeout: SAVE_TIMEOUT });
    await expect(status.getByText("Draft", { exact: true })).toBeVisible();
    await expect(status.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  }
}
