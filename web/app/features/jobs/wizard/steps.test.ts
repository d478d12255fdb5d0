import { describe, expect, it } from "vitest";
import { draftJob, publishedJob } from "../job-fixture";
import { jobErrorsByField } from "./job-errors";
import {
  applicationInput,
  categorizationInput,
  choicesOf,
  emptyQuestion,
  draftsFromJob,
  jobInfoInput,
  previewJob,
  STEP_FIELDS,
  validateStep,
  type Drafts,
  type QuestionDraft,
} from "./steps";

function drafts(change: (d: Drafts) => void = () => undefined): Drafts {
  const value = draftsFromJob(draftJob);
  change(value);
  return value;
}

const template = { type: "JOB_PER_TEMPLATE" as const, editing: false };

describe("validateStep", () => {
  it("requires the title on a new job, but not when editing (the edit form hides it)", () => {
    const empty = drafts((d) => (d.job_info.title = "  "));
    expect(validateStep("job_info", empty, template)).toEqual({
      title: "Enter the job title.",
    });
    expect(
      validateStep("job_info", empty, { ...template, editing: true }),
    ).toEqual({});
    const long = drafts((d) => (d.job_info.title = "x".repeat(10_000)));
    expect(validateStep("job_info", long, template).title).toMatch(/under 255/);
  });

  it("asks a link job for its address and a file job for its PDF", () => {
    expect(
      validateStep("job_info", drafts(), { ...template, type: "JOB_PER_LINK" }),
    ).toEqual({
      linkUrl: "Enter the address of the original ad.",
    });
    expect(
      validateStep(
        "job_info",
        drafts((d) => (d.job_info.linkUrl = "javascript:alert(1)")),
        { ...template, type: "JOB_PER_LINK" },
      ),
    ).toEqual({
      linkUrl: "Enter a full address starting with https://.",
    });
    expect(
      validateStep("job_info", drafts(), { ...template, type: "JOB_PER_FILE" }),
    ).toEqual({
      fileUploadId: "Upload the job ad as a PDF.",
    });
  });

  it("keys location errors like the API's paths", () => {
    const d = drafts((x) =>
      x.job_location.locations.push({
        key: "k",
        countryCode: "",
        locality: " ",
        zip: "",
        addressLine1: "",
        administrativeArea: "",
      }),
    );
    expect(validateStep("job_location", d, template)).toEqual({
      "locations.1.address.countryCode": "Choose the country.",
      "locations.1.address.locality": "Enter the city.",
    });
  });

  it("refuses a salary minimum above the maximum", () => {
    const d = drafts((x) => {
      x.job_categorization.minSalary = 60000;
      x.job_categorization.maxSalary = 50000;
    });
    expect(validateStep("job_categorization", d, template)).toEqual({
      "salaryRange.maxSalary": "The maximum is below the minimum.",
    });
  });

  it("checks the schedule's order and duration", () => {
    const d = drafts((x) => {
      x.job_schedule.published = "2027-01-10T09:00";
      x.job_schedule.expiration = "2027-01-01T09:00";
      x.job_schedule.duration = 0;
    });
    expect(validateStep("job_schedule", d, template)).toEqual({
      expiration: "The job must expire after it is published.",
      duration: "Enter a number of days, 1 or more.",
    });
  });

  it("asks for what the chosen application workflow needs", () => {
    const email = drafts((x) => {
      x.job_application_options.applicationWorkflow = "EMAIL";
      x.job_application_options.applicationEmails = ["not-an-address"];
    });
    expect(validateStep("job_application_options", email, template)).toEqual({
      applicationEmails: "Enter valid email addresses.",
    });
    const link = drafts(
      (x) => (x.job_application_options.applicationWorkflow = "LINK"),
    );
    expect(validateStep("job_application_options", link, template)).toEqual({
      applicationLink: "Enter the address of the application form.",
    });
    expect(validateStep("job_application_options", drafts(), template)).toEqual(
      {},
    );
  });
});

describe("inputs", () => {
  it("sends no title when editing", () => {
    expect(jobInfoInput(drafts().job_info, true).title).toBeNull();
    expect(jobInfoInput(drafts().job_info, false).title).toBe("Gardener");
  });

  it("sends term ids and no salary range without amounts", () => {
    const d = drafts((x) => {
      x.job_categorization.minSalary = "";
      x.job_categorization.maxSalary = "";
    });
    const input = categorizationInput(d.job_categorization);
    expect(input.salaryRange).toBeNull();
    expect(input.employmentTypeTids).toEqual([11]);
    expect(input.yearsOfExperienceTid).toBe(41);
  });
});

