import { APP_CONFIG } from "~/lib/app-config";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grantMeasuring } from "../../../test/consent";
import { renderWithMantine } from "../../../test/render";
import type { SearchClient } from "~/lib/search/place";
import { loadResumeSearch, type ResumeSearchPageData } from "./load-resume-search";
import type { ResumeHitView, ResumeSearchResultsView } from "./recruiter-documents";
import { RESUME_CREDITS, RESUME_CREDITS_ORGANIZATION, RESUME_SEARCH } from "./recruiter-documents";
import { ResumeSearchPage } from "./ResumeSearchPage";

function hit(n: number, overrides: Partial<ResumeHitView> = {}): ResumeHitView {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Social worker ${n}`,
    summary: "Ten years with families and youth services.",
    occupations: ["Social work"],
    skills: ["Case management", "Counselling"],
    languages: ["English", "German"],
    careerStatus: "professional",
    place: { city: "Berlin", region: "Berlin", countryCode: "DE" },
    updatedAt: "2026-11-20T10:00:00+00:00",
    distanceKm: null,
    ...overrides,
  };
}

function results(hits: ResumeHitView[], total = hits.length): ResumeSearchResultsView {
  return {
    __typename: "ResumeSearchResults",
    total,
    hits,
    facets: [
      {
        field: "careerStatus",
        values: [
          { value: "professional", label: "professional", count: 7 },
          { value: "student", label: "student", count: 2 },
        ],
      },
      {
        field: "skills",
        values: [
          { value: "11", label: "Case management", count: 5 },
          { value: "12", label: "Counselling", count: 4 },
        ],
      },
      {
        field: "languages",
        values: [{ value: "31", label: "German", count: 6 }],
      },
    ],
  };
}

/** A search client that answers every resume search with `answer` and keeps the inputs it was asked. */
function fakeClient(answer: ResumeSearchResultsView) {
  const inputs: unknown[] = [];
  const client = {
    query: (options: { query: unknown; variables?: { input?: unknown } }) => {
      expect(options.query).toBe(RESUME_SEARCH);
      inputs.push(options.variables?.input);
      return Promise.resolve({ data: { resumeSearch: answer } });
    },
  } as unknown as SearchClient;
  return { client, inputs };
}

/** /resumes with its real loader (over a fake search client) and the page. */
function renderRoute(url: string, answer: ResumeSearchResultsView, mocks: MockLink.MockedResponse[] = []) {
  const { client, inputs } = fakeClient(answer);
  function Page() {
    return <ResumeSearchPage data={useLoaderData() as ResumeSearchPageData} />;
  }
  const Stub = createRoutesStub([
    { path: "/resumes", Component: Page, loader: ({ request }) => loadResumeSearch(client, new URL(request.url)) },
  ]);
  renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[url]} />
    </MockedProvider>,
  );
  return inputs;
}

beforeEach(() => grantMeasuring());
afterEach(() => {
  window.dataLayer = [];
});

describe("ResumeSearchPage", () => {
  it("shows 10 cards with the public fields and pages through the rest", async () => {
    renderRoute("/resumes", results(Array.from({ length: 9 }, (_, i) => hit(i + 1)).concat(hit(0)), 23));
    const list = await screen.findByRole("list", { name: "Resumes" });
    const cards = within(list).getAllByRole("article");
    expect(cards).toHaveLength(10);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole("link", { name: "Social worker 1" })).toHaveAttribute(
      "href",
      "/resume/00000000-0000-4000-8000-000000000001",
    );
    expect(first.getByText("Professional")).toBeInTheDocument();
    expect(first.getByText("Social work")).toBeInTheDocument();
    expect(first.getByText("Berlin")).toBeInTheDocument();
    expect(first.getByText("Case management")).toBeInTheDocument();
    expect(first.getByText("English, German")).toBeInTheDocument();
    expect(first.getByText(/Updated/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "23 resumes · page 1 of 3" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/resumes?page=2");
  });

  it("a facet value toggles into the query: OR within a facet, AND across, counts ignoring their own", async () => {
    const inputs = renderRoute("/resumes?search=social&skills=11", results([hit(1)]));
    await screen.findByRole("list", { name: "Resumes" });
    const user = userEvent.setup();
    const aside = screen.getByRole("complementary", { name: "Filters" });
    await user.click(within(aside).getByRole("link", { name: /Counselling/ }));
    await screen.findByRole("link", { name: "Remove filter Skills: Counselling" });
    await user.click(await within(screen.getByRole("complementary", { name: "Filters" })).findByRole("link", { name: /^German/ }));
    await waitFor(() => expect(inputs).toHaveLength(3));
    expect(inputs[2]).toMatchObject({
      fulltext: { keys: "social" },
      page: 1,
      conditionGroups: [
        {
          conditions: [{ field: "languages", value: "31", operator: "=" }],
          conjunction: "OR",
          tags: ["facet:languages"],
        },
        {
          conditions: [
            { field: "skills", value: "11", operator: "=" },
            { field: "skills", value: "12", operator: "=" },
          ],
          conjunction: "OR",
          tags: ["facet:skills"],
        },
      ],
    });
    // every facet is counted
    expect((inputs[2] as { facets: { field: string }[] }).facets.map((facet) => facet.field)).toEqual([
      "careerStatus",
      "languages",
      "skills",
      "occupations",
      "region",
      "fieldOfStudy",
    ]);
    // the selections are chips that remove them
    await screen.findByRole("link", { name: "Remove filter Languages: German" });
    expect(screen.getByRole("link", { name: "Remove filter Skills: Counselling" })).toHaveAttribute(
      "href",
      "/resumes?search=social&languages=31&skills=11",
    );
  });

  it("a keyword facet (career status) and the last-update sorting reach the request", async () => {
    const inputs = renderRoute("/resumes?careerStatus=student&sorting=changed_desc", results([hit(1)]));
    await screen.findByRole("list", { name: "Resumes" });
    expect(inputs[0]).toMatchObject({
      conditionGroups: [{ conditions: [{ field: "careerStatus", value: "student" }], tags: ["facet:careerStatus"] }],
      sorts: [{ field: "changed", value: "DESC" }],
    });
    expect(screen.getByRole("link", { name: "Relevance" })).toHaveAttribute("href", "/resumes?careerStatus=student");
    expect(screen.getByRole("link", { name: "Last update" })).toHaveAttribute("aria-current", "true");
  });

  it("hides the radius for a country and sends no radius", async () => {
    const inputs = renderRoute("/resumes?geo_location=Germany&country=DE&radius=25", results([hit(1)]));
    await screen.findByRole("list", { name: "Resumes" });
    expect(screen.getByRole("textbox", { name: "Location" })).toHaveValue("Germany");
    expect(screen.queryByRole("combobox", { name: "Radius" })).not.toBeInTheDocument();
    expect(inputs[0]).toMatchObject({ geoLocation: { locationType: "country", country: "DE" } });
    expect((inputs[0] as { geoLocation: { radius?: number } }).geoLocation.radius).toBeUndefined();
  });

  it("shows the radius around a city", async () => {
    const inputs = renderRoute("/resumes?geo_location=Berlin&lat=52.52&lon=13.405&radius=25", results([hit(1)]));
    await screen.findByRole("list", { name: "Resumes" });
    expect(screen.getByRole("combobox", { name: "Radius" })).toHaveValue("25");
    expect(inputs[0]).toMatchObject({ geoLocation: { locationType: "locality", radius: 25, lat: 52.52 } });
  });

  it("says when nothing matched and offers the next steps", async () => {
    renderRoute("/resumes?search=astronaut&skills=11", results([], 0));
    expect(await screen.findByText("No resumes match this search.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Remove all filters" })).toHaveAttribute("href", "/resumes?search=astronaut");
    expect(screen.getByRole("link", { name: "Search all resumes without “astronaut”" })).toHaveAttribute(
      "href",
      "/resumes?skills=11",
    );
  });

  it("tracks resume_search with the search query", async () => {
    renderRoute("/resumes?search=nurse", results([hit(1)], 42));
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({ event: "resume_search", value: 1, search_query: "nurse", results: 42 }),
    );
  });

  it("shows the resume contact credits left, linking to /my-products", async () => {
    const mocks: MockLink.MockedResponse[] = [contactFeature(true), ...creditMocks()];
    renderRoute("/resumes", results([hit(1)]), mocks);
    const credits = await screen.findByTestId("resume-contact-credits");
    expect(credits).toHaveTextContent("20 resume contacts left for Green Harbor");
    expect(within(credits).getByRole("link", { name: "Get more contacts" })).toHaveAttribute("href", "/my-products");
  });
});

/** The site's configuration with features.resume_contact on or off. */
function contactFeature(on: boolean): MockLink.MockedResponse {
  return {
    request: { query: APP_CONFIG },
    result: {
      data: {
        getAppConfig: [{ __typename: "AppConfigEntry", key: "features", name: "resume_contact", value: on }],
      },
    },
  };
}

/** The recruiter's active organization and its credits (3 resume contacts). */
function creditMocks(): MockLink.MockedResponse[] {
  return [
    {
      request: { query: RESUME_CREDITS_ORGANIZATION },
      result: {
        data: {
          currentUser: {
            __typename: "User",
            id: "u1",
            activeOrganization: { __typename: "Organization", id: "o1", number: 7, name: "Green Harbor" },
          },
        },
      },
    },
    {
      request: { query: RESUME_CREDITS, variables: { organizationId: 7 } },
      result: {
        data: {
          getCredits: [
            { __typename: "Credit", amount: 4, label: "Jobs", organizationName: "Green Harbor", type: "job", frontend: "jobboard" },
            { __typename: "Credit", amount: 3, label: "Contacts", organizationName: "Green Harbor", type: "contact", frontend: "jobboard" },
          ],
          // a subscription's contacts left this period count too
          getSubscriptions: {
            __typename: "SubscriptionsAnswer",
            subscriptions: [
              {
                __typename: "BillingSubscription",
                id: "s1",
                organizationName: "Green Harbor",
                usageResumeContactSlots: { __typename: "ResumeContactSlotsUsage", available: 17 },
              },
            ],
          },
        },
      },
    },
  ];
}
