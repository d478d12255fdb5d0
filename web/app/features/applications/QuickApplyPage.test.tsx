import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { QuickApplyPage, type ApplyJob } from "./QuickApplyPage";
import { APPLY_TO_JOB, MY_RESUME_PDF } from "./documents";
import { isStep, type Draft } from "./quick-apply";
import { grantMeasuring } from "../../../test/consent";

const job: ApplyJob = {
  id: "j1",
  slug: "health-worker",
  title: "Community Health Worker",
  state: "PUBLISHED",
  applicationWorkflow: "ON_SITE",
  applicationLink: null,
  applicationRequireCv: true,
  applicationRequireCoverLetter: false,
  applicationRequireQualifyingQuestions: true,
  applicationQualifyingQuestions: [
    { question: "Do you drive?", type: "YES_NO", options: ["yes", "no"] },
    {
      question: "Which shift suits you?",
      type: "SINGLE_CHOICE",
      options: ["Days", "Nights"],
    },
    { question: "Why us?", type: "FREE_TEXT", options: [] },
  ],
  applicationCaptchaRequired: false,
  myApplication: null,
};

const ACCOUNT_PREFILL: Partial<Draft> = {
  firstName: "Ada",
  lastName: "Okafor",
  emailAddress: "ada@example.org",
};

