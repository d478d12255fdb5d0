import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { breadcrumbJsonLd, PageBreadcrumbs } from "./PageBreadcrumbs";

const CRUMBS = [
  { label: "Jobs", path: "/jobs" },
  { label: "Green Harbor", path: "/organization/green-harbor" },
  { label: "Night nurse", path: "/job/night-nurse" },
];

describe("PageBreadcrumbs", () => {
  it("links up the trail, marks the page itself, and describes the trail for search engines", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <PageBreadcrumbs crumbs={CRUMBS} origin="https://jobs.example.org" /> },
    ]);
    const { container } = renderWithMantine(<Stub initialEntries={["/"]} />);
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: "Jobs" }).getAttribute("href")).toBe("/jobs");
    expect(within(trail).getByRole("link", { name: "Green Harbor" }).getAttribute("href")).toBe(
      "/organization/green-harbor",
    );
    expect(within(trail).queryByRole("link", { name: "Night nurse" })).toBeNull();
    expect(within(trail).getByText("Night nurse").getAttribute("aria-current")).toBe("page");
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? "{}")).toEqual(breadcrumbJsonLd(CRUMBS, "https://jobs.example.org"));
  });

  it("numbers the items from 1 with absolute addresses, as Google's BreadcrumbList asks", () => {
    expect(breadcrumbJsonLd(CRUMBS, "https://jobs.example.org")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Jobs", item: "https://jobs.example.org/jobs" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Green Harbor",
          item: "https://jobs.example.org/organization/green-harbor",
        },
        { "@type": "ListItem", position: 3, name: "Night nurse", item: "https://jobs.example.org/job/night-nurse" },
      ],
    });
  });
});
