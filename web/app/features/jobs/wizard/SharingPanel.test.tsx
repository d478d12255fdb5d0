import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { JOB_SHARING_SITES, SHARE_JOB, type JobView } from "../documents";
import { draftJob, withTypenames } from "../job-fixture";
import { SharingPanel } from "./SharingPanel";

const sites: MockLink.MockedResponse = {
  request: { query: JOB_SHARING_SITES },
  result: {
    data: {
      jobSharingSites: [
        { __typename: "SharingSite", name: "jobboard", title: "Jobboard" },
        {
          __typename: "SharingSite",
          name: "jobboard-us",
          title: "Jobboard US",
        },
      ],
    },
  },
};

const saved = (job: JobView) => ({
  __typename: "JobSaved",
  job: { ...withTypenames(job), viewsCount: 0, applicationsCount: 0 },
});

describe("SharingPanel", () => {
  it("offers the platform's other sites and shares the job with the one ticked", async () => {
    let asked: unknown = null;
    const share: MockLink.MockedResponse = {
      request: {
        query: SHARE_JOB,
        variables: { id: draftJob.id, sites: ["jobboard-us"] },
      },
      result: () => {
        asked = ["jobboard-us"];
        return {
          data: {
            shareJob: saved({ ...draftJob, sharedSites: ["jobboard-us"] }),
          },
        };
      },
    };
    renderWithMantine(
      <MockedProvider mocks={[sites, share]}>
        <SharingPanel job={draftJob} />
      </MockedProvider>,
    );
    const box = await screen.findByRole("checkbox", { name: "Jobboard US" });
    expect(box).not.toBeChecked();
    // the job's own site is not offered
    expect(screen.queryByRole("checkbox", { name: "Jobboard" })).toBeNull();
    expect(screen.getByText("Shared with no other site.")).toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(asked).toEqual(["jobboard-us"]));
  });

  it("shows the service's message when a site is refused", async () => {
    const refused: MockLink.MockedResponse = {
      request: {
        query: SHARE_JOB,
        variables: { id: draftJob.id, sites: ["jobboard-us"] },
      },
      result: {
        data: {
          shareJob: {
            __typename: "JobErrors",
            message: "1 error",
            errors: [
              {
                __typename: "JobError",
                field: "sites",
                code: "UNKNOWN_SITE",
                message: 'There is no site "jobboard-us" on this platform.',
              },
            ],
          },
        },
      },
    };
    renderWithMantine(
      <MockedProvider mocks={[sites, refused]}>
        <SharingPanel job={draftJob} />
      </MockedProvider>,
    );
    await userEvent.click(
      await screen.findByRole("checkbox", { name: "Jobboard US" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      'There is no site "jobboard-us" on this platform.',
    );
  });

  it("is not shown when the platform serves no site but the job's own", async () => {
    const none: MockLink.MockedResponse = {
      request: { query: JOB_SHARING_SITES },
      result: {
        data: {
          jobSharingSites: [
            { __typename: "SharingSite", name: "jobboard", title: "Jobboard" },
          ],
        },
      },
    };
    const { container } = renderWithMantine(
      <MockedProvider mocks={[none]}>
        <SharingPanel job={draftJob} />
      </MockedProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector("input[type=checkbox]")).toBeNull();
  });
});