function render(
  path: string,
  {
    prefill = ACCOUNT_PREFILL,
    resume = false,
    mocks = [],
    applied = null,
  }: {
    prefill?: Partial<Draft>;
    resume?: boolean;
    mocks?: MockLink.MockedResponse[];
    applied?: ApplyJob["myApplication"];
  } = {},
) {
  function Step() {
    const { step } = useParams();
    return (
      <QuickApplyPage
        job={{ ...job, myApplication: applied }}
        step={isStep(step) ? step : "basic-info"}
        prefill={prefill}
        resume={resume}
        captcha={null}
      />
    );
  }
  const Stub = createRoutesStub([
    { path: "/job/:slug/apply/:step", Component: Step },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={mocks}>
      <Stub initialEntries={[path]} />
    </MockedProvider>,
  );
}

// "%PDF-1.4 resume" in base64: what myResumePdf answers, decoded into the uploaded file
const PDF_BASE64 = btoa("%PDF-1.4 resume");
const RESUME_PREFILL: Partial<Draft> = {
  firstName: "Zofia",
  lastName: "Łukasiewicz",
  emailAddress: "zofia@example.org",
  phone: "+48 12 555 0100",
};

const events = () => (window.dataLayer ?? []).map((e) => e.event);

describe("QuickApplyPage", () => {
  beforeEach(() => {
    window.localStorage.clear();
    grantMeasuring();
    window.dataLayer = [];
  });
  afterEach(() => window.localStorage.clear());

  it("prefills a signed-in applicant, tracks the page and the start once, keeps answers", async () => {
    render("/job/health-worker/apply/basic-info");
    expect(await screen.findByLabelText(/First name/)).toHaveValue("Ada");
    await waitFor(() =>
      expect(events()).toEqual(["qa_basic_info", "job_apply_start"]),
    );

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(
      await screen.findByRole("heading", { name: "Questions" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(events()).toContain("qa_questions"));

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findAllByText("Answer this question.")).toHaveLength(3);
    // yes/no and single choice are radio groups named by their question
    const drive = screen.getByRole("radiogroup", { name: /Do you drive\?/ });
    fireEvent.click(within(drive).getByRole("radio", { name: "Yes" }));
    const shift = screen.getByRole("radiogroup", { name: /Which shift/ });
    expect(within(shift).getAllByRole("radio")).toHaveLength(2);
    fireEvent.click(within(shift).getByRole("radio", { name: "Nights" }));
    fireEvent.change(screen.getByRole("textbox", { name: /Why us\?/ }), {
      target: { value: "Your mission." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(
      await screen.findByRole("heading", { name: "File upload" }),
    ).toBeInTheDocument();
    expect(
      JSON.parse(
        window.localStorage.getItem("jobboard.quick-apply.health-worker") ??
          "{}",
      ).answers,
    ).toEqual(["yes", "Nights", "Your mission."]);

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("radio", { name: "Yes" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Nights" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: /Why us\?/ })).toHaveValue(
      "Your mission.",
    );
    expect(events().filter((e) => e === "job_apply_start")).toHaveLength(1);
  });

  it("tells an applicant who applied before, on the first step, with the status and the way to it", () => {
    render("/job/health-worker/apply/basic-info", {
      applied: { id: "a1", status: "SHORTLISTED", createdAt: "2026-11-12T09:30:00Z" },
    });
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("You applied on Nov 12, 2026");
    expect(notice).toHaveTextContent("Status:Shortlisted");
    expect(within(notice).getByRole("link", { name: "See your applications" })).toHaveAttribute("href", "/my-applications");
    // applying again stays possible (a second application is the applicant's choice)
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("shows no notice to someone who has not applied", () => {
    render("/job/health-worker/apply/basic-info");
    expect(screen.queryByText(/You applied on/)).not.toBeInTheDocument();
  });

  it("asks for the CV the job requires before going on", async () => {
    render("/job/health-worker/apply/file-upload");
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    expect(
      await screen.findByText("This job asks for your CV.", {
        selector: "div *",
      }),
    ).toBeInTheDocument();
  });

  describe("with the applicant's resume (ADR 0033)", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("shows the basic info the resume prefilled, still editable", async () => {
      render("/job/health-worker/apply/basic-info", { prefill: RESUME_PREFILL, resume: true });
      expect(await screen.findByLabelText(/First name/)).toHaveValue("Zofia");
      expect(screen.getByLabelText(/Last name/)).toHaveValue("Łukasiewicz");
      expect(screen.getByLabelText(/Phone/)).toHaveValue("+48 12 555 0100");
      fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "+48 600 000 000" } });
      expect(screen.getByLabelText(/Phone/)).toHaveValue("+48 600 000 000");
    });

    it("offers no resume to an applicant without one", async () => {
      render("/job/health-worker/apply/file-upload");
      expect(await screen.findByRole("button", { name: "Choose a file" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Use my resume" })).not.toBeInTheDocument();
    });

    it("attaches the resume PDF as the CV, shows it on review and sends its upload id", async () => {
      window.localStorage.setItem(
        "jobboard.quick-apply.health-worker",
        JSON.stringify({
          ...RESUME_PREFILL,
          coverLetter: "",
          answers: ["yes", "Days", "Care."],
          attachments: [],
          started: true,
          savedAt: Date.now(),
        }),
      );
      const uploads: FormData[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string, init: RequestInit) => {
          if (url !== "/api/uploads/jobs/uploads") return new Response(null, { status: 204 });
          uploads.push(init.body as FormData);
          return new Response(
            JSON.stringify({ id: "up-resume", url: "/api/uploads/jobs/files/up-resume/original" }),
            { status: 201, headers: { "Content-Type": "application/json" } },
          );
        }),
      );
      const pdfAnswer: MockLink.MockedResponse = {
        request: { query: MY_RESUME_PDF },
        result: {
          data: {
            myResumePdf: {
              __typename: "ResumePdf",
              contentBase64: PDF_BASE64,
              fileName: "Zofia-Łukasiewicz.pdf",
              mediaType: "application/pdf",
            },
          },
        },
      };
      const applied: MockLink.MockedResponse = {
        request: {
          query: APPLY_TO_JOB,
          variables: {
            input: {
              jobId: "j1",
              firstName: "Zofia",
              lastName: "Łukasiewicz",
              emailAddress: "zofia@example.org",
              phone: "+48 12 555 0100",
              coverLetter: null,
              answers: ["yes", "Days", "Care."],
              attachments: [{ uploadId: "up-resume", kind: "CV" }],
              captchaToken: null,
            },
          },
        },
        result: {
          data: {
            applyToJob: { __typename: "ApplicationReceived", applicationId: "a1", status: "NEW" },
          },
        },
      };
      render("/job/health-worker/apply/file-upload", {
        prefill: RESUME_PREFILL,
        resume: true,
        mocks: [pdfAnswer, applied],
      });

      fireEvent.click(await screen.findByRole("button", { name: "Use my resume" }));
      expect(
        await screen.findByRole("button", { name: "Your resume is attached" }),
      ).toBeDisabled();
      // uploaded like a picked file: the rendered PDF, to jobs' upload path, as an attachment
      expect(uploads).toHaveLength(1);
      const file = uploads[0]?.get("file") as File;
      expect(file.name).toBe("Zofia-Łukasiewicz.pdf");
      expect(file.type).toBe("application/pdf");
      const content = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(file);
      });
      expect(content).toBe("%PDF-1.4 resume");
      expect(uploads[0]?.get("purpose")).toBe("application_attachment");
      const attached = screen.getByRole("list", { name: "Attached files" });
      expect(within(attached).getByText("Zofia-Łukasiewicz.pdf (CV)")).toBeInTheDocument();

      // the job requires a CV: the resume is it
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      expect(
        await screen.findByRole("heading", { name: "Review info" }),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          "Your resume is attached as a PDF and goes to the organization with your application.",
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByRole("link", { name: "Open Zofia-Łukasiewicz.pdf" }),
      ).toHaveAttribute("href", "/api/uploads/jobs/files/up-resume/original");

      fireEvent.click(screen.getByRole("button", { name: "Send application" }));
      expect(
        await screen.findByText("Your application was sent"),
      ).toBeInTheDocument();
    });

    it("says why when the resume cannot be rendered, and uploads nothing", async () => {
      const fetch = vi.fn(async () => new Response(null, { status: 204 }));
      vi.stubGlobal("fetch", fetch);
      render("/job/health-worker/apply/file-upload", {
        prefill: RESUME_PREFILL,
        resume: true,
        mocks: [
          {
            request: { query: MY_RESUME_PDF },
            result: {
              data: {
                myResumePdf: {
                  __typename: "ResumeImportError",
                  code: "NO_RESUME",
                  message: "You have no resume yet: create one, or upload your CV as a file.",
                },
              },
            },
          },
        ],
      });
      fireEvent.click(await screen.findByRole("button", { name: "Use my resume" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "You have no resume yet: create one, or upload your CV as a file.",
      );
      expect(fetch).not.toHaveBeenCalledWith("/api/uploads/jobs/uploads", expect.anything());
    });
  });
});
