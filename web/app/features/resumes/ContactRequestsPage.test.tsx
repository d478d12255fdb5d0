import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { CONTACT_REQUESTS_PAGE_SIZE, ContactRequestsPage } from "./ContactRequestsPage";
import { ORGANIZATION_CONTACT_REQUESTS, RECRUITER_ORGANIZATIONS, type ContactRequestView } from "./recruiter-documents";

const organizations: MockLink.MockedResponse = {
  request: { query: RECRUITER_ORGANIZATIONS },
  result: {
    data: {
      currentUser: {
        __typename: "User",
        id: "u1",
        activeOrganization: { __typename: "Organization", id: "org-a", name: "Green Harbor" },
        organizations: [{ __typename: "Organization", id: "org-a", name: "Green Harbor" }],
      },
    },
  },
  maxUsageCount: 10,
};

function contactRequest(id: string, status: ContactRequestView["status"], title: string): ContactRequestView {
  return {
    __typename: "ContactRequest",
    id,
    status,
    organizationId: "org-a",
    organizationName: "Green Harbor",
    createdAt: "2026-11-20T10:00:00+00:00",
    updatedAt: "2026-11-25T10:00:00+00:00",
    refusal: null,
    resume: { __typename: "Resume", id: `resume-${id}`, title } as ContactRequestView["resume"],
  } as ContactRequestView;
}

function requests(statuses: ContactRequestView["status"][] | null, answer: ContactRequestView[]): MockLink.MockedResponse {
  return {
    request: {
      query: ORGANIZATION_CONTACT_REQUESTS,
      variables: { organizationId: "org-a", statuses, limit: CONTACT_REQUESTS_PAGE_SIZE, offset: 0 },
    },
    result: {
      data: { organizationContactRequests: { __typename: "ContactRequestPage", total: answer.length, requests: answer } },
    },
    maxUsageCount: 10,
  };
}

function render(mocks: MockLink.MockedResponse[], url = "/dashboard/organization/contact-requests") {
  const Stub = createRoutesStub([{ path: "/dashboard/organization/contact-requests", Component: ContactRequestsPage }]);
  renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[url]} />
    </MockedProvider>,
  );
}

describe("ContactRequestsPage", () => {
  it("lists the organization's requests, each linking to the resume, and filters by status", async () => {
    render([
      organizations,
      requests(null, [
        contactRequest("1", "PENDING", "Youth worker"),
        contactRequest("2", "APPROVED", "Fundraiser"),
        contactRequest("3", "DECLINED", "Nurse"),
      ]),
      requests(["APPROVED"], [contactRequest("2", "APPROVED", "Fundraiser")]),
    ]);
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(table).getByRole("link", { name: "Youth worker" })).toHaveAttribute("href", "/resume/resume-1");
    expect(within(table).getByText("Pending")).toBeInTheDocument();
    const user = userEvent.setup();
    const filter = screen.getByRole("combobox", { name: "Status" });
    expect(within(filter).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "All",
      "Pending",
      "Approved",
      "Declined",
      "Revoked",
    ]);
    await user.selectOptions(filter, "approved");
    await screen.findByText((_, element) => element?.tagName === "TBODY" && element.querySelectorAll("tr").length === 1);
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByRole("link", { name: "Fundraiser" })).toHaveAttribute("href", "/resume/resume-2");
  });

  it("reads the filter from the address and explains an empty list", async () => {
    render([organizations, requests(["REVOKED"], [])], "/dashboard/organization/contact-requests?status=revoked");
    expect(await screen.findByText(/No contact requests here yet/)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("revoked");
    expect(screen.getByRole("link", { name: "Search resumes" })).toHaveAttribute("href", "/resumes");
  });
});
