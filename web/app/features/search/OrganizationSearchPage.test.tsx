import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import type { OrganizationSearchPageData } from "./load-search";
import { parseOrganizationSearchParams } from "./organization-search-params";
import { OrganizationSearchPage } from "./OrganizationSearchPage";
import { organizationResults } from "./search-fixture";

function render(query: string, outcome: OrganizationSearchPageData["outcome"]) {
  const data = { state: parseOrganizationSearchParams(new URLSearchParams(query)), outcome };
  const Stub = createRoutesStub([{ path: "/organizations", Component: () => <OrganizationSearchPage data={data} /> }]);
  return renderWithMantine(<Stub initialEntries={["/organizations"]} />);
}

describe("OrganizationSearchPage", () => {
  it("shows a grid of organization cards with industry, open jobs and the featured badge, and pages by 12", () => {
    render("search=water&industry=5", { kind: "results", results: organizationResults(12, 30) });
    const grid = screen.getByRole("list", { name: "Organizations" });
    expect(within(grid).getAllByRole("article")).toHaveLength(12);
    expect(within(grid).getByRole("link", { name: "Organization 1" })).toHaveAttribute(
      "href",
      "/organization/organization-1",
    );
    expect(within(grid).getAllByText("Featured")).toHaveLength(1);
    expect(within(grid).getByText("No open jobs")).toBeInTheDocument();
    expect(within(grid).getByText("1 open job")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "30 organizations · page 1 of 3" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "Result pages" })).getByRole("link", { name: "Page 3" }),
    ).toHaveAttribute("href", "/organizations?search=water&industry=5&page=3");
    expect(screen.getByRole("link", { name: /Non-profit \(selected\) 7 results/ })).toHaveAttribute(
      "href",
      "/organizations?search=water",
    );
    expect(screen.getByRole("link", { name: "Remove filter Industry: Non-profit" })).toHaveAttribute(
      "href",
      "/organizations?search=water",
    );
  });

  it("has an empty state with next steps", () => {
    render("search=zzz", { kind: "results", results: organizationResults(0) });
    expect(screen.getByText("No organizations match this search.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show all organizations" })).toHaveAttribute("href", "/organizations");
  });

  it("keeps the search box when the search is refused or unavailable", () => {
    render("", { kind: "errors", messages: ["The search text has at most 500 characters."] });
    expect(screen.getByText("The search text has at most 500 characters.")).toBeInTheDocument();
    expect(screen.getByRole("search", { name: "Search organizations" })).toBeInTheDocument();
  });
});
