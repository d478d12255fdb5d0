import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { ALL_SOCIAL_NETWORKS, offeredSocialNetworks } from "../social-networks";
import { AppConfig } from "~/lib/app-config";
import { OrganizationProfilePage } from "./OrganizationProfilePage";
import { acmeProfile, bareProfile } from "./profile-fixture";

const ORIGIN = "https://jobs.example";

function jsonLd(container: HTMLElement): Record<string, unknown>[] {
  return [...container.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );
}

describe("OrganizationProfilePage", () => {
  it("shows the public groups", () => {
    renderWithMantine(<OrganizationProfilePage profile={acmeProfile} origin={ORIGIN} />);
    expect(screen.getByRole("heading", { level: 1, name: "Acme Foundation" })).toBeInTheDocument();
    expect(screen.getByText("Acme")).toBeInTheDocument();
    expect(screen.getByTestId("profile-location")).toHaveTextContent("Berlin, Germany");
    expect(screen.getByRole("img", { name: "Our office" })).toHaveAttribute("src", acmeProfile.cover?.url);
    expect(screen.getByRole("img", { name: "Acme logo" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Visit acme.example" })).toHaveAttribute(
      "href",
      "https://www.acme.example",
    );
    expect(screen.getByRole("link", { name: "LinkedIn" })).toHaveAttribute(
      "href",
      "https://www.linkedin.com/company/acme",
    );

    const about = screen.getByRole("region", { name: "About Acme Foundation" });
    expect(within(about).getByTestId("profile-presentation").innerHTML).toBe(
      "<p>We build <strong>clean water</strong> projects.</p>",
    );
    for (const label of ["Non-profit", "51-100 employees", "Engineering", "Hydrology"]) {
      expect(within(about).getByText(label)).toBeInTheDocument();
    }

    const benefits = screen.getByRole("region", { name: "Benefits" });
    expect(
      within(benefits)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Flexible hours", "Remote work"]);
    // each benefit's check mark is an icon hidden from screen readers
    for (const item of within(benefits).getAllByRole("listitem")) {
      expect(item.querySelector("[aria-hidden='true'] svg.tabler-icon-check")).not.toBeNull();
    }

    const contact = screen.getByRole("region", { name: "Contact persons" });
    expect(within(contact).getByRole("heading", { level: 3, name: "Ada Lovelace" })).toBeInTheDocument();
    expect(within(contact).getByText("Head of People")).toBeInTheDocument();
    expect(within(contact).getByText("AL")).toBeInTheDocument();
    expect(within(contact).getByRole("link", { name: "ada@acme.example" })).toHaveAttribute(
      "href",
      "mailto:ada@acme.example",
    );
    expect(within(contact).getByRole("link", { name: "+49 30 123 456" })).toHaveAttribute(
      "href",
      "tel:+4930123456",
    );
    expect(within(contact).getByRole("link", { name: "Ada Lovelace on LinkedIn" })).toBeInTheDocument();

    const locations = screen.getByRole("region", { name: "Locations" });
    expect(within(locations).getByText("Head office")).toBeInTheDocument();
    expect(within(locations).getByText("10115 Berlin")).toBeInTheDocument();

    const attachments = screen.getByRole("region", { name: "Attachments" });
    expect(within(attachments).getByRole("link", { name: "Annual report" })).toHaveAttribute(
      "href",
      "/api/uploads/organizations/1/report.pdf",
    );

    expect(
      within(screen.getByRole("region", { name: "Open positions" })).getByText(
        "No open positions right now. Check back soon.",
      ),
    ).toBeInTheDocument();
  });

  it("opens FAQ answers in an accordion", async () => {
    const user = userEvent.setup();
    renderWithMantine(<OrganizationProfilePage profile={acmeProfile} origin={ORIGIN} />);
    const faq = screen.getByRole("region", { name: "Frequently asked questions" });
    const question = within(faq).getByRole("button", { name: "Do you hire students?" });
    expect(question).toHaveAttribute("aria-expanded", "false");
    await user.click(question);
    expect(question).toHaveAttribute("aria-expanded", "true");
    expect(within(faq).getByText("Yes, as interns.")).toBeInTheDocument();
  });

  it("opens the gallery lightbox on a click and moves with buttons and arrow keys", async () => {
    const user = userEvent.setup();
    renderWithMantine(<OrganizationProfilePage profile={acmeProfile} origin={ORIGIN} />);
    const gallery = screen.getByRole("region", { name: "Gallery" });
    await user.click(within(gallery).getByRole("button", { name: "Open image 2 of 3: Photo 2" }));

    const dialog = await screen.findByRole("dialog", { name: "Image 2 of 3" });
    expect(within(dialog).getByRole("img", { name: "Photo 2" })).toHaveAttribute(
      "src",
      "/api/uploads/organizations/1/g2.jpg",
    );
    await user.click(within(dialog).getByRole("button", { name: "Next image" }));
    expect(within(dialog).getByRole("img", { name: "Photo 3" })).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("img", { name: "Photo 1" })).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByRole("img", { name: "Photo 3" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    expect(screen.getByRole("dialog", { name: "Image 2 of 3" })).toBeInTheDocument();
  });

  it("loads a video from YouTube only after play is pressed", async () => {
    const user = userEvent.setup();
    const { container } = renderWithMantine(
      <OrganizationProfilePage profile={acmeProfile} origin={ORIGIN} />,
    );
    const videos = screen.getByRole("region", { name: "Videos" });
    expect(container.querySelector("iframe")).toBeNull();
    expect(within(videos).getByText("Playing loads the video from YouTube.")).toBeInTheDocument();
    expect(within(videos).getByTestId("video-placeholder")).toBeInTheDocument();

    await user.click(within(videos).getByRole("button", { name: "Play video: A day at Acme" }));
    const player = within(videos).getByTitle("A day at Acme");
    expect(player.tagName).toBe("IFRAME");
    expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abc123?autoplay=1");
  });

  it("links no network the site leaves out, not even in the JSON-LD (the US variant's xing)", () => {
    const withXing = {
      ...acmeProfile,
      socialProfiles: { ...acmeProfile.socialProfiles, xing: "https://www.xing.com/pages/acme" },
    };
    const { unmount } = renderWithMantine(<OrganizationProfilePage profile={withXing} origin={ORIGIN} />);
    expect(screen.getByRole("link", { name: "XING" })).toBeInTheDocument();
    unmount();

    const usVariant = ALL_SOCIAL_NETWORKS.filter((network) => network !== "xing");
    const { container: us } = renderWithMantine(
      <OrganizationProfilePage profile={withXing} origin={ORIGIN} socialNetworks={usVariant} />,
    );
    expect(screen.queryByRole("link", { name: "XING" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "LinkedIn" })).toBeInTheDocument();
    const [organization] = jsonLd(us);
    expect(organization?.sameAs).toEqual([
      "https://www.acme.example",
      "https://www.linkedin.com/company/acme",
      "https://instagram.com/acme",
    ]);
  });

  it("describes the organization and its FAQ as JSON-LD", () => {
    const { container } = renderWithMantine(
      <OrganizationProfilePage profile={acmeProfile} origin={ORIGIN} />,
    );
    const [organization, faq] = jsonLd(container);
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: "Acme Foundation",
      alternateName: "Acme",
      url: "https://jobs.example/organization/acme",
      logo: "https://jobs.example/api/uploads/organizations/1/logo.png",
      sameAs: [
        "https://www.acme.example",
        "https://www.linkedin.com/company/acme",
        "https://instagram.com/acme",
      ],
      address: {
        "@type": "PostalAddress",
        addressLocality: "Berlin",
        postalCode: "10115",
        addressCountry: "DE",
      },
      description: "Clean water projects.",
    });
    expect(faq).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "Do you hire students?",
          acceptedAnswer: { "@type": "Answer", text: "Yes, as interns." },
        },
        {
          "@type": "Question",
          name: "Can I work remotely?",
          acceptedAnswer: { "@type": "Answer", text: "Mostly." },
        },
      ],
    });
  });

  it("escapes < in JSON-LD so the script cannot be closed early", () => {
    const { container } = renderWithMantine(
      <OrganizationProfilePage
        profile={{ ...acmeProfile, faq: [{ question: "</script><b>?", answer: "x" }] }}
        origin={ORIGIN}
      />,
    );
    const scripts = container.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts[1]?.innerHTML).toContain("\\u003c/script>\\u003cb>?");
    expect(jsonLd(container)[1]).toMatchObject({ mainEntity: [{ name: "</script><b>?" }] });
  });

  it("leaves out empty groups and shows a branded band without a cover", () => {
    const { container } = renderWithMantine(
      <OrganizationProfilePage profile={bareProfile} origin={ORIGIN} />,
    );
    expect(screen.getByTestId("profile-band")).toBeInTheDocument();
    expect(screen.getAllByRole("region").map((region) => region.getAttribute("aria-labelledby"))).toEqual([
      "jobs-heading",
    ]);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    // no FAQ: the organization and the trail (Organizations › the organization) only
    expect(jsonLd(container).map((item) => item["@type"])).toEqual(["Organization", "BreadcrumbList"]);
    expect(
      within(screen.getByRole("navigation", { name: "Breadcrumb" })).getByRole("link", { name: "Organizations" }),
    ).toHaveAttribute("href", "/organizations");
  });
});

describe("offeredSocialNetworks", () => {
  it("reads the site's organizations.social_profiles, every network without one", () => {
    expect(offeredSocialNetworks(new AppConfig([]))).toEqual(ALL_SOCIAL_NETWORKS);
    const us = new AppConfig([
      { key: "organizations", name: "social_profiles", value: ["linkedin", "blue_sky", "myspace"] },
    ]);
    expect(offeredSocialNetworks(us)).toEqual(["linkedin", "blueSky"]);
  });
});
