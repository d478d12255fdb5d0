import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { QuickApplyPage, type ApplyJob } from "./QuickApplyPage";
import { isStep } from "./quick-apply";
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
};

function Step() {
  const { step } = useParams();
  return (
    <QuickApplyPage
      job={job}
      step={isStep(step) ? step : "basic-info"}
      prefill={{
        firstName: "Ada",
        lastName: "Okafor",
        emailAddress: "ada@example.org",
      }}
      captcha={null}
    />
  );
}

function render(path: string) {
  const Stub = createRoutesStub([
    { path: "/job/:slug/apply/:step", Component: Step },
  ]);
  return renderWithMantine(
    <MockedProvider mocks={[]}>
      <Stub initialEntries={[path]} />
    </MockedProvider>,
  );
}

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

  it("asks for the CV the job requires before going on", async () => {
    render("/job/health-worker/apply/file-upload");
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    expect(
      await screen.findByText("This job asks for your CV.", {
        selector: "div *",
      }),
    ).toBeInTheDocument();
  });
});
