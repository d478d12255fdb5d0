import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { QuickApplyPage, type ApplyJob } from "./QuickApplyPage";
import { isStep } from "./quick-apply";

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
  applicationQualifyingQuestions: [{ question: "Do you drive?" }],
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
    window.sessionStorage.clear();
    window.dataLayer = [];
  });
  afterEach(() => window.sessionStorage.clear());

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
    expect(
      await screen.findByText("Answer this question."),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Do you drive\?/), {
      target: { value: "Yes" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(
      await screen.findByRole("heading", { name: "File upload" }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByLabelText(/Do you drive\?/)).toHaveValue("Yes");
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
