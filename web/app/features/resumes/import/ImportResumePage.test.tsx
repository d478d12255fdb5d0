import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../../test/render";
import {
  IMPORT_ADD_EDUCATION,
  IMPORT_ADD_WORK_EXPERIENCE,
  IMPORT_RESUME,
  IMPORT_SAVE_JOB_PREFERENCES,
  IMPORT_SAVE_PERSONAL_INFO,
  IMPORT_SET_LANGUAGES,
  IMPORT_SET_SKILLS,
} from "./documents";
import { ImportResumePage } from "./ImportResumePage";

function renderPage(mocks: MockLink.MockedResponse[]) {
  const Stub = createRoutesStub([
    { path: "/resume/wizard/import", Component: ImportResumePage },
    { path: "/resume", Component: () => <p>My resume overview</p> },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={["/resume/wizard/import"]} />
    </MockedProvider>,
  );
}

const DRAFT = {
  __typename: "ResumeImportDraft",
  source: "pdf",
  headline: "Software developer",
  summary: "Backend services.",
  problems: ["The phone number could not be read."],
  personalInfo: {
    __typename: "ResumeImportPersonalInfo",
    firstName: "Anna",
    lastName: "Schmidt",
    email: "anna@example.org",
    phone: null,
    city: "Berlin",
  },
  workExperience: [
    {
      __typename: "ResumeImportWorkEntry",
      jobTitle: "Senior Developer",
      companyName: "Nordlicht GmbH",
      startDate: "2019-03-01",
      endDate: null,
      current: true,
      summary: "Python services.",
    },
    {
      __typename: "ResumeImportWorkEntry",
      jobTitle: "Developer",
      companyName: "Datenwerk AG",
      startDate: "2016-01-01",
      endDate: "2019-01-01",
      current: false,
      summary: null,
    },
  ],
  education: [
    {
      __typename: "ResumeImportEducationEntry",
      studyProgram: "M.Sc. Informatik",
      institution: "TU Berlin",
      startDate: "2013-01-01",
      endDate: "2016-01-01",
      current: false,
    },
  ],
  languages: [
    {
      __typename: "ResumeImportLanguage",
      name: "Deutsch",
      levelWritten: "Muttersprache",
      level: "NATIVE",
      language: { __typename: "Term", tid: 5001, label: "German" },
    },
    {
      __typename: "ResumeImportLanguage",
      name: "Klingon",
      levelWritten: "basic",
      level: "A2",
      language: null,
    },
  ],
  skills: [
    { __typename: "Term", tid: 10000, label: "Python" },
    { __typename: "Term", tid: 10002, label: "SQL" },
  ],
  skillsFree: ["Domain-driven Design"],
};

const importing = (answer: unknown): MockLink.MockedResponse => ({
  request: { query: IMPORT_RESUME, variables: { uploadId: "u1" } },
  result: { data: { importResume: answer } },
});

const saved = (query: unknown, name: string, input: unknown): MockLink.MockedResponse => ({
  request: { query: query as MockLink.MockedResponse["request"]["query"], variables: { input } },
  result: { data: { [name]: { __typename: "ResumeSaved" } } },
});

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: "u1", kind: "pdf" }), { status: 201 }));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const cv = () => new File(["%PDF-1.7 a CV"], "cv.pdf", { type: "application/pdf" });

async function readFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText("Your CV (PDF, DOCX or JSON)"), file);
  await user.click(screen.getByRole("button", { name: "Read my CV" }));
}

