import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { grantMeasuring } from "../../../test/consent";
import { renderWithMantine } from "../../../test/render";
import {
  RECRUITER_ORGANIZATIONS,
  REQUEST_RESUME_CONTACT,
  RESUME_CONTACT_REQUEST,
  type ContactRequestView,
  type RecruiterResumeView,
} from "./recruiter-documents";
import { ResumeDetailPage } from "./ResumeDetailPage";

const RESUME_ID = "3f1c2a55-8d1e-4c0b-9b7a-0c2d4e6f8a10";

const publicResume: RecruiterResumeView = {
  id: RESUME_ID,
  title: "Youth worker",
  about: "I run holiday programmes for teenagers.",
  updatedAt: "2026-11-20T10:00:00+00:00",
  firstName: null,
  lastName: null,
  phone: null,
  birthday: null,
  homeLocation: null,
  desiredOccupation: { tid: 5, label: "Social work" },
  employmentTypes: [{ tid: 7, label: "Full time" }],
  desiredLocation: { locality: "Leipzig", administrativeArea: "Saxony", countryCode: "DE" },
  desiredSalary: null,
  careerStatus: "PROFESSIONAL",
  availableStart: null,
  availabilityPeriods: ["WEEKENDS"],
  languages: [{ language: { tid: 31, label: "German" }, level: "NATIVE" }],
  languagesFree: null,
  skills: [{ tid: 11, label: "Group work" }],
  skillsFree: ["First aid"],
  education: [],
  workExperience: [
    {
      id: "w1",
      jobTitle: "Youth worker",
      companyName: "City youth club",
      occupation: null,
      location: null,
      startDate: "2019-01-01",
      endDate: null,
      summary: null,
    },
  ],
};

const approvedResume: RecruiterResumeView = {
  ...publicResume,
  firstName: "Mara",
  lastName: "Lindqvist",
  phone: "+49 341 555 0100",
  birthday: null,
  homeLocation: { locality: "Leipzig", administrativeArea: null, countryCode: "DE", zip: "04109" },
};

const organizations: MockLink.MockedResponse = {
  request: { query: RECRUITER_ORGANIZATIONS },
  result: {
    data: {
      currentUser: {
        __typename: "User",
        id: "u1",
        activeOrganization: { __typename: "Organization", id: "org-a", name: "Green Harbor" },
        organizations: [
          { __typename: "Organization", id: "org-a", name: "Green Harbor" },
          { __typename: "Organization", id: "org-b", name: "River Trust" },
        ],
      },
    },
  },
  maxUsageCount: 10,
};

function contactRequest(status: ContactRequestView["status"], overrides: Partial<ContactRequestView> = {}): ContactRequestView {
  return {
    __typename: "ContactRequest",
    id: "cr-1",
    status,
    organizationId: "org-a",
    organizationName: "Green Harbor",
    createdAt: "2026-11-26T10:00:00+00:00",
    updatedAt: "2026-11-26T10:00:00+00:00",
    refusal: null,
    resume: { __typename: "Resume", id: RESUME_ID, title: "Youth worker" } as ContactRequestView["resume"],
    ...overrides,
  } as ContactRequestView;
}

function requestsOf(organizationId: string, requests: ContactRequestView[], maxUsageCount = 1): MockLink.MockedResponse {
  return {
    request: {
      query: RESUME_CONTACT_REQUEST,
      // the organization's request for this resume only, not its newest page of requests
      variables: { organizationId, resumeId: RESUME_ID },
    },
    result: {
      data: {
        organizationContactRequests: { __typename: "ContactRequestPage", total: requests.length, requests },
      },
    },
    maxUsageCount,
  };
}

function mutation(request: ContactRequestView): MockLink.MockedResponse {
  return {
    request: { query: REQUEST_RESUME_CONTACT, variables: { resumeId: RESUME_ID, organizationId: request.organizationId } },
    result: { data: { requestResumeContact: { __typename: "ContactRequestSaved", request } } },
  };
}

/** What the page says, without Mantine's style elements. */
function pageText(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll("style").forEach((style) => style.remove());
  return copy.textContent ?? "";
}

function render(resume: RecruiterResumeView, canRequestContact: boolean, mocks: MockLink.MockedResponse[] = []) {
  const Stub = createRoutesStub([
    { path: "/resume/:id", Component: () => <ResumeDetailPage resume={resume} canRequestContact={canRequestContact} /> },
  ]);
  const view = renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[`/resume/${RESUME_ID}`]} />
    </MockedProvider>,
  );
  return view;
}

beforeEach(() => grantMeasuring());
afterEach(() => {
  window.dataLayer = [];
});

