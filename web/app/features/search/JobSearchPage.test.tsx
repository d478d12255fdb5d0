import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { MantineProvider } from "@mantine/core";
import {
  render as renderDom,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppConfig, type AppConfigEntry, AppConfigProvider } from "~/lib/app-config";
import { I18nProvider } from "~/lib/i18n/I18nProvider";
import en from "~/lib/i18n/messages/en.json";
import { LOCATION_SUGGESTIONS } from "./documents";
import {
  DEFAULT_JOB_SEARCH,
  parseJobSearchParams,
  type CategorySelection,
} from "./job-search-params";
import { JobSearchPage } from "./JobSearchPage";
import type { JobSearchPageData } from "./load-search";
import { jobHit, jobResults, siteGeoConfig } from "./search-fixture";
import { grantMeasuring } from "../../../test/consent";

function render(
  data: JobSearchPageData,
  {
    mocks = [],
    signedIn = false,
    site = siteGeoConfig(),
  }: { mocks?: MockLink.MockedResponse[]; signedIn?: boolean; site?: MockLink.MockedResponse } = {},
) {
  const Stub = createRoutesStub([
    {
      path: "/jobs/*",
      Component: () => (
        <JobSearchPage data={data} signedIn={signedIn} showBookmarks />
      ),
    },
  ]);
  // The site's configuration comes with the page, as the server hands it to the app (ADR 0050).
  const config = new AppConfig((site.result as { data: { getAppConfig: AppConfigEntry[] } }).data.getAppConfig);
  // env="test": no transitions or portals, so the place suggestions are visible to queries.
  return renderDom(
    <MockedProvider mocks={[site, ...mocks]}>
      <AppConfigProvider config={config}>
        <Stub initialEntries={["/jobs"]} />
      </AppConfigProvider>
    </MockedProvider>,
    {
      wrapper: ({ children }) => (
        <MantineProvider env="test">
          <I18nProvider locale="en" messages={en}>
            {children}
          </I18nProvider>
        </MantineProvider>
      ),
    },
  );
}

function page(
  query: string,
  outcome: JobSearchPageData["outcome"],
  categories: CategorySelection[] = [],
): JobSearchPageData {
  return {
    state: parseJobSearchParams(new URLSearchParams(query)),
    categories,
    outcome,
    notices: [],
  };
}

const tenHits = Array.from({ length: 10 }, (_, index) =>
  jobHit(index + 1, { featured: index === 0 }),
);

beforeEach(() => grantMeasuring());
afterEach(() => {
  window.dataLayer = [];
});

