import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { POPULAR_CATEGORIES } from "./documents";
import { jobSlugWords, NotFoundHelp, POPULAR_CATEGORY_COUNT } from "./NotFoundHelp";

const popular: MockLink.MockedResponse = {
  request: { query: POPULAR_CATEGORIES, variables: { limit: POPULAR_CATEGORY_COUNT } },
  result: {
    data: {
      jobSearch: {
        __typename: "JobSearchResults",
        facets: [
          {
            field: "occupations",
            values: [
              { value: "1004", label: "Healthcare and nursing", count: 42 },
              { value: "1010", label: "Fundraising and development", count: 17 },
              { value: "9999", label: "A term search no longer has", count: 3 },
            ],
          },
        ],
      },
      terms: [
        { __typename: "Term", tid: 1004, alias: "healthcare-and-nursing" },
        { __typename: "Term", tid: 1010, alias: "fundraising-and-development" },
      ],
    },
  },
};

const unavailable: MockLink.MockedResponse = {
  request: { query: POPULAR_CATEGORIES, variables: { limit: POPULAR_CATEGORY_COUNT } },
  error: new Error("gateway down"),
};

function render(pathname: string, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <NotFoundHelp pathname={pathname} /> }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[pathname]} />
    </MockedProvider>,
  );
}

describe("jobSlugWords", () => {
  it("takes a job slug's words and leaves numbers and id-like tokens out", () => {
    expect(jobSlugWords("/job/gardener-berlin-3f9a2c")).toBe("gardener berlin");
    expect(jobSlugWords("/job/senior-program-officer-2026/")).toBe("senior program officer");
    expect(jobSlugWords("/job/Caf%C3%A9-Manager")).toBe("café manager");
  });

  it("has nothing for other paths, a slug of no words or a broken escape", () => {
    expect(jobSlugWords("/organization/gardener")).toBeNull();
    expect(jobSlugWords("/job/gardener/apply/basic-info")).toBeNull();
    expect(jobSlugWords("/job/12345-a")).toBeNull();
    expect(jobSlugWords("/job/%E0%A4%A")).toBeNull();
  });
});

describe("NotFoundHelp", () => {
  it("offers a job search for an unknown job's words, every job and organization, and the popular categories", async () => {
    render("/job/gardener-berlin-3f9a2c", [popular]);
    const search = screen.getByRole("search", { name: "Search jobs" });
    expect(within(search).getByRole("searchbox", { name: "Keywords" })).toHaveValue("gardener berlin");
    expect(search).toHaveAttribute("action", "/jobs");
    expect(screen.getByRole("link", { name: "Search jobs for “gardener berlin”" })).toHaveAttribute(
      "href",
      "/jobs?search=gardener+berlin",
    );
    const nav = screen.getByRole("navigation", { name: "Where to go from here" });
    expect(within(nav).getByRole("link", { name: "All jobs" })).toHaveAttribute("href", "/jobs");
    expect(within(nav).getByRole("link", { name: "All organizations" })).toHaveAttribute("href", "/organizations");
    expect(await within(nav).findByRole("link", { name: "Healthcare and nursing (42)" })).toHaveAttribute(
      "href",
      "/jobs/healthcare-and-nursing",
    );
    expect(within(nav).getByRole("link", { name: "Fundraising and development (17)" })).toHaveAttribute(
      "href",
      "/jobs/fundraising-and-development",
    );
    // a facet value without a term to link to is left out
    expect(within(nav).getAllByRole("listitem")).toHaveLength(2);
  });

  it("keeps the search and the links when search cannot answer, without suggesting words for other paths", async () => {
    render("/no/such/page", [unavailable]);
    expect(screen.getByRole("searchbox", { name: "Keywords" })).toHaveValue("");
    expect(screen.queryByRole("link", { name: /Search jobs for/ })).toBeNull();
    expect(screen.getByRole("link", { name: "All jobs" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: "Popular categories" })).toBeNull();
  });
});
