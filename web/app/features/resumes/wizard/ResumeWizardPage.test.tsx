import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import { ADD_WORK_EXPERIENCE, REORDER_EDUCATION, RESUME_WIZARD_RESUME, SAVE_JOB_PREFERENCES, SAVE_PERSONAL_INFO, type WizardResume } from "./documents";
import { fullResume, refused, resumeQueryData, saved, siteConfig } from "./resume-fixture";
import { isResumeStep, type ResumeConfig } from "./resume-form";
import { ResumeWizardPage } from "./ResumeWizardPage";

function resumeMock(resume: WizardResume | null, config: ResumeConfig = siteConfig): MockLink.MockedResponse {
  return { request: { query: RESUME_WIZARD_RESUME }, result: { data: resumeQueryData(resume, config) }, maxUsageCount: 10 };
}

function StepRoute() {
  const { step } = useParams();
  return isResumeStep(step) ? <ResumeWizardPage key={step} step={step} /> : <p>not a step</p>;
}

function render(path: string, mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    { path: "/resume/wizard/:step", Component: StepRoute },
    { path: "/resume", Component: () => <h1>Overview page</h1> },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[path]} />
    </MockedProvider>,
  );
}

const personalInput = {
  salutation: null,
  firstName: "Ada",
  lastName: "Lovelace",
  birthday: null,
  homeLocation: null,
  phone: null,
  about: null,
};

