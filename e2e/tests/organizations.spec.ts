import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Locator, type Page } from "@playwright/test";
import { graph } from "../fixtures/jobs";
import { expect, test } from "../fixtures/test";
import { OrganizationEditorPage, UPLOAD_TIMEOUT } from "../pages/OrganizationEditorPage";

const DEMO_PASSWORD = "demo-password-2026";
// A 480x320 PNG (a sun on green), kept as text so the repository holds no binary fixture.
const PICTURE = Buffer.from(readFileSync(new URL("../fixtures/picture.png.b64", import.meta.url), "utf8"), "base64");
// A one-page PDF that parses (the uploads check PDFs with a real parser).
const REPORT = Buffer.from(readFileSync(new URL("../fixtures/cv.pdf.b64", import.meta.url), "utf8"), "base64");

async function logIn(page: Page, email: string, destination: string) {
  await page.goto(`/user/login?destination=${encodeURIComponent(destination)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === destination);
}

const png = (name: string) => ({ name, mimeType: "image/png", buffer: PICTURE });

/** The page's JSON-LD blocks, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

/** An image that loaded (the file really came back through the web server). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test("a recruiter founds an organization, fills every group with pictures, a video and a PDF, and publishes; a visitor sees every public group and its structured data", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `Lakeside Learning Trust ${Date.now()}`;
  await logIn(page, "recruiter@riverbend.example", "/dashboard/organization");
  const editor = new OrganizationEditorPage(page);
  await editor.found(name);

  // Organization info: logo (cropped square) and cover (cropped 2:1), website, a social profile.
  // This site is the US variant: no XING field.
  const info = await editor.open("Organization info");
  await info.getByLabel("Alternative name").fill("LLT");
  await editor.uploadCropped(info, "Logo", png("logo.png"), "Logo preview");
  await editor.uploadCropped(info, "Cover image", png("cover.png"), "Cover preview");
  await info.getByLabel("Website").fill("https://lakeside.example.org");
  const social = info.getByRole("group", { name: "Social profiles" });
  await social.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/lakeside-learning");
  await expect(social.getByLabel("XING")).toHaveCount(0);
  await editor.save(info, "Save organization info", "Organization info");

  const company = await editor.open("Company info");
  await company.getByLabel("Company name").fill(`${name} Inc.`);
  await editor.address(company, { country: "United States", city: "Chicago", line1: "200 E Randolph St", zip: "60601" });
  await editor.save(company, "Save company info", "Company info");

  const personal = await editor.open("Personal info");
  await personal.getByLabel("First name").fill("Priya");
  await personal.getByLabel("Last name").fill("Invoicewala");
  await personal.getByLabel("Phone").fill("+1 312 555 0199");
  await editor.save(personal, "Save personal info", "Personal info");

  const about = await editor.open("About");
  await about.getByLabel("Presentation").fill("<p>We run free reading circles on the lakeshore.</p>");
  await editor.choose(about, "Industry", "Educ", "Education");
  await about.getByRole("textbox", { name: "Organization size", exact: true }).click();
  await page.getByRole("option", { name: "16-25 employees", exact: true }).click();
  await editor.save(about, "Save about", "About");

  const benefits = await editor.open("Benefits");
  const chosenBenefits: [string, string][] = [
    ["Health ins", "Health insurance"],
    ["Four-day", "Four-day week"],
  ];
  const benefitField = benefits.getByRole("textbox", { name: "Benefits", exact: true });
  for (const [typed, benefit] of chosenBenefits) {
    await benefitField.fill(typed);
    await page.getByRole("option", { name: benefit, exact: true }).click();
  }
  // a multi-select's list stays open for the next pick, over what is below it: closed first, as
  // a person does before reaching for the save button
  await benefitField.press("Escape");
  await expect(page.getByRole("listbox", { name: "Benefits" })).toBeHidden();
  await editor.save(benefits, "Save benefits", "Benefits");

  const contacts = await editor.open("Contact persons");
  await contacts.getByRole("button", { name: "Add a contact person" }).click();
  const person = contacts.getByRole("group", { name: "Contact person 1" });
  await person.getByLabel("First name").fill("Samir");
  await person.getByLabel("Last name").fill("Okafor");
  await person.getByLabel("Position").fill("Volunteer coordinator");
  await person.getByLabel("Email").fill("samir.okafor@lakeside.example.org");
  await person.getByLabel("LinkedIn profile").fill("https://www.linkedin.com/in/samir-okafor");
  await editor.uploadCropped(person, "Photo", png("samir.png"), "Photo of contact person 1");
  await editor.save(contacts, "Save contact persons", "Contact persons");

  const gallery = await editor.open("Gallery");
  await editor.upload(gallery, "Add images", [png("one.png"), png("two.png")]);
  const images = gallery.getByRole("list", { name: "Gallery images" }).getByRole("listitem");
  await expect(images).toHaveCount(2, { timeout: UPLOAD_TIMEOUT });
  await gallery.getByLabel("Alternative text of image 1").fill("Children reading on the pier");
  await gallery.getByLabel("Alternative text of image 2").fill("A volunteer reading aloud");
  await editor.save(gallery, "Save gallery", "Gallery");

  const videos = await editor.open("Videos");
  await videos.getByRole("button", { name: "Add a video" }).click();
  const video = videos.getByRole("group", { name: "Video 1" });
  await video.getByLabel("Video address").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await editor.upload(video, "Video cover", png("video-cover.png"));
  await expect(video.getByRole("img", { name: "Cover of video 1" })).toBeVisible({ timeout: UPLOAD_TIMEOUT });
  await video.getByLabel("Cover title").fill("Lakeside in two minutes");
  await editor.save(videos, "Save videos", "Videos");

  const locations = await editor.open("Further locations");
  await locations.getByRole("button", { name: "Add a location" }).click();
  const office = locations.getByRole("group", { name: "Location 1" });
  await office.getByLabel("Location name").fill("Milwaukee reading room");
  await editor.address(office, { country: "United States", city: "Milwaukee" });
  await editor.save(locations, "Save locations", "Further locations");

  const faq = await editor.open("FAQ");
  await faq.getByRole("button", { name: "Add a question" }).click();
  await faq.getByRole("textbox", { name: "Question", exact: true }).fill("Do you offer internships?");
  await faq.getByRole("textbox", { name: "Answer", exact: true }).fill("Yes, every summer.");
  await editor.save(faq, "Save FAQ", "FAQ");

  const attachments = await editor.open("Attachments");
  await editor.upload(attachments, "Add a PDF", { name: "report.pdf", mimeType: "application/pdf", buffer: REPORT });
  const attachment = attachments.getByRole("group", { name: "Attachment 1" });
  await expect(attachment).toBeVisible({ timeout: UPLOAD_TIMEOUT });
  await attachment.getByLabel("Attachment title").fill("Annual report 2025");
  await editor.save(attachments, "Save attachments", "Attachments");

  const path = await editor.publish();
  expect(path).toMatch(/^\/organization\/lakeside-learning-trust-\d+$/);

  // A visitor: every public group, never the private invoicing contact.
  const visitor = await (await browser.newContext()).newPage();
  const response = await visitor.goto(path);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain("Invoicewala");
  expect(html).not.toContain("312 555 0199");
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(visitor.getByText("LLT", { exact: true })).toBeVisible();
  await expectLoaded(visitor.getByRole("img", { name: `${name} logo` }));
  await expectLoaded(visitor.getByRole("img", { name, exact: true })); // the cover
  const socials = visitor.getByRole("navigation", { name: `${name} on social media` });
  await expect(socials.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("href", "https://www.linkedin.com/company/lakeside-learning");
  await expect(socials.getByRole("link", { name: "XING" })).toHaveCount(0);

  const aboutPublic = visitor.getByRole("region", { name: `About ${name}` });
  await expect(aboutPublic.getByText("We run free reading circles on the lakeshore.")).toBeVisible();
  await expect(aboutPublic.getByText("Education", { exact: true })).toBeVisible();
  await expect(aboutPublic.getByText("16-25 employees", { exact: true })).toBeVisible();

  const benefitsPublic = visitor.getByRole("region", { name: "Benefits" });
  await expect(benefitsPublic.getByRole("listitem")).toHaveText(["Health insurance", "Four-day week"].map((b) => new RegExp(b)));

  const contactPublic = visitor.getByRole("region", { name: "Contact persons" });
  await expect(contactPublic.getByRole("heading", { name: "Samir Okafor" })).toBeVisible();
  await expect(contactPublic.getByText("Volunteer coordinator")).toBeVisible();
  await expect(contactPublic.getByRole("link", { name: "samir.okafor@lakeside.example.org" })).toHaveAttribute("href", "mailto:samir.okafor@lakeside.example.org");
  await expect(contactPublic.getByRole("link", { name: "Samir Okafor on LinkedIn" })).toBeVisible();
  await expectLoaded(contactPublic.getByRole("img", { name: "Samir Okafor" }));

  const galleryPublic = visitor.getByRole("region", { name: "Gallery" });
  await expect(galleryPublic.getByRole("button", { name: /^Open image \d of 2/ })).toHaveCount(2);
  await galleryPublic.getByRole("button", { name: "Open image 2 of 2: A volunteer reading aloud" }).click();
  await expectLoaded(visitor.getByRole("dialog").getByRole("img", { name: "A volunteer reading aloud" }));
  await visitor.keyboard.press("Escape");

  // Videos: the cover and a play button; nothing loads from YouTube before play is pressed.
  const videosPublic = visitor.getByRole("region", { name: "Videos" });
  await expectLoaded(videosPublic.getByRole("img", { name: "Lakeside in two minutes" }));
  await expect(videosPublic.getByRole("button", { name: "Play video: Lakeside in two minutes" })).toBeVisible();
  await expect(videosPublic.locator("iframe")).toHaveCount(0);

  const locationsPublic = visitor.getByRole("region", { name: "Locations" });
  await expect(locationsPublic.getByText("Milwaukee reading room")).toBeVisible();
  await expect(locationsPublic.getByText("Milwaukee", { exact: true })).toBeVisible();

  await expect(visitor.getByRole("region", { name: "Frequently asked questions" }).getByText("Do you offer internships?")).toBeVisible();

  const report = visitor.getByRole("region", { name: "Attachments" }).getByRole("link", { name: "Annual report 2025" });
  const pdf = await visitor.request.get((await report.getAttribute("href")) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  // Structured data: the Organization (with its logo, links and address) and the FAQ.
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
  const data = await structuredData(visitor);
  const organization = data.find((block) => block["@type"] === "Organization");
  expect(organization).toMatchObject({
    "@context": "https://schema.org",
    name,
    alternateName: "LLT",
    legalName: `${name} Inc.`,
    url: expect.stringMatching(new RegExp(`^https?://[^/]+${path}$`)),
    logo: expect.stringMatching(/^https?:\/\/[^/]+\/api\/uploads\/organizations\//),
    sameAs: ["https://lakeside.example.org", "https://www.linkedin.com/company/lakeside-learning"],
    address: {
      "@type": "PostalAddress",
      streetAddress: "200 E Randolph St",
      postalCode: "60601",
      addressLocality: "Chicago",
      addressCountry: "US",
    },
    description: expect.stringContaining("We run free reading circles on the lakeshore."),
  });
  expect(JSON.stringify(organization)).not.toContain("Invoicewala");
  const faqPage = data.find((block) => block["@type"] === "FAQPage");
  expect(faqPage).toMatchObject({
    mainEntity: [{ "@type": "Question", name: "Do you offer internships?", acceptedAnswer: { text: "Yes, every summer." } }],
  });

  // The recruiter unpublishes it again (the demo directory does not collect one per run): its
  // public page is gone at once. Organizations owns the published state and answers no draft to
  // visitors, so the 404 does not wait for search's slug index (which may still name the path).
  await editor.unpublish();
  expect((await visitor.goto(path))?.status()).toBe(404);

  // Then its owner deletes it through the API (the profile's id is its organization's), so the
  // recruiter's organizations do not collect one per run either.
  const organizationId = new URL(page.url()).pathname.split("/")[3];
  const deleted = await graph<{ data?: { deleteOrganization?: { __typename: string } } }>(
    page,
    "mutation($id: ID!) { deleteOrganization(organizationId: $id) { __typename } }",
    { id: organizationId },
  );
  expect(deleted.data?.deleteOrganization?.__typename).toBe("OrganizationDeleted");
});

