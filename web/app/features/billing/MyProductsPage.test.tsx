import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { APP_CONFIG } from "~/lib/app-config";
import { renderWithMantine } from "../../../test/render";
import { BILLING_ORGANIZATION, CREDITS, SUBSCRIPTIONS } from "./documents";
import {
  CREDITS_ERROR,
  CreditsWidget,
  MyProductsPage,
  SUBSCRIPTIONS_ERROR,
} from "./MyProductsPage";

function render(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/", Component: MyProductsPage }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/"]} />
    </MockedProvider>,
  );
}

const organization: MockLink.MockedResponse = {
  request: { query: BILLING_ORGANIZATION },
  result: {
    data: {
      currentUser: {
        __typename: "User",
        id: "u1",
        activeOrganization: {
          __typename: "Organization",
          id: "o1",
          number: 7,
          name: "Green Harbor",
        },
      },
    },
  },
};

function config(subscriptions: boolean, resumeContact = true): MockLink.MockedResponse {
  return {
    request: { query: APP_CONFIG },
    result: {
      data: {
        getAppConfig: [
          {
            __typename: "AppConfigEntry",
            key: "subscriptions",
            name: "enabled",
            value: subscriptions,
          },
          {
            __typename: "AppConfigEntry",
            key: "features",
            name: "resume_contact",
            value: resumeContact,
          },
        ],
      },
    },
  };
}

const credits: MockLink.MockedResponse = {
  request: { query: CREDITS, variables: { organizationId: 7 } },
  result: {
    data: {
      getCredits: [
        {
          __typename: "Credit",
          amount: 4,
          label: "Job postings",
          organizationName: "Green Harbor",
          type: "job",
          frontend: "jobboard",
        },
        {
          __typename: "Credit",
          amount: 9,
          label: "Resume contacts",
          organizationName: "Green Harbor",
          type: "contact",
          frontend: "jobboard",
        },
      ],
    },
  },
};

const subscription = {
  __typename: "BillingSubscription",
  id: "s1",
  label: "Annual non-profit plan",
  startDate: "2026-01-01T00:00:00Z",
  endDate: "2026-12-31T00:00:00Z",
  organizationName: "Green Harbor",
  availableJobSlots: 3,
  usageResumeContactSlots: {
    __typename: "ResumeContactSlotsUsage",
    active: 2,
    available: 8,
    total: 10,
  },
  status: {
    __typename: "SubscriptionStatus",
    label: "Active",
    value: "ACTIVE",
  },
  type: "COMBINED",
  frontend: "jobboard",
  product: {
    __typename: "SubscriptionProduct",
    id: "p1",
    name: "Non-profit annual",
  },
  absoluteUrl: "http://127.0.0.1:3002/my-products",
};

describe("MyProductsPage", () => {
  it("shows the credits with their call-to-action links and the subscriptions", async () => {
    render([
      organization,
      config(true),
      credits,
      {
        request: {
          query: SUBSCRIPTIONS,
          variables: { organizationId: 7, limit: 10, offset: 0 },
        },
        result: {
          data: {
            getSubscriptions: {
              __typename: "SubscriptionsAnswer",
              total: 1,
              errors: [],
              subscriptions: [subscription],
            },
          },
        },
      },
    ]);
    const jobs = await screen.findByTestId("credit-job");
    expect(jobs).toHaveTextContent("Job postings4left for Green Harbor");
    const contacts = screen.getByTestId("credit-contact");
    expect(
      within(contacts).getByRole("link", { name: "Search resumes" }),
    ).toHaveAttribute("href", "/resumes");
    const table = await screen.findByRole("table", {
      name: "Your subscriptions",
    });
    expect(
      within(table).getByText("Annual non-profit plan"),
    ).toBeInTheDocument();
    expect(within(table).getByText("2 / 8 / 10")).toBeInTheDocument();
  });

  it("says so when the credits cannot be loaded, and still renders the rest", async () => {
    render([
      organization,
      config(false),
      {
        request: { query: CREDITS, variables: { organizationId: 7 } },
        error: new Error("billing is down"),
      },
    ]);
    expect(await screen.findByText(CREDITS_ERROR)).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "My products" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Green Harbor")).toBeInTheDocument();
  });

  it("does not ask for subscriptions when the site does not sell them", async () => {
    render([organization, config(false), credits]);
    await screen.findByTestId("credit-job");
    expect(
      screen.queryByRole("region", { name: "Subscriptions" }),
    ).not.toBeInTheDocument();
  });

  it("shows the resume contact credit only where recruiters may ask for contact", async () => {
    const { unmount } = render([organization, config(false, false), credits]);
    expect(await screen.findByTestId("credit-job")).toBeInTheDocument();
    expect(screen.queryByTestId("credit-contact")).not.toBeInTheDocument();
    expect(screen.queryByText("Resume contacts")).not.toBeInTheDocument();
    unmount();
    render([organization, config(false, true), credits]);
    expect(await screen.findByTestId("credit-contact")).toHaveTextContent("Resume contacts9left for Green Harbor");
  });

  it("lists the server's errors under the subscriptions danger alert", async () => {
    render([
      organization,
      config(true),
      credits,
      {
        request: {
          query: SUBSCRIPTIONS,
          variables: { organizationId: 7, limit: 10, offset: 0 },
        },
        result: {
          data: {
            getSubscriptions: {
              __typename: "SubscriptionsAnswer",
              total: 0,
              subscriptions: [],
              errors: [
                {
                  __typename: "BillingError",
                  field: "limit",
                  message: "Ask+for+at+most+100.",
                },
              ],
            },
          },
        },
      },
    ]);
    expect(await screen.findByText(SUBSCRIPTIONS_ERROR)).toBeInTheDocument();
    expect(screen.getByText("Ask for at most 100.")).toBeInTheDocument();
  });
});

describe("CreditsWidget", () => {
  function renderWidget(mocks: MockLink.MockedResponse[]) {
    const Stub = createRoutesStub([{ path: "/", Component: CreditsWidget }]);
    return renderWithMantine(
      <MockedProvider mocks={mocks}>
        <Stub initialEntries={["/"]} />
      </MockedProvider>,
    );
  }

  it("shows the resume contacts left only with the site's resume_contact feature on", async () => {
    const { unmount } = renderWidget([organization, config(false, true), credits]);
    const balance = await screen.findByRole("region", { name: "Your balance" });
    expect(await within(balance).findByText(/Resume contacts:/)).toHaveTextContent("Resume contacts: 9");
    unmount();
    renderWidget([organization, config(false, false), credits]);
    const without = await screen.findByRole("region", { name: "Your balance" });
    expect(await within(without).findByText(/Job postings:/)).toHaveTextContent("Job postings: 4");
    expect(within(without).queryByText(/Resume contacts/)).not.toBeInTheDocument();
  });
});