describe("ResumeWizardPage", () => {
  it("shows the progress and hides the photo, about-me and phone, and the birthday this site nulls", async () => {
    render("/resume/wizard/personal-info", [resumeMock(null)]);
    expect(await screen.findByRole("textbox", { name: /First name/ })).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 6")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Personal information" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/phone/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/about/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/photo|picture/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Date of birth")).not.toBeInTheDocument();
    // the private fields say so
    const form = screen.getByRole("form", { name: "Personal information" });
    expect(within(form).getAllByText("Private until you approve a contact request")).toHaveLength(3);
  });

  it("asks for the birthday where the configuration keeps it", async () => {
    render("/resume/wizard/personal-info", [resumeMock(null, { ...siteConfig, nulledFields: [] })]);
    expect(await screen.findByLabelText(/Date of birth/)).toBeInTheDocument();
  });

  it("autosaves a while after typing and shows Saved, sending the stored phone and about back unchanged", async () => {
    const stored: WizardResume = { ...fullResume, firstName: "Ad", lastName: "Lovelace", salutation: null, homeLocation: null };
    const save: MockLink.MockedResponse = {
      request: {
        query: SAVE_PERSONAL_INFO,
        variables: { input: { ...personalInput, phone: fullResume.phone, about: fullResume.about } },
      },
      result: { data: { savePersonalInfo: saved({ ...stored, firstName: "Ada" }) } },
    };
    render("/resume/wizard/personal-info", [resumeMock(stored), save]);
    const first = await screen.findByRole("textbox", { name: /First name/ });
    expect(first).toHaveValue("Ad");
    await userEvent.type(first, "a");
    expect(await screen.findByText("Unsaved changes")).toBeInTheDocument();
    expect(await screen.findByText("Saved", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows the API's errors at their fields verbatim and stays on the step; Next goes on once saved", async () => {
    const first: MockLink.MockedResponse = {
      request: { query: SAVE_PERSONAL_INFO, variables: { input: { ...personalInput, lastName: "" } } },
      result: {
        data: {
          savePersonalInfo: refused(
            { field: "lastName", message: "Enter your last name.", code: "REQUIRED" },
            { field: null, message: "Your resume could not be saved right now." },
          ),
        },
      },
    };
    const second: MockLink.MockedResponse = {
      request: { query: SAVE_PERSONAL_INFO, variables: { input: personalInput } },
      result: { data: { savePersonalInfo: saved({ ...fullResume, firstName: "Ada", lastName: "Lovelace" }) } },
    };
    render("/resume/wizard/personal-info", [resumeMock(null), first, second]);
    const firstName = await screen.findByRole("textbox", { name: /First name/ });
    await userEvent.type(firstName, "Ada");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    const lastName = screen.getByRole("textbox", { name: /Last name/ });
    expect(await screen.findByText("Enter your last name.")).toBeInTheDocument();
    expect(lastName).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Your resume could not be saved right now.");
    expect(screen.getByText("Not saved: see the errors")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Personal information" })).toBeInTheDocument();
    expect(firstName).toHaveValue("Ada");

    await userEvent.type(lastName, "Lovelace");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: "What you are looking for" })).toBeInTheDocument();
    expect(screen.getByText("Step 2 of 6")).toBeInTheDocument();
  });

  it("job preferences: the salary range's error shows under it; no phone is asked", async () => {
    const save: MockLink.MockedResponse = {
      request: { query: SAVE_JOB_PREFERENCES, variables: () => true },
      result: {
        data: { saveJobPreferences: refused({ field: "desiredSalary", message: "The maximum is below the minimum." }) },
      },
    };
    render("/resume/wizard/job-preferences", [resumeMock(fullResume), save]);
    const max = await screen.findByRole("textbox", { name: "Desired salary up to" });
    expect(screen.getByRole("textbox", { name: /Headline/ })).toHaveValue("Gardener");
    expect(screen.queryByLabelText(/phone/i)).not.toBeInTheDocument();
    await userEvent.clear(max);
    await userEvent.type(max, "100");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("The maximum is below the minimum.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "What you are looking for" })).toBeInTheDocument();
  });

  it("moves an education entry down and shows the saved order", async () => {
    const [a, b] = fullResume.education;
    if (!a || !b) throw new Error("the fixture has two education entries");
    const reorder: MockLink.MockedResponse = {
      request: { query: REORDER_EDUCATION, variables: { ids: ["e2", "e1"] } },
      result: { data: { reorderEducation: saved({ ...fullResume, education: [b, a] }) } },
    };
    render("/resume/wizard/education", [resumeMock(fullResume), reorder]);
    const items = async () => (await screen.findAllByRole("listitem")).map((item) => item.textContent ?? "");
    expect((await items())[0]).toContain("Humboldt University");
    expect(screen.getByRole("button", { name: "Move Humboldt University up" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Move Humboldt University down" }));
    await waitFor(async () => expect((await items())[0]).toContain("Gartenbauschule"));
    expect(screen.getByRole("button", { name: "Move Gartenbauschule up" })).toBeDisabled();
    // the site nulls the education time period: not asked
    await userEvent.click(screen.getByRole("button", { name: "Add education" }));
    expect(screen.getByRole("textbox", { name: /School, college or university/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("From")).not.toBeInTheDocument();
  });

  it("adds a work experience entry: the API's error at its field first, then the entry in the list", async () => {
    const input = {
      jobTitle: "Gardener",
      occupationTid: null,
      employmentTypeTid: null,
      companyName: "Britzer Garten",
      location: null,
      startDate: "2020-03-01",
      endDate: "2019-01-01",
      summary: null,
    };
    const refusedAdd: MockLink.MockedResponse = {
      request: { query: ADD_WORK_EXPERIENCE, variables: { input } },
      result: { data: { addWorkExperience: refused({ field: "endDate", message: "The end is before the start." }) } },
    };
    const [head] = fullResume.workExperience;
    if (!head) throw new Error("the fixture has a work experience entry");
    const added: WizardResume = {
      ...fullResume,
      workExperience: [head, { ...head, id: "w2", jobTitle: "Gardener", companyName: "Britzer Garten" }],
    };
    const accepted: MockLink.MockedResponse = {
      request: { query: ADD_WORK_EXPERIENCE, variables: { input: { ...input, endDate: "2021-01-01" } } },
      result: { data: { addWorkExperience: saved(added) } },
    };
    render("/resume/wizard/work-experience", [resumeMock(fullResume), refusedAdd, accepted]);
    await userEvent.click(await screen.findByRole("button", { name: "Add work experience" }));
    const form = screen.getByRole("form", { name: "New work experience entry" });
    await userEvent.type(within(form).getByRole("textbox", { name: /Job title/ }), "Gardener");
    await userEvent.type(within(form).getByRole("textbox", { name: "Employer" }), "Britzer Garten");
    const [from, until] = [within(form).getByLabelText("From"), within(form).getByLabelText("Until")];
    fireEvent.change(from, { target: { value: "2020-03-01" } });
    fireEvent.change(until, { target: { value: "2019-01-01" } });
    await userEvent.click(within(form).getByRole("button", { name: "Add entry" }));
    expect(await within(form).findByText("The end is before the start.")).toBeInTheDocument();
    expect(until).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(until, { target: { value: "2021-01-01" } });
    await userEvent.click(within(form).getByRole("button", { name: "Add entry" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "New work experience entry" })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Move Gardener up" })).toBeEnabled();
  });

  it("asks to save the personal information first before the sections", async () => {
    render("/resume/wizard/skills", [resumeMock(null)]);
    expect(await screen.findByText(/Save that step first/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to personal information" })).toHaveAttribute("href", "/resume/wizard/personal-info");
  });
});