describe("ResumeDetailPage", () => {
  it("shows the public resume and keeps the private fields hidden until the API answers them", async () => {
    const { container } = render(publicResume, false);
    expect(await screen.findByRole("heading", { level: 1, name: "Youth worker" })).toBeInTheDocument();
    expect(screen.getByText("Professional")).toBeInTheDocument();
    expect(screen.getByText("Social work")).toBeInTheDocument();
    expect(screen.getByText("Leipzig, Saxony, DE")).toBeInTheDocument();
    expect(screen.getByText("German (native)")).toBeInTheDocument();
    expect(screen.getByText("First aid")).toBeInTheDocument();
    expect(screen.getByText("Weekends")).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Contact details" });
    expect(details).toHaveTextContent("shown once they approve your organization's contact request");
    expect(screen.queryByText("Name")).not.toBeInTheDocument();
    expect(pageText(container)).not.toMatch(/e-?mail|@/i);
    expect(screen.queryByRole("button", { name: "Request contact" })).not.toBeInTheDocument();
  });

  it("shows the private fields of an approved contact, never an email", async () => {
    // an answer carrying more than the document asks (an email) must never reach the page
    const { container } = render({ ...approvedResume, email: "mara@example.org" } as RecruiterResumeView, false);
    const details = await screen.findByRole("region", { name: "Contact details" });
    expect(within(details).getByText("Mara Lindqvist")).toBeInTheDocument();
    expect(within(details).getByRole("link", { name: "+49 341 555 0100" })).toHaveAttribute("href", "tel:+493415550100");
    expect(within(details).getByText("04109 Leipzig, DE")).toBeInTheDocument();
    expect(pageText(container)).not.toMatch(/mara@example\.org|e-?mail|@/i);
    expect(container.innerHTML).not.toContain("mailto:");
  });

  it("requests contact: awaiting credit, then pending once billing granted a contact", async () => {
    render(publicResume, true, [
      organizations,
      requestsOf("org-a", []),
      mutation(contactRequest("AWAITING_CREDIT")),
      requestsOf("org-a", [contactRequest("AWAITING_CREDIT")]),
      requestsOf("org-a", [contactRequest("PENDING")], 10),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Request contact" }));
    const state = await screen.findByTestId("contact-request-state");
    expect(state).toHaveTextContent("Awaiting credit");
    expect(state).toHaveTextContent("Spending one of Green Harbor's resume contacts");
    expect(await screen.findByText("Pending")).toBeInTheDocument();
    expect(screen.getByTestId("contact-request-state")).toHaveTextContent("The applicant has been told");
    expect(screen.queryByRole("button", { name: /Request contact/ })).not.toBeInTheDocument();
  });

  it("a denied request shows the way to more contacts and may be asked again", async () => {
    render(publicResume, true, [
      organizations,
      requestsOf("org-a", []),
      mutation(contactRequest("AWAITING_CREDIT")),
      requestsOf("org-a", [contactRequest("DENIED", { refusal: "No resume contact left." })], 10),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Request contact" }));
    expect(await screen.findByText("No credit")).toBeInTheDocument();
    const state = screen.getByTestId("contact-request-state");
    expect(within(state).getByRole("link", { name: "Get more resume contacts" })).toHaveAttribute("href", "/my-products");
    expect(within(state).getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
    expect(state).toHaveTextContent("No resume contact left.");
    expect(screen.getByRole("button", { name: "Request contact again" })).toBeInTheDocument();
  });

  it("a recruiter of several organizations chooses one and sees its request's status", async () => {
    render(publicResume, true, [
      organizations,
      requestsOf("org-a", []),
      requestsOf("org-b", [contactRequest("APPROVED", { id: "cr-9", organizationId: "org-b", organizationName: "River Trust" })]),
    ]);
    const user = userEvent.setup();
    const select = await screen.findByRole("combobox", { name: "On behalf of" });
    expect(select).toHaveValue("org-a");
    expect(await screen.findByRole("button", { name: "Request contact" })).toBeInTheDocument();
    await user.selectOptions(select, "org-b");
    expect(await screen.findByText("Approved")).toBeInTheDocument();
    expect(screen.getByTestId("contact-request-state")).toHaveTextContent("The applicant approved River Trust's request");
    expect(screen.queryByRole("button", { name: /Request contact/ })).not.toBeInTheDocument();
  });

  it("sends resume_visit once after 5 seconds on the page", () => {
    vi.useFakeTimers();
    try {
      render(publicResume, false);
      act(() => vi.advanceTimersByTime(4_000));
      expect((window.dataLayer ?? []).filter((entry) => entry.event === "resume_visit")).toEqual([]);
      act(() => vi.advanceTimersByTime(1_000));
      expect((window.dataLayer ?? []).filter((entry) => entry.event === "resume_visit")).toEqual([
        expect.objectContaining({ event: "resume_visit", entity_id: RESUME_ID, entity_type: "resume" }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