describe("jobErrorsByField", () => {
  it("puts the step's fields under their inputs and the rest in the danger list", () => {
    const answer = {
      __typename: "JobErrors",
      message: "2 errors",
      errors: [
        {
          field: "salaryRange.minSalary",
          message: "Above the maximum.",
          code: "OUT_OF_RANGE",
        },
        {
          field: "skillTids.0",
          message: "Unknown term.",
          code: "UNKNOWN_TERM",
        },
        { field: null, message: "The job changed meanwhile.", code: "INVALID" },
        { field: "title", message: "Not on this step.", code: "TOO_LONG" },
      ],
    };
    expect(jobErrorsByField(answer, STEP_FIELDS.job_categorization)).toEqual({
      byField: {
        "salaryRange.minSalary": "Above the maximum.",
        "skillTids.0": "Unknown term.",
      },
      general: ["The job changed meanwhile.", "Not on this step."],
    });
    expect(
      jobErrorsByField({ __typename: "JobSaved" }, STEP_FIELDS.job_info),
    ).toEqual({ byField: {}, general: [] });
  });
});

describe("previewJob", () => {
  it("shows the unsaved values over the saved job", () => {
    const d = drafts((x) => {
      x.job_info.title = "Head gardener";
      x.job_categorization.maxSalary = 70000;
    });
    const preview = previewJob(publishedJob, d, "Acme");
    expect(preview.title).toBe("Head gardener");
    expect(preview.salaryRange).toEqual({
      minSalary: 40000,
      maxSalary: 70000,
      currencyCode: "EUR",
      salaryUnit: "YEAR",
    });
    expect(preview.organizationName).toBe("Acme");
  });
});

describe("typed qualifying questions", () => {
  const question = (patch: Partial<QuestionDraft>): QuestionDraft => ({
    question: "Which shift?",
    type: "SINGLE_CHOICE",
    options: ["Days", "Nights"],
    knockOutAnswers: [],
    ...patch,
  });

  it("checks each question as the server does", () => {
    const d = drafts((x) => {
      x.job_application_options.applicationRequireQualifyingQuestions = true;
      x.job_application_options.applicationQualifyingQuestions = [
        question({ options: ["Days"] }),
        question({ options: ["Days", "days"] }),
        question({
          type: "YES_NO",
          options: [],
          knockOutAnswers: ["yes", "no"],
        }),
        question({ question: " ", type: "FREE_TEXT", options: ["x"] }),
        emptyQuestion(),
      ];
    });
    expect(validateStep("job_application_options", d, template)).toEqual({
      "applicationQualifyingQuestions.0.options":
        "Give at least two options to choose from.",
      "applicationQualifyingQuestions.1.options":
        "Each option must be different.",
      "applicationQualifyingQuestions.2.knockOutAnswers":
        "At least one answer must not knock out.",
      "applicationQualifyingQuestions.3.question": "Write the question.",
    });
  });

  it("sends options and knock-outs only where the type has them", () => {
    const input = applicationInput({
      ...drafts().job_application_options,
      applicationQualifyingQuestions: [
        question({
          type: "YES_NO",
          options: ["stale"],
          knockOutAnswers: ["no", "Days"],
        }),
        question({
          options: [" Days ", "Nights", ""],
          knockOutAnswers: ["Nights"],
        }),
        question({
          question: "Why us?",
          type: "FREE_TEXT",
          knockOutAnswers: ["Days"],
        }),
        emptyQuestion(),
      ],
    });
    expect(input.applicationQualifyingQuestions).toEqual([
      {
        question: "Which shift?",
        type: "YES_NO",
        options: [],
        knockOutAnswers: ["no"],
      },
      {
        question: "Which shift?",
        type: "SINGLE_CHOICE",
        options: ["Days", "Nights"],
        knockOutAnswers: ["Nights"],
      },
      {
        question: "Why us?",
        type: "FREE_TEXT",
        options: [],
        knockOutAnswers: [],
      },
    ]);
    expect(choicesOf({ type: "YES_NO", options: [] })).toEqual(["yes", "no"]);
  });
});
