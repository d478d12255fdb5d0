import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MY_APPLICATIONS } from "~/features/applications/documents";
import { MyApplicationsPage } from "~/features/applications/MyApplicationsPage";
import { BILLING_ORGANIZATION, CREDITS, SUBSCRIPTIONS } from "~/features/billing/documents";
import { MyProductsPage } from "~/features/billing/MyProductsPage";
import { ACCOUNT_SETTINGS, AccountPage } from "~/features/identity/AccountPage";
import { publishedJob } from "~/features/jobs/job-fixture";
import { JobPage } from "~/features/jobs/JobPage";
import { APP_CONFIG } from "~/lib/app-config";
import { renderInLocale } from "../../test/render";

/**
 * Issue 13: every page text comes from the catalogue and dates follow the locale. One page of
 * each of four features, rendered in German: German words, German dates ("20. Nov. 2026",
 * "01.01.2026"), German numbers and salaries.
 */
function renderGerman(page: ReactElement, mocks: MockLink.MockedResponse[] = []) {
  const Stub = createRoutesStub([{ path: "*", Component: () => page }]);
  return renderInLocale(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
    "de",
  );
}

describe("pages in German", () => {
  it("the job page: key facts, apply, share and the posted date the German way", () => {
    renderGerman(<JobPage job={publishedJob} origin="https://jobs.example" />);
    const facts = screen.getByLabelText("Das Wichtigste");
    expect(within(facts).getByText("Veröffentlicht")).toBeInTheDocument();
    expect(within(facts).getByText("20. Nov. 2026")).toBeInTheDocument();
    expect(within(facts).getByText("Bewerbungsschluss")).toBeInTheDocument();
    expect(within(facts).getByText(/^40\.000\s€ – 55\.000\s€ pro Jahr$/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "So bewerben Sie sich" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Diesen Job teilen" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Bewerben" }).length).toBeGreaterThan(0);
    expect(screen.queryByText("How to apply")).toBeNull();
  });

  it("my products: credits and the subscription period in German", async () => {
    renderGerman(<MyProductsPage />, [
      {
        request: { query: BILLING_ORGANIZATION },
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
        request: { query: APP_CONFIG },
        result: {
          data: { getAppConfig: [{ __typename: "AppConfigEntry", key: "subscriptions", name: "enabled", value: true }] },
        },
      },
      {
        request: { query: CREDITS, variables: { organizationId: 7 } },
        result: {
          data: {
            getCredits: [
              {
                __typename: "Credit",
                amount: 1200,
                label: "Stellenanzeigen",
                organizationName: "Green Harbor",
                type: "job",
                frontend: "jobboard",
              },
            ],
          },
        },
      },
      {
        request: { query: SUBSCRIPTIONS, variables: { organizationId: 7, limit: 10, offset: 0 } },
        result: {
          data: {
            getSubscriptions: {
              __typename: "SubscriptionsAnswer",
              total: 1,
              errors: [],
              subscriptions: [
                {
                  __typename: "BillingSubscription",
                  id: "s1",
                  label: "Jahresplan",
                  startDate: "2026-01-01T00:00:00Z",
                  endDate: "2026-12-31T00:00:00Z",
                  organizationName: "Green Harbor",
                  availableJobSlots: 3,
                  usageResumeContactSlots: { __typename: "ResumeContactSlotsUsage", active: 2, available: 8, total: 10 },
                  status: { __typename: "SubscriptionStatus", label: "Aktiv", value: "ACTIVE" },
                  type: "COMBINED",
                  frontend: "jobboard",
                  product: { __typename: "SubscriptionProduct", id: "p1", name: "Jahresabo" },
                  absoluteUrl: "http://127.0.0.1:3002/my-products",
                },
              ],
            },
          },
        },
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Meine Produkte" })).toBeInTheDocument();
    const credit = await screen.findByTestId("credit-job");
    expect(credit).toHaveTextContent("1.200");
    expect(credit).toHaveTextContent("übrig für Green Harbor");
    expect(within(credit).getByRole("link", { name: "Ihren Arbeitgeber verwalten" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Ihre Abonnements" });
    expect(within(table).getByText("Zeitraum")).toBeInTheDocument();
    expect(within(table).getByText("01.01.2026 – 31.12.2026")).toBeInTheDocument();
  });

  it("my applications: headings, status and the date applied in German", async () => {
    renderGerman(<MyApplicationsPage />, [
      {
        request: { query: MY_APPLICATIONS },
        result: {
          data: {
            myApplications: [
              {
                __typename: "Application",
                id: "a1",
                jobId: "j1",
                status: "SHORTLISTED",
                createdAt: "2026-03-04T10:15:00Z",
                job: { __typename: "Job", id: "j1", title: "Gärtnerin", slug: "gaertnerin" },
              },
            ],
          },
        },
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Meine Bewerbungen" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Meine Bewerbungen" });
    expect(within(table).getByText("Beworben am")).toBeInTheDocument();
    expect(within(table).getByText("In der engeren Wahl")).toBeInTheDocument();
    expect(within(table).getByText("04.03.2026")).toBeInTheDocument();
  });

  it("the account page: settings forms in German", async () => {
    renderGerman(<AccountPage />, [
      {
        request: { query: ACCOUNT_SETTINGS },
        result: {
          data: {
            currentUser: {
              __typename: "User",
              id: "u1",
              name: "Ada Lovelace",
              displayName: "Ada Lovelace",
              firstName: "Ada",
              lastName: "Lovelace",
              email: "ada@example.org",
              emailVerified: false,
              pendingEmail: null,
              roles: [{ __typename: "Role", targetId: "recruiter" }],
            },
          },
        },
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Kontoeinstellungen" })).toBeInTheDocument();
    expect(await screen.findByText("Noch nicht bestätigt")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Profil" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Passwort ändern" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Gefahrenbereich" })).toBeInTheDocument();
  });
});
