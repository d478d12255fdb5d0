import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import {
  ORGANIZATION_APPLICATIONS,
  RECRUITER_JOBS,
  RECRUITER_ORGANIZATION,
  UPDATE_APPLICATION_NOTES,
} from "./documents";
import { RecruiterApplicationsPage } from "./RecruiterApplicationsPage";

const organization: MockLink.MockedResponse = {
  request: { query: RECRUITER_ORGANIZATION },
  result: {
    data: {
      currentUser: {
        __typename: "User",
        id: "u1",
        activeOrganization: {
          __typename: "Organization",
          id: "org-1",
          name: "Green Harbor",
        },
      },
    },
  },
};

const jobs: MockLink.MockedResponse = {
  request: { query: RECRUITER_JOBS, variables: { organizationId: "org-1" } },
  result: {
    data: {
      organizationJobs: {
        __typename: "JobPage",
        total: 2,
        jobs: [
          {
            __typename: "Job",
            id: "j1",
            title: "Driver",
            state: "PUBLISHED",
            applicationsCount: 1,
          },
          {
            __typename: "Job",
            id: "j2",
            title: "Nurse",
            state: "PUBLISHED",
            applicationsCount: 0,
          },
        ],
      },
    },
  },
};

const ada = {
  __typename: "Application",
  id: "a1",
  firstName: "Ada",
  lastName: "Okafor",
  emailAddress: "ada@example.org",
  anonymized: false,
  phone: null,
  status: "NEW",
  knockedOut: true,
  createdAt: "2026-11-20T10:00:00Z",
  notes: null,
  coverLetter: "I drive well.",
  answers: [
    {
      __typename: "QualifyingAnswer",
      question: "Do you hold a driving licence?",
      type: "YES_NO",
      answer: "no",
      knockedOut: true,
    },
    {
      __typename: "QualifyingAnswer",
      question: "Which shift?",
      type: "SINGLE_CHOICE",
      answer: "Days",
      knockedOut: false,
    },
  ],
  job: { __typename: "Job", id: "j1", title: "Driver", slug: "driver" },
  attachments: [],
};

type ApplicationRow = Omit<typeof ada, "coverLetter" | "answers"> & {
  coverLetter: string | null;
  answers: (typeof ada)["answers"];
};

/** Ada's application after her account was deleted: the record stays, nothing of her. */
const erased: ApplicationRow = {
  ...ada,
  id: "a2",
  firstName: "",
  lastName: "",
  emailAddress: "erased:a2",
  anonymized: true,
  knockedOut: false,
  coverLetter: null,
  answers: [],
};

function applications(jobId: string | null, rows: ApplicationRow[] = [ada]): MockLink.MockedResponse {
  return {
    request: {
      query: ORGANIZATION_APPLICATIONS,
      variables: {
        organizationId: "org-1",
        statuses: null,
        jobId,
        sort: "NEWEST",
        limit: 20,
        offset: 0,
      },
    },
    result: {
      data: {
        organizationApplications: {
          __typename: "ApplicationPage",
          total: rows.length,
          applications: rows,
        },
      },
    },
    maxUsageCount: 5,
  };
}

function render(path: string, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    { path: "/recruiter/applications", Component: RecruiterApplicationsPage },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[path]} />
    </MockedProvider>,
  );
}

describe("RecruiterApplicationsPage", () => {
  it("says so when the organization cannot be read, instead of a blank page", async () => {
    render("/recruiter/applications", [
      { request: { query: RECRUITER_ORGANIZATION }, error: new Error("gateway unavailable") },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The applications could not be loaded.",
    );
  });

  it(
    "narrows to the job in the address and offers every job with its count",
    { timeout: 15_000 },
    async () => {
      render("/recruiter/applications?job=j1", [
        organization,
        jobs,
        applications("j1"),
      ]);
      expect(await screen.findByText("ada@example.org")).toBeInTheDocument();
      const filter = screen.getByRole("textbox", { name: "Job" });
      await waitFor(() => expect(filter).toHaveValue("Driver (1)"));
    },
  );

  it(
    "says an application is anonymized instead of showing an erased address",
    { timeout: 15_000 },
    async () => {
      render("/recruiter/applications", [organization, jobs, applications(null, [ada, erased])]);
      expect(await screen.findByText("Anonymized: the applicant's details were erased")).toBeInTheDocument();
      expect(screen.getByText("ada@example.org")).toBeInTheDocument();
      expect(screen.queryByText("erased:a2")).not.toBeInTheDocument();
      // only Ada's answers can be opened: the erased application has none left
      expect(screen.getAllByRole("button", { name: /^Answers and notes of/ })).toHaveLength(1);
    },
  );

  it(
    "shows the answers with knock-outs flagged and saves the notes",
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const save: MockLink.MockedResponse = {
        request: {
          query: UPDATE_APPLICATION_NOTES,
          variables: { id: "a1", notes: "Call on Monday." },
        },
        result: {
          data: {
            updateApplicationNotes: {
              __typename: "ApplicationSaved",
              application: {
                __typename: "Application",
                id: "a1",
                notes: "Call on Monday.",
              },
            },
          },
        },
      };
      render("/recruiter/applications", [
        organization,
        jobs,
        applications(null),
        save,
      ]);
      await user.click(
        await screen.findByRole("button", {
          name: "Answers and notes of Ada Okafor",
        }),
      );
      const dialog = await screen.findByRole("dialog");
      const answers = within(dialog).getByRole("list", { name: "Answers" });
      const items = within(answers).getAllByRole("listitem");
      expect(items[0]).toHaveTextContent("Do you hold a driving licence?");
      expect(items[0]).toHaveTextContent("No");
      expect(items[0]).toHaveTextContent("Knock-out answer");
      expect(items[1]).not.toHaveTextContent("Knock-out answer");

      await user.type(
        within(dialog).getByRole("textbox", { name: /Notes/ }),
        "Call on Monday.",
      );
      await user.click(
        within(dialog).getByRole("button", { name: "Save notes" }),
      );
      expect(await within(dialog).findByRole("status")).toHaveTextContent(
        "Notes saved.",
      );
    },
  );

  it(
    "shows the server's refusal of the notes in the danger list",
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const refused: MockLink.MockedResponse = {
        request: {
          query: UPDATE_APPLICATION_NOTES,
          variables: { id: "a1", notes: "x" },
        },
        result: {
          data: {
            updateApplicationNotes: {
              __typename: "JobErrors",
              message: "1 error",
              errors: [
                {
                  __typename: "JobError",
                  field: null,
                  code: "FORBIDDEN",
                  message:
                    "Only recruiters of the job's organization may do this.",
                },
              ],
            },
          },
        },
      };
      render("/recruiter/applications", [
        organization,
        jobs,
        applications(null),
        refused,
      ]);
      await user.click(
        await screen.findByRole("button", {
          name: "Answers and notes of Ada Okafor",
        }),
      );
      const dialog = await screen.findByRole("dialog");
      await user.type(
        within(dialog).getByRole("textbox", { name: /Notes/ }),
        "x",
      );
      await user.click(
        within(dialog).getByRole("button", { name: "Save notes" }),
      );
      expect(
        await within(dialog).findByText(
          "Only recruiters of the job's organization may do this.",
        ),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByRole("textbox", { name: /Notes/ }),
      ).toHaveValue("x");
    },
  );
});
