import { MockedProvider } from "@apollo/client/testing/react";
import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { SessionProvider } from "~/features/identity/session";
import { parseJobSearchParams } from "~/features/search/job-search-params";
import { jobHit, jobResults } from "~/features/search/search-fixture";
import type { PublicSession } from "~/lib/session-claims";
import { renderWithMantine } from "../../test/render";
import type { Route } from "./+types/jobs";
import JobsRoute from "./jobs";

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query: vi.fn() }) }));
vi.mock("~/env.server", () => ({ serverEnv: () => ({ AUTH_URL: "https://jobs.example", SITE_LOCALES: ["en"] }) }));

const loaderData = {
  state: parseJobSearchParams(new URLSearchParams()),
  categories: [{ alias: "nursing", field: "occupations", value: "12", label: "Nursing" }],
  outcome: { kind: "results", results: jobResults([jobHit(1)]) },
  notices: [],
  landingPage: {
    id: "6f1c2a34-0b7e-4d0a-9a51-3c2d1e0f9a11",
    title: "Nursing jobs",
    path: "/jobs/nursing",
    intro: "<p>Care for people.</p>",
    description: "Open nursing jobs.",
    place: null,
    metatags: [],
  },
  origin: "https://jobs.example",
} as unknown as Route.ComponentProps["loaderData"];

function sessionWith(roles: string[]): PublicSession {
  return {
    user: { id: "7", name: "Ada L.", email: "ada@example.org", roles, emailVerified: true },
    masqueraded: false,
    isNewUserViaSocial: false,
  };
}

function render(session: PublicSession | null) {
  const Stub = createRoutesStub([
    {
      path: "/jobs/*",
      Component: () => <JobsRoute {...({ loaderData } as unknown as Route.ComponentProps)} />,
    },
  ]);
  renderWithMantine(
    <SessionProvider initial={session}>
      <MockedProvider>
        <Stub initialEntries={["/jobs/nursing"]} />
      </MockedProvider>
    </SessionProvider>,
  );
}

describe("jobs route: editing a landing page", () => {
  it.each([
    ["a visitor", null],
    ["an applicant", sessionWith(["applicant"])],
    ["a recruiter", sessionWith(["recruiter"])],
  ])("offers no editor to %s", async (_who, session) => {
    render(session);
    expect(await screen.findByRole("heading", { level: 1, name: "Nursing jobs" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit this page" })).toBeNull();
  });

  it.each(["administrator", "site_admin", "job_editor"])("offers the editor to a %s", async (role) => {
    render(sessionWith([role]));
    expect(await screen.findByRole("button", { name: "Edit this page" })).toBeInTheDocument();
  });
});
