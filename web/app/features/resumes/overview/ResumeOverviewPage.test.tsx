import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { DELETE_MY_RESUME, RESUME_WIZARD_RESUME, SET_RESUME_VISIBILITY, type WizardResume } from "../wizard/documents";
import { fullResume, resumeQueryData, saved, siteConfig } from "../wizard/resume-fixture";
import { ResumeOverviewPage } from "./ResumeOverviewPage";
import { ResumePreview } from "./ResumePreview";

function resumeMock(resume: WizardResume | null): MockLink.MockedResponse {
  return { request: { query: RESUME_WIZARD_RESUME }, result: { data: resumeQueryData(resume) }, maxUsageCount: 10 };
}

function render(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/resume", Component: ResumeOverviewPage }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/resume"]} />
    </MockedProvider>,
  );
}

const incomplete: WizardResume = {
  ...fullResume,
  skills: [],
  skillsFree: [],
  careerStatus: null,
  completeness: { percent: 78, missing: ["CAREER_STATUS", "SKILLS"], complete: false },
};

describe("ResumeOverviewPage", () => {
  it("invites to start the wizard or import before the first save", async () => {
    render([resumeMock(null)]);
    expect(await screen.findByText(/You have no resume yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create my resume" })).toHaveAttribute("href", "/resume/wizard");
    expect(screen.getByRole("link", { name: "Import from a CV file" })).toHaveAttribute("href", "/resume/wizard/import");
  });

  it("shows the completeness and what is missing, each linked to its step", async () => {
    render([resumeMock(incomplete)]);
    expect(await screen.findByText("78% complete")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Your career status" })).toHaveAttribute("href", "/resume/wizard/job-preferences");
    expect(screen.getByRole("link", { name: "At least one skill" })).toHaveAttribute("href", "/resume/wizard/skills");
    expect(screen.getByRole("link", { name: "Work experience" })).toHaveAttribute("href", "/resume/edit#work-experience");
  });

  it("toggles the findable switch through the API and explains when it is searchable", async () => {
    const toggle: MockLink.MockedResponse = {
      request: { query: SET_RESUME_VISIBILITY, variables: { findable: true } },
      result: { data: { setResumeVisibility: saved({ ...fullResume, findable: true, searchable: true }) } },
    };
    render([resumeMock(fullResume), toggle]);
    const findable = await screen.findByRole("switch", { name: /Recruiters may find my resume/ });
    expect(findable).not.toBeChecked();
    expect(screen.getByText(/Only complete resumes that you make findable show in the resume search/)).toBeInTheDocument();
    expect(screen.getByText("Hidden from the resume search.")).toBeInTheDocument();
    await userEvent.click(findable);
    expect(await screen.findByText("Recruiters can find your resume now.")).toBeInTheDocument();
    expect(findable).toBeChecked();
  });

  it("previews what recruiters see apart from the private fields", async () => {
    render([resumeMock(fullResume)]);
    const publicPart = await screen.findByRole("region", { name: "What recruiters see" });
    const privatePart = screen.getByRole("region", { name: "Private until you approve a contact request" });
    expect(within(publicPart).getByText("Gardener")).toBeInTheDocument();
    expect(within(publicPart).getByText("Berlin, DE")).toBeInTheDocument();
    for (const secret of [/Lovelace/, /Kleinmachnow/, /1234567/]) expect(within(publicPart).queryByText(secret)).not.toBeInTheDocument();
    expect(within(privatePart).getByText("Ms Ada Lovelace")).toBeInTheDocument();
    expect(within(privatePart).getByText("Kleinmachnow, DE")).toBeInTheDocument();
    expect(within(privatePart).getByText("+49 30 1234567")).toBeInTheDocument();
    // this site nulls the birthday: not even an empty line for it
    expect(within(privatePart).queryByText("Date of birth")).not.toBeInTheDocument();
  });

  it("shows the private part only to the owner", () => {
    renderWithMantine(<ResumePreview resume={fullResume} config={siteConfig} showPrivate={false} />);
    expect(screen.getByRole("region", { name: "What recruiters see" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Private until you approve a contact request" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Lovelace/)).not.toBeInTheDocument();
    expect(screen.queryByText(/1234567/)).not.toBeInTheDocument();
  });

  it("deletes the resume after the confirmation", async () => {
    const remove: MockLink.MockedResponse = {
      request: { query: DELETE_MY_RESUME },
      result: { data: { deleteMyResume: { __typename: "ResumeDeleted", id: "r1" } } },
    };
    render([resumeMock(fullResume), remove]);
    await userEvent.click(await screen.findByRole("button", { name: "Delete my resume" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your resume?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    expect(await screen.findByText("Your resume was deleted.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/You have no resume yet/)).toBeInTheDocument());
  });
});
