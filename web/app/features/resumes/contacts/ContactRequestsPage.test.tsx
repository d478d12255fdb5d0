import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { ContactRequestsPage } from "./ContactRequestsPage";
import {
  APPROVE_CONTACT_REQUEST,
  DECLINE_CONTACT_REQUEST,
  HIDE_RESUME_FROM_ORGANIZATION,
  MY_CONTACT_REQUESTS,
  REVOKE_CONTACT_REQUEST,
  UNHIDE_RESUME_FROM_ORGANIZATION,
} from "./documents";

function Where() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(mocks: MockLink.MockedResponse[], at = "/resume/contact-requests") {
  const Stub = createRoutesStub([
    {
      path: "/resume/contact-requests",
      Component: () => (
        <>
          <ContactRequestsPage />
          <Where />
        </>
      ),
    },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[at]} />
    </MockedProvider>,
  );
}

function request(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "ContactRequest",
    id: "r1",
    status: "PENDING",
    organizationId: "org-1",
    organizationName: "Green Harbor",
    createdAt: "2026-11-20T10:00:00+00:00",
    updatedAt: "2026-11-20T10:00:00+00:00",
    ...overrides,
  };
}

function listed(
  requests: unknown[],
  { statuses = null, hidden = [] as string[] }: { statuses?: string[] | null; hidden?: string[] } = {},
): MockLink.MockedResponse {
  return {
    request: { query: MY_CONTACT_REQUESTS, variables: { statuses, limit: 20, offset: 0 } },
    result: {
      data: {
        myContactRequests: { __typename: "ContactRequestPage", total: requests.length, requests },
        myResume: { __typename: "Resume", id: "resume-1", hiddenFromOrganizationIds: hidden },
      },
    },
  };
}

const saved = (field: string, value: Record<string, unknown>) => ({
  data: { [field]: { __typename: "ContactRequestSaved", request: request(value) } },
});