describe("JobSearchPage results", () => {
  it("lists the hits as teasers with the total, sorting, paging and the save-search anchor", () => {
    const { container } = render(
      page("search=gardener&page=2", {
        kind: "results",
        results: jobResults(tenHits, { total: 42 }),
      }),
    );
    expect(
      screen.getByRole("heading", { level: 1, name: "Jobs for “gardener”" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "42 jobs · page 2 of 5" }),
    ).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Jobs" });
    expect(
      within(list).getByRole("link", { name: "Gardener 1" }),
    ).toHaveAttribute("href", "/job/gardener-1");
    expect(within(list).getAllByText("Featured")).toHaveLength(1);
    expect(
      within(list).getAllByText("€40,000 – €55,000 per year"),
    ).toHaveLength(10);
    expect(within(list).getAllByTestId("job-teaser-logo")[0]).toHaveStyle({
      width: "calc(3.125rem * var(--mantine-scale))",
    });
    expect(screen.getByRole("link", { name: "Newest" })).toHaveAttribute(
      "href",
      "/jobs?search=gardener&sorting=publish_date_desc",
    );
    expect(screen.getByRole("link", { name: "Relevance" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const pages = screen.getByRole("navigation", { name: "Result pages" });
    expect(within(pages).getByRole("link", { name: "Page 3" })).toHaveAttribute(
      "href",
      "/jobs?search=gardener&page=3",
    );
    expect(
      within(pages).getByRole("link", { name: "Previous page" }),
    ).toHaveAttribute("href", "/jobs?search=gardener");
    expect(container.querySelector("#save-search")).not.toBeNull();
    expect(
      within(screen.getByRole("region", { name: "Get jobs like these by email" })).getByRole("button", {
        name: "Create a job alert",
      }),
    ).toBeInTheDocument();
  });

  it("shows a landing page's title and intro above the results", () => {
    const data = page("", { kind: "results", results: jobResults(tenHits) });
    render({
      ...data,
      landingPage: {
        __typename: "LandingPage",
        id: "lp-1",
        title: "Non-profit jobs in New York",
        path: "/jobs/new-york",
        intro: "<p>Food banks to <strong>NGOs</strong>.</p>",
        description: "Open jobs in New York.",
        place: { label: "New York, New York, US", lat: 40.71, lon: -74.01 },
        metatags: [],
      },
    });
    expect(
      screen.getByRole("heading", {
        level: 1,
        name: "Non-profit jobs in New York",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText("NGOs").tagName).toBe("STRONG");
  });

  it("puts an ad teaser after every fifth result", () => {
    render(page("", { kind: "results", results: jobResults(tenHits) }));
    const items = within(
      screen.getByRole("list", { name: "Jobs" }),
    ).getAllByRole("listitem");
    expect(items).toHaveLength(12);
    const adPositions = items.flatMap((item, index) =>
      within(item).queryByTestId("ad-teaser") ? [index] : [],
    );
    expect(adPositions).toEqual([5, 11]);
    expect(
      screen.getAllByRole("complementary", {
        name: "Hiring? Reach people who want to make a difference.",
      }),
    ).toHaveLength(2);
    expect(
      screen.getAllByRole("link", { name: "Post a job" })[0],
    ).toHaveAttribute("href", "/job/wizard");
  });

  it("shows no ad teaser before five results", () => {
    render(
      page("", { kind: "results", results: jobResults(tenHits.slice(0, 4)) }),
    );
    expect(screen.queryByTestId("ad-teaser")).toBeNull();
  });

  it("shows the bookmark state of each hit", () => {
    render(
      page("", {
        kind: "results",
        results: jobResults([
          jobHit(1, { job: { id: "job-1", bookmarked: true } }),
          jobHit(2),
        ]),
      }),
      { signedIn: true },
    );
    expect(screen.getByRole("button", { name: "Bookmarked" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "Bookmark" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("offers a visitor the bookmark button on hits that asked no bookmark", () => {
    render(
      page("", {
        kind: "results",
        results: jobResults([jobHit(1, { job: { id: "job-1" } })]),
      }),
    );
    expect(screen.getByRole("button", { name: "Bookmark" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("tracks job_search with the search query", async () => {
    render(
      page("search=nurse", {
        kind: "results",
        results: jobResults(tenHits, { total: 42 }),
      }),
    );
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({
        event: "job_search",
        value: 1,
        search_query: "nurse",
        results: 42,
      }),
    );
  });
});

describe("JobSearchPage filters", () => {
  const nursing: CategorySelection = {
    alias: "nursing",
    field: "occupations",
    value: "23",
    label: "Nursing",
  };

  it("shows facet values with counts as links that toggle them, and the selection as removable chips", () => {
    render(
      page(
        "employmentType=11&industry=100",
        { kind: "results", results: jobResults(tenHits) },
        [nursing],
      ),
    );
    const employment = screen.getByRole("region", { name: "Employment type" });
    expect(
      within(employment).getByRole("link", {
        name: /Full time \(selected\) 12 results/,
      }),
    ).toHaveAttribute("href", "/jobs/nursing?industry=100");
    expect(
      within(employment).getByRole("link", { name: /Part time 5 results/ }),
    ).toHaveAttribute(
      "href",
      "/jobs/nursing?employmentType=11,12&industry=100",
    );
    const chips = screen.getByRole("region", { name: "Selected filters" });
    expect(
      within(chips).getByRole("link", {
        name: "Remove filter Occupational field: Nursing",
      }),
    ).toHaveAttribute("href", "/jobs?employmentType=11&industry=100");
    expect(
      within(chips).getByRole("link", {
        name: "Remove filter Industry: Industry 01",
      }),
    ).toHaveAttribute("href", "/jobs/nursing?employmentType=11");
    expect(
      within(chips).getByRole("link", { name: "Clear all filters" }),
    ).toHaveAttribute("href", "/jobs");
    expect(
      screen.getByRole("button", { name: "Filters, 3 active" }),
    ).toBeInTheDocument();
  });

  it("offers a type-ahead and show more above 30 values, but not for short facets", async () => {
    const user = userEvent.setup();
    render(page("", { kind: "results", results: jobResults(tenHits) }));
    const industry = screen.getByRole("region", { name: "Industry" });
    expect(within(industry).getAllByRole("link")).toHaveLength(8);
    expect(
      within(
        screen.getByRole("region", { name: "Employment type" }),
      ).queryByRole("textbox"),
    ).toBeNull();

    await user.type(
      within(industry).getByRole("textbox", { name: "Find industry" }),
      "Industry 3",
    );
    const matches = within(industry).getAllByRole("link");
    expect(matches).toHaveLength(5);
    expect(matches[0]).toHaveTextContent("Industry 30");
    expect(within(industry).queryByRole("button", { name: /Show/ })).toBeNull();
    await user.clear(
      within(industry).getByRole("textbox", { name: "Find industry" }),
    );
    await user.click(
      within(industry).getByRole("button", { name: "Show 26 more" }),
    );
    expect(within(industry).getAllByRole("link")).toHaveLength(34);
  });
});

describe("JobSearchPage states", () => {
  it("suggests fewer filters, a wider radius and popular searches when nothing matches", async () => {
    render(
      page(
        "search=zzz&lat=52.5&lon=13.4&geo_location=Berlin&radius=25&industry=100",
        {
          kind: "results",
          results: jobResults([], { facets: [] }),
        },
      ),
    );
    expect(screen.getByText("No jobs match this search.")).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Remove all filters" }),
    ).toHaveAttribute("href", "/jobs?search=zzz");
    expect(
      await screen.findByRole("link", { name: "Widen the radius to 50 mi" }),
    ).toHaveAttribute(
      "href",
      "/jobs?search=zzz&geo_location=Berlin&lat=52.5&lon=13.4&industry=100",
    );
    expect(
      screen.getByRole("link", { name: "Project manager" }),
    ).toHaveAttribute("href", "/jobs?search=Project%20manager");
  });

  it("shows refused input in the danger list and keeps the search bar", () => {
    render(
      page("radius=7&lat=1&lon=2", {
        kind: "errors",
        messages: ["The radius is one of 5, 25, 50, 100, 200."],
      }),
    );
    expect(
      within(screen.getByRole("alert")).getByText(
        "The radius is one of 5, 25, 50, 100, 200.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("search", { name: "Search jobs" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Start a new search" }),
    ).toHaveAttribute("href", "/jobs");
  });

  it("says when search is unavailable, with the shell intact", () => {
    render(
      page("search=x", {
        kind: "unavailable",
        message: "Search is unavailable right now.",
      }),
    );
    const alert = screen.getByRole("alert");
    expect(
      within(alert).getByText("Search is unavailable"),
    ).toBeInTheDocument();
    expect(
      within(alert).getByRole("link", { name: "Try again" }),
    ).toHaveAttribute("href", "/jobs?search=x");
    expect(
      screen.getByRole("search", { name: "Search jobs" }),
    ).toBeInTheDocument();
  });
});

describe("JobSearchPage search bar", () => {
  const berlin = {
    request: {
      query: LOCATION_SUGGESTIONS,
      variables: { text: "Be", limit: 8 },
    },
    result: {
      data: {
        locationSuggestions: [
          {
            __typename: "LocationSuggestion",
            label: "Berlin, Berlin, DE",
            locationType: "locality",
            country: "DE",
            administrativeArea: "Berlin",
            lat: 52.52,
            lon: 13.405,
          },
          {
            __typename: "LocationSuggestion",
            label: "Belgium",
            locationType: "country",
            country: "BE",
            administrativeArea: null,
            lat: null,
            lon: null,
          },
        ],
      },
    },
  };

  it("is a GET form carrying the filters, with the radius options and the site's default of 50 mi", async () => {
    const { container } = render(
      page("industry=4&sorting=publish_date_desc", {
        kind: "results",
        results: jobResults(tenHits),
      }),
    );
    const form = screen.getByRole("search", { name: "Search jobs" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/jobs");
    expect(
      container.querySelector('input[type=hidden][name="industry"]'),
    ).toHaveValue("4");
    expect(
      container.querySelector('input[type=hidden][name="sorting"]'),
    ).toHaveValue("publish_date_desc");
    await screen.findByRole("option", { name: "50 mi" });
    const radius = screen.getByRole("combobox", { name: "Radius" });
    expect(radius).toHaveValue("50");
    expect(
      within(radius)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["5 mi", "25 mi", "50 mi", "100 mi", "200 mi"]);
  });

  it("speaks the site's unit: a site in kilometres shows km radii and distances", async () => {
    render(
      page("geo_location=Berlin&lat=52.5&lon=13.4", {
        kind: "results",
        results: jobResults([jobHit(1, { distanceKm: 12.4 })]),
      }),
      { site: siteGeoConfig({ default_radius: 25, default_unit: "km", radius_multiplier: 1 }) },
    );
    await screen.findByRole("option", { name: "25 km" });
    expect(screen.getByRole("combobox", { name: "Radius" })).toHaveValue("25");
    expect(screen.getByText(/Location: Berlin \(25 km\)/)).toBeInTheDocument();
    expect(screen.getByText(/12 km/)).toBeInTheDocument();
  });

  it("suggests places as you type and keeps a chosen city's coordinates", async () => {
    const user = userEvent.setup();
    const { container } = render(
      page("", { kind: "results", results: jobResults(tenHits) }),
      { mocks: [berlin] },
    );
    await user.type(screen.getByRole("textbox", { name: "Location" }), "Be");
    await user.click(
      await screen.findByRole(
        "option",
        { name: "Berlin, Berlin, DE" },
        { timeout: 15_000 },
      ),
    );
    expect(container.querySelector('input[name="lat"]')).toHaveValue("52.52");
    expect(container.querySelector('input[name="lon"]')).toHaveValue("13.405");
  });

  it("treats a chosen country as an area without radius", async () => {
    const user = userEvent.setup();
    const { container } = render(
      page("", { kind: "results", results: jobResults(tenHits) }),
      { mocks: [berlin] },
    );
    await user.type(screen.getByRole("textbox", { name: "Location" }), "Be");
    await user.click(
      await screen.findByRole("option", { name: "Belgium" }, { timeout: 15_000 }),
    );
    expect(container.querySelector('input[name="country"]')).toHaveValue("BE");
    expect(container.querySelector('input[name="lat"]')).toBeNull();
    expect(screen.getByRole("combobox", { name: "Radius" })).toBeDisabled();
  });

  it("starts with an empty state", () => {
    render({
      state: DEFAULT_JOB_SEARCH,
      categories: [],
      outcome: { kind: "results", results: jobResults(tenHits) },
      notices: [],
    });
    expect(
      screen.getByRole("heading", { level: 1, name: "Jobs" }),
    ).toBeInTheDocument();
  });
});