test("a demo organization's public page is served with its Organization and FAQPage JSON-LD, and a former slug redirects", async ({ page }) => {
  const response = await page.goto("/organization/green-harbor-foundation");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Green Harbor Foundation", level: 1 })).toBeVisible();
  const data = await structuredData(page);
  expect(data.find((block) => block["@type"] === "Organization")).toMatchObject({
    name: "Green Harbor Foundation",
    url: expect.stringMatching(/\/organization\/green-harbor-foundation$/),
    address: { "@type": "PostalAddress", addressLocality: "Boston", addressCountry: "US" },
  });
  expect(data.find((block) => block["@type"] === "FAQPage")).toMatchObject({
    mainEntity: expect.arrayContaining([expect.objectContaining({ name: "Can I work remotely?" })]),
  });
  const upper = await page.request.get("/Organization/Green-Harbor-Foundation", { maxRedirects: 0 });
  expect(upper.status()).toBe(301);
  expect(upper.headers().location).toBe("/organization/green-harbor-foundation");
  expect((await page.request.get("/organization/no-such-organization", { maxRedirects: 0 })).status()).toBe(404);
});

test("a recruiter sees their organization's credits and subscription on /my-products and the dashboard", async ({ page }) => {
  await logIn(page, "recruiter@openmeadow.example", "/my-products");
  await expect(page.getByRole("heading", { name: "My products", level: 1 })).toBeVisible();
  await expect(page.getByText("Open Meadow Health Alliance").first()).toBeVisible();
  const jobs = page.getByTestId("credit-job");
  await expect(jobs).toContainText(/Job postings\d+left for Open Meadow Health Alliance/);
  await expect(page.getByTestId("credit-contact").getByRole("link", { name: "Search resumes" })).toHaveAttribute("href", "/resumes");
  const subscriptions = page.getByRole("table", { name: "Your subscriptions" });
  await expect(subscriptions.getByText("Active")).toBeVisible();

  await page.goto("/dashboard/organization");
  await expect(page.getByRole("region", { name: "Your balance" })).toContainText(/Job postings: \d+/);
});