describe("ContactRequestsPage", () => {
  it("lists the requests for my resume with each organization's name, status and date", async () => {
    renderPage([
      listed([
        request(),
        request({ id: "r2", status: "APPROVED", organizationId: "org-2", organizationName: "Open Meadow", updatedAt: "2026-11-22T10:00:00+00:00" }),
      ]),
    ]);
    const list = await screen.findByRole("list", { name: "Contact requests for your resume" });
    const green = within(list).getByRole("listitem", { name: "Green Harbor" });
    expect(within(green).getByText("Waiting for your answer")).toBeInTheDocument();
    expect(within(green).getByText("Asked on Nov 20, 2026")).toBeInTheDocument();
    expect(within(green).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(within(green).getByRole("button", { name: "Decline" })).toBeInTheDocument();
    expect(within(green).queryByRole("button", { name: "Revoke" })).not.toBeInTheDocument();
    const meadow = within(list).getByRole("listitem", { name: "Open Meadow" });
    expect(within(meadow).getByText("Approved")).toBeInTheDocument();
    expect(within(meadow).getByText(/Last change on Nov 22, 2026/)).toBeInTheDocument();
    expect(within(meadow).getByRole("button", { name: "Revoke" })).toBeInTheDocument();
    expect(within(meadow).queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });

  it("approves a pending request after saying what the organization will see", async () => {
    const user = userEvent.setup();
    renderPage([
      listed([request()]),
      {
        request: { query: APPROVE_CONTACT_REQUEST, variables: { id: "r1" } },
        result: saved("approveContactRequest", { status: "APPROVED" }),
      },
      listed([request({ status: "APPROVED" })]),
    ]);
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Green Harbor’s request?" });
    expect(dialog).toHaveTextContent("Green Harbor will see your name, phone number and home location on your resume");
    await user.click(within(dialog).getByRole("button", { name: "Approve and share my details" }));
    expect(await screen.findByRole("status")).toHaveTextContent("You approved Green Harbor’s request.");
    const item = screen.getByRole("listitem", { name: "Green Harbor" });
    expect(await within(item).findByRole("button", { name: "Revoke" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("declines, and shows the service's refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderPage([
      listed([request()]),
      {
        request: { query: DECLINE_CONTACT_REQUEST, variables: { id: "r1" } },
        result: {
          data: {
            declineContactRequest: {
              __typename: "ResumeErrors",
              message: "1 error",
              errors: [
                {
                  __typename: "ResumeError",
                  code: "INVALID_TRANSITION",
                  message: "This request was already answered.",
                  field: null,
                },
              ],
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline Green Harbor’s request?" });
    expect(dialog).toHaveTextContent("Green Harbor will see that you declined.");
    await user.click(within(dialog).getByRole("button", { name: "Decline the request" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This request was already answered.");
  });

  it("revokes an approved request", async () => {
    const user = userEvent.setup();
    renderPage(
      [
        listed([request({ status: "APPROVED" })], { statuses: ["APPROVED"] }),
        {
          request: { query: REVOKE_CONTACT_REQUEST, variables: { id: "r1" } },
          result: saved("revokeContactRequest", { status: "REVOKED" }),
        },
        listed([], { statuses: ["APPROVED"] }),
      ],
      "/resume/contact-requests?status=approved",
    );
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke Green Harbor’s access?" });
    expect(dialog).toHaveTextContent("Green Harbor will no longer see your name, phone number and home location");
    await user.click(within(dialog).getByRole("button", { name: "Revoke access" }));
    expect(await screen.findByRole("status")).toHaveTextContent("You revoked Green Harbor’s access.");
    expect(await screen.findByText("There are no requests with this status.")).toBeInTheDocument();
  });

  it("filters by status in the address (the spec's codes pending and approved)", async () => {
    const user = userEvent.setup();
    renderPage([
      listed([request(), request({ id: "r2", status: "APPROVED", organizationName: "Open Meadow" })]),
      listed([request()], { statuses: ["PENDING"] }),
    ]);
    await screen.findByRole("listitem", { name: "Open Meadow" });
    await user.click(screen.getByRole("radio", { name: "Pending" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/resume/contact-requests?status=pending");
    await screen.findByRole("listitem", { name: "Green Harbor" });
    expect(await screen.findByText("Green Harbor")).toBeInTheDocument();
    expect(screen.queryByRole("listitem", { name: "Open Meadow" })).not.toBeInTheDocument();
  });

  it("hides my resume from an organization, and undoes it", async () => {
    const user = userEvent.setup();
    const resume = (hidden: string[]) => ({ __typename: "Resume", id: "resume-1", hiddenFromOrganizationIds: hidden });
    renderPage([
      listed([request()]),
      {
        request: { query: HIDE_RESUME_FROM_ORGANIZATION, variables: { organizationId: "org-1" } },
        result: { data: { hideResumeFromOrganization: { __typename: "ResumeSaved", resume: resume(["org-1"]) } } },
      },
      {
        request: { query: UNHIDE_RESUME_FROM_ORGANIZATION, variables: { organizationId: "org-1" } },
        result: { data: { unhideResumeFromOrganization: { __typename: "ResumeSaved", resume: resume([]) } } },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Hide my resume from this organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Hide your resume from Green Harbor?" });
    expect(dialog).toHaveTextContent("Green Harbor’s recruiters will no longer see your resume at all");
    await user.click(within(dialog).getByRole("button", { name: "Hide my resume" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your resume is hidden from Green Harbor.");
    const item = screen.getByRole("listitem", { name: "Green Harbor" });
    expect(await within(item).findByText("Resume hidden from them")).toBeInTheDocument();
    await user.click(within(screen.getByRole("status")).getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Green Harbor can see your resume again.")).toBeInTheDocument();
    expect(await within(item).findByRole("button", { name: "Hide my resume from this organization" })).toBeInTheDocument();
    expect(within(item).queryByText("Resume hidden from them")).not.toBeInTheDocument();
  });

  it("says so when there is no request, and when the list cannot be loaded", async () => {
    const { unmount } = renderPage([listed([])]);
    expect(await screen.findByText("No organization has asked to contact you yet.")).toBeInTheDocument();
    unmount();
    renderPage([
      {
        request: { query: MY_CONTACT_REQUESTS, variables: { statuses: null, limit: 20, offset: 0 } },
        error: new Error("down"),
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your contact requests.");
  });
});