describe("ImportResumePage", () => {
  it("uploads the CV, shows every field read to confirm, and saves the corrections with the wizard's mutations", async () => {
    const user = userEvent.setup();
    renderPage([
      importing(DRAFT),
      saved(IMPORT_SAVE_PERSONAL_INFO, "savePersonalInfo", {
        firstName: "Anna",
        lastName: "Schmidt-Weber",
        phone: "+49 30 1234567",
        homeLocation: { locality: "Berlin", countryCode: "DE" },
        about: "Backend services.",
      }),
      saved(IMPORT_SAVE_JOB_PREFERENCES, "saveJobPreferences", { title: "Software developer" }),
      saved(IMPORT_ADD_WORK_EXPERIENCE, "addWorkExperience", {
        jobTitle: "Senior Developer",
        companyName: "Nordlicht GmbH",
        startDate: "2019-03-01",
        endDate: null,
        summary: "Python services.",
      }),
      saved(IMPORT_ADD_EDUCATION, "addEducation", {
        institution: "TU Berlin",
        studyProgram: "M.Sc. Informatik",
        startDate: "2013-01-01",
        endDate: "2016-01-01",
      }),
      saved(IMPORT_SET_LANGUAGES, "setLanguages", {
        languages: [{ tid: 5001, level: "NATIVE" }],
        languagesFree: "Klingon (basic)",
      }),
      saved(IMPORT_SET_SKILLS, "setSkills", { skillTids: [10000], skillsFree: ["Domain-driven Design"] }),
    ]);

    await readFile(user, cv());

    expect(await screen.findByLabelText(/^First name/)).toHaveValue("Anna");
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/uploads/resumes/uploads");
    expect((init.body as FormData).get("purpose")).toBe("resume_import");
    expect(screen.getByLabelText(/^Last name/)).toHaveValue("Schmidt");
    expect(screen.getByLabelText("Home town")).toHaveValue("Berlin");
    expect(screen.getByLabelText("Resume title")).toHaveValue("Software developer");
    expect(screen.getByLabelText("About me")).toHaveValue("Backend services.");
    const senior = screen.getByRole("group", { name: "Senior Developer" });
    expect(within(senior).getByLabelText(/^Employer/)).toHaveValue("Nordlicht GmbH");
    expect(within(senior).getByLabelText("From (month)")).toHaveValue("2019-03");
    expect(within(senior).getByLabelText(/^Until/)).toHaveValue("");
    const school = screen.getByRole("group", { name: "TU Berlin" });
    expect(within(school).getByLabelText("Degree or study program")).toHaveValue("M.Sc. Informatik");
    expect(within(school).getByLabelText("Until (month; empty if current)")).toHaveValue("2016-01");
    expect(screen.getByRole("checkbox", { name: "German" })).toBeChecked();
    expect(screen.getByText("Written in your CV: Muttersprache")).toBeInTheDocument();
    expect(screen.getByText("Not in our list of languages: it is kept as free text.")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Python" })).toBeChecked();
    expect(screen.getByLabelText("Other skills (comma-separated)")).toHaveValue("Domain-driven Design");
    expect(screen.getByText("The phone number could not be read.")).toBeInTheDocument();

    // the applicant corrects and completes what was read
    const lastName = screen.getByLabelText(/^Last name/);
    await user.clear(lastName);
    await user.type(lastName, "Schmidt-Weber");
    await user.type(screen.getByLabelText("Phone"), "+49 30 1234567");
    await user.selectOptions(screen.getByRole("combobox", { name: "Country of your home town" }), "DE");
    await user.click(within(screen.getByRole("group", { name: "Developer" })).getByRole("button", { name: "Remove this entry" }));
    await user.click(screen.getByRole("checkbox", { name: "SQL" }));

    await user.click(screen.getByRole("button", { name: "Save to my resume" }));

    expect(await screen.findByText("My resume overview")).toBeInTheDocument();
  }, 90_000);

  it("shows the service's refusal of a hostile file and no form", async () => {
    const user = userEvent.setup();
    renderPage([
      importing({
        __typename: "ResumeImportError",
        code: "UNSAFE_CONTENT",
        message: "The PDF contains scripts or actions that run when it is opened, so it was not imported.",
      }),
    ]);
    await readFile(user, cv());
    expect(await screen.findByRole("alert")).toHaveTextContent("The PDF contains scripts or actions");
    expect(screen.queryByRole("button", { name: "Save to my resume" })).not.toBeInTheDocument();
  });

  it("shows the upload path's refusal (e.g. a zip bomb) without calling importResume", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: "UNSAFE_CONTENT", message: "The Word file would unpack to far more than it takes." }), {
        status: 422,
      }),
    );
    const user = userEvent.setup();
    renderPage([]);
    await readFile(user, new File(["PK"], "cv.docx"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The Word file would unpack to far more than it takes.");
  });

  it("checks the type and the size in the browser before uploading", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage([]);
    await user.upload(screen.getByLabelText("Your CV (PDF, DOCX or JSON)"), new File(["hello"], "cv.txt", { type: "text/plain" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Choose a PDF, a Word document (.docx) or a JSON Resume file.",
    );
    const huge = new File(["x"], "cv.pdf", { type: "application/pdf" });
    Object.defineProperty(huge, "size", { value: 50 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText("Your CV (PDF, DOCX or JSON)"), huge);
    expect(await screen.findByRole("alert")).toHaveTextContent("The file is larger than 50 MB.");
    await user.click(screen.getByRole("button", { name: "Read my CV" }));
    expect(screen.getByRole("alert")).toHaveTextContent("The file is larger than 50 MB.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the applicant on the form with the service's errors when a step is refused", async () => {
    const user = userEvent.setup();
    const draft = { ...DRAFT, workExperience: [], education: [], languages: [], skills: [], skillsFree: [], headline: null };
    renderPage([
      importing(draft),
      {
        request: {
          query: IMPORT_SAVE_PERSONAL_INFO,
          variables: {
            input: { firstName: "Anna", lastName: "Schmidt", phone: null, homeLocation: null, about: "Backend services." },
          },
        },
        result: {
          data: {
            savePersonalInfo: {
              __typename: "ResumeErrors",
              message: "1 error",
              errors: [{ __typename: "ResumeError", field: "firstName", code: "FORBIDDEN", message: "Only applicants keep a resume." }],
            },
          },
        },
      },
    ]);
    await readFile(user, cv());
    await user.click(await screen.findByRole("button", { name: "Save to my resume" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only applicants keep a resume.");
    expect(screen.queryByText("My resume overview")).not.toBeInTheDocument();
  });
});