test("applicants and visitors do not reach /my-products", async ({ page }) => {
  await page.goto("/my-products");
  await expect(page).toHaveURL(/\/user\/login\?destination=%2Fmy-products&error=SessionRequired/);
  await logIn(page, "applicant@jobboard.example", "/my-products");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("an admin grants credits in /admin/billing and the ledger shows the grant with its running balance", async ({ page }) => {
  await logIn(page, "admin@jobboard.example", "/admin/billing");
  await page.getByLabel("Organization number").fill("1");
  await page.getByRole("button", { name: "Show" }).click();
  // The newest entry first (the table shows the latest 50): a grant changes the running balance,
  // so the first row's text is new.
  const newest = page.getByRole("table", { name: "Ledger entries" }).getByRole("row").nth(1);
  await expect(newest).toBeVisible();
  const before = (await newest.textContent()) ?? "";
  const grant = page.getByRole("region", { name: "Grant credits" });
  await grant.getByLabel("Amount").fill("2");
  await grant.getByRole("button", { name: "Grant" }).click();
  await expect(newest).not.toHaveText(before);
  await expect(newest).toContainText("grant");
  await expect(newest).toContainText("+2");
});

test("with billing stopped, /my-products says the credits could not be loaded and the rest of the page still renders", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, "recruiter@openmeadow.example", "/dashboard/organization");
  const stack = fileURLToPath(new URL("../../deploy/local/stack", import.meta.url));
  execFileSync(stack, ["stop", "billing"], { stdio: "ignore" });
  try {
    await page.goto("/my-products");
    await expect(page.getByRole("heading", { name: "My products", level: 1 })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "There was an error getting your credits." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact us for credits and subscriptions" })).toBeVisible();
  } finally {
    execFileSync(stack, ["start", "billing"], { stdio: "ignore", timeout: 90_000 });
  }
  await page.reload();
  await expect(page.getByTestId("credit-job")).toBeVisible();
});
