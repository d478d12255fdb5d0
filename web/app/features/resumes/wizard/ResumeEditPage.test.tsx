import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { RESUME_WIZARD_RESUME, SET_SKILLS, type WizardResume } from "./documents";
import { fullResume, refused, resumeQueryData } from "./resume-fixture";
import { ResumeEditPage } from "./ResumeEditPage";

function resumeMock(resume: WizardResume | null): MockLink.MockedResponse {
  return { request: { query: RESUME_WIZARD_RESUME }, result: { data: resumeQueryData(resume) }, maxUsageCount: 10 };
}

function render(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([{ path: "/resume/edit", Component: ResumeEditPage }]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/resume/edit"]} />
    </MockedProvider>,
  );
}

describe("ResumeEditPage", () => {
  it("has every part on one page with anchors, the hidden fields left out", async () => {
    render([resumeMock(fullResume)]);
    const nav = await screen.findByRole("navigation", { name: "Parts of the resume" });
    for (const [name, anchor] of [
      ["Personal information", "#personal-info"],
      ["What you are looking for", "#job-preferences"],
      ["Education", "#education"],
      ["Work experience", "#work-experience"],
      ["Languages", "#languages"],
      ["Skills", "#skills"],
    ] as const) {
      expect(within(nav).getByRole("link", { name })).toHaveAttribute("href", anchor);
      expect(screen.getByRole("heading", { level: 2, name }).closest("section")).toHaveAttribute("id", anchor.slice(1));
    }
    expect(screen.getByRole("textbox", { name: /First name/ })).toHaveValue("Ada");
    expect(screen.queryByLabelText(/phone/i)).not.toBeInTheDocument();
    expect(screen.getByText("Head gardener")).toBeInTheDocument();
  });

  it("saves a part when focus leaves it and shows the API's error at its field", async () => {
    const save: MockLink.MockedResponse = {
      request: { query: SET_SKILLS, variables: { input: { skillTids: [41], skillsFree: ["Composting"], skillsNotes: "x".repeat(3) } } },
      result: { data: { setSkills: refused({ field: "skillsNotes", message: "Write at least 10 characters.", code: "TOO_SHORT" }) } },
    };
    render([resumeMock(fullResume), save]);
    const notes = await screen.findByRole("textbox", { name: "Notes on your skills" });
    await userEvent.type(notes, "xxx");
    await userEvent.click(screen.getByRole("heading", { level: 1 }));
    await userEvent.tab();
    expect(await screen.findByText("Write at least 10 characters.")).toBeInTheDocument();
    expect(notes).toHaveAttribute("aria-invalid", "true");
  });

  it("sends someone without a resume to the wizard", async () => {
    render([resumeMock(null)]);
    expect(await screen.findByRole("link", { name: "Create my resume" })).toHaveAttribute("href", "/resume/wizard");
  });
});
