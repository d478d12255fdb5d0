import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import type { LandingPageView } from "~/lib/route-answer";
import { UPDATE_LANDING_PAGE } from "./documents";
import { parseJobSearchParams } from "./job-search-params";
import { JobSearchPage } from "./JobSearchPage";
import { LANDING_DESCRIPTION_MAX_LENGTH } from "./LandingPageEditor";
import type { JobSearchPageData } from "./load-search";
import { jobHit, jobResults } from "./search-fixture";

const nursing: LandingPageView = {
  __typename: "LandingPage",
  id: "6f1c2a34-0b7e-4d0a-9a51-3c2d1e0f9a11",
  title: "Nursing jobs",
  path: "/jobs/nursing",
  intro: "<p>Care for <strong>people</strong>.</p>",
  description: "Open nursing jobs.",
  place: null,
  metatags: [],
};

function pageData(landingPage: LandingPageView | null): JobSearchPageData {
  return {
    state: parseJobSearchParams(new URLSearchParams()),
    categories: [{ alias: "nursing", field: "occupations", value: "12", label: "Nursing" }],
    outcome: { kind: "results", results: jobResults([jobHit(1)]) },
    notices: [],
    landingPage,
  };
}

/** The route's loader answers `current`; a save's revalidation reads it again. */
function render({
  canEditLanding = true,
  mocks = [],
  current = { page: pageData(nursing) },
}: {
  canEditLanding?: boolean;
  mocks?: MockLink.MockedResponse[];
  current?: { page: JobSearchPageData };
} = {}) {
  let loads = 0;
  function Page() {
    const data = useLoaderData() as JobSearchPageData;
    return <JobSearchPage data={data} signedIn showBookmarks={false} canEditLanding={canEditLanding} />;
  }
  const Stub = createRoutesStub([
    {
      path: "/jobs/*",
      Component: Page,
      HydrateFallback: () => null,
      loader: () => {
        loads += 1;
        return current.page;
      },
      // a revalidation after a mutation reruns the loader (the stub's default would too)
      shouldRevalidate: () => true,
    },
  ]);
  renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/jobs/nursing"]} />
    </MockedProvider>,
  );
  return { loads: () => loads };
}

function saveMock(input: Record<string, string>, updateLandingPage: unknown): MockLink.MockedResponse {
  return {
    request: { query: UPDATE_LANDING_PAGE, variables: { input: { id: nursing.id, ...input } } },
    result: { data: { updateLandingPage } },
  };
}

async function openEditor() {
  await userEvent.click(await screen.findByRole("button", { name: "Edit this page" }));
  return screen.findByRole("dialog", { name: "Edit this landing page" });
}

describe("LandingPageEditor", () => {
  it("is not offered to users who may not edit landing pages", async () => {
    render({ canEditLanding: false });
    expect(await screen.findByRole("heading", { level: 1, name: "Nursing jobs" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit this page" })).toBeNull();
  });

  it("is not offered on a search page without a landing page", async () => {
    render({ current: { page: pageData(null) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Nursing jobs" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit this page" })).toBeNull();
  });

  it("opens with the page's texts and counts the description's characters", async () => {
    render();
    const dialog = await openEditor();
    expect(within(dialog).getByRole("textbox", { name: /Title/ })).toHaveValue("Nursing jobs");
    expect(within(dialog).getByRole("textbox", { name: "Intro (HTML)" })).toHaveValue(nursing.intro);
    const description = within(dialog).getByRole("textbox", { name: "Meta description" });
    expect(description).toHaveValue("Open nursing jobs.");
    expect(description).toHaveAttribute("maxlength", String(LANDING_DESCRIPTION_MAX_LENGTH));
    expect(within(dialog).getByText("18 / 320 characters")).toBeInTheDocument();
    await userEvent.type(description, " Apply now.");
    expect(within(dialog).getByText("29 / 320 characters")).toBeInTheDocument();
  });

  it("asks for a title before sending anything", async () => {
    render();
    const dialog = await openEditor();
    await userEvent.clear(within(dialog).getByRole("textbox", { name: /Title/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter the page's title.")).toBeInTheDocument();
  });

  it("saves with the mutation, closes and shows the page as reloaded", async () => {
    const saved = { title: "Nursing and care jobs", intro: "<p>Care for people.</p>", description: "Open nursing jobs." };
    const current = { page: pageData(nursing) };
    const mock = saveMock(saved, {
      __typename: "LandingPageSaved",
      landingPage: { __typename: "LandingPage", id: nursing.id, ...saved },
    });
    const { loads } = render({ mocks: [mock], current });
    const dialog = await openEditor();
    const title = within(dialog).getByRole("textbox", { name: /Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, "  Nursing and care jobs ");
    const intro = within(dialog).getByRole("textbox", { name: "Intro (HTML)" });
    await userEvent.clear(intro);
    // userEvent.type reads braces and brackets as keys; paste the HTML instead
    await userEvent.click(intro);
    await userEvent.paste("<p>Care for people.</p>");
    const before = loads();
    current.page = pageData({ ...nursing, ...saved });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { level: 1, name: "Nursing and care jobs" })).toBeInTheDocument();
    expect(loads()).toBeGreaterThan(before);
    expect(screen.queryByText("people", { selector: "strong" })).toBeNull();
  });

  it("shows the search service's field errors under their inputs and the others in the danger list", async () => {
    const mock = saveMock(
      { title: "Nursing jobs", intro: nursing.intro, description: "Open nursing jobs." },
      {
        __typename: "SearchErrors",
        message: "Check the page.",
        errors: [
          { __typename: "SearchError", field: "title", code: "TOO_LONG", message: "At most 255 characters, please." },
          { __typename: "SearchError", field: null, code: "INVALID", message: "Something else is wrong." },
        ],
      },
    );
    render({ mocks: [mock] });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const title = within(dialog).getByRole("textbox", { name: /Title/ });
    await waitFor(() => expect(title).toHaveAccessibleDescription("At most 255 characters, please."));
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(within(within(dialog).getByRole("alert")).getByText("Something else is wrong.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("says so when the page is gone or the save fails", async () => {
    const input = { title: "Nursing jobs", intro: nursing.intro, description: "Open nursing jobs." };
    const gone = saveMock(input, { __typename: "NotFound", message: "There is no such landing page." });
    const failed: MockLink.MockedResponse = {
      request: { query: UPDATE_LANDING_PAGE, variables: { input: { id: nursing.id, ...input } } },
      error: new Error("connect ECONNREFUSED"),
    };
    render({ mocks: [gone, failed] });
    const dialog = await openEditor();
    const save = within(dialog).getByRole("button", { name: "Save" });
    await userEvent.click(save);
    expect(
      await within(dialog).findByText("This landing page no longer exists. Reload the page and try again."),
    ).toBeInTheDocument();
    await userEvent.click(save);
    expect(
      await within(dialog).findByText("The page could not be saved. Please try again in a moment."),
    ).toBeInTheDocument();
  });
});
