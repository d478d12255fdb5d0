import type {
  ApplicationWorkflow,
  CompanyInfoJobInput,
  JobApplicationOptionsInput,
  JobCategorizationInput,
  JobInfoInput,
  JobLocationGroupInput,
  JobScheduleInput,
  QualifyingQuestionInput,
  QualifyingQuestionType,
  SalaryUnit,
} from "~/lib/graphql/generated/graphql";
import type { IntlShape } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import type { JobView } from "../documents";
import { scalarString } from "../job-format";
import type { TermValue } from "~/components/TermPicker";

/** Spec 3: the job form's field groups, one wizard step each, then review and publish. */
export const GROUP_STEPS = [
  "job_info",
  "company_info",
  "job_location",
  "job_categorization",
  "job_schedule",
  "job_application_options",
] as const;
export type GroupStep = (typeof GROUP_STEPS)[number];
export type WizardStep = GroupStep | "review";
export const WIZARD_STEPS: readonly WizardStep[] = [...GROUP_STEPS, "review"];

export const STEP_TITLES: Record<WizardStep, Message> = defineMessages({
  job_info: { id: "wizard.step.jobInfo", defaultMessage: "The job" },
  company_info: { id: "wizard.step.companyInfo", defaultMessage: "Company" },
  job_location: { id: "wizard.step.location", defaultMessage: "Location" },
  job_categorization: { id: "wizard.step.categorization", defaultMessage: "Categories and salary" },
  job_schedule: { id: "wizard.step.schedule", defaultMessage: "Schedule" },
  job_application_options: { id: "wizard.step.applicationOptions", defaultMessage: "Applications" },
  review: { id: "wizard.step.review", defaultMessage: "Review and publish" },
});

/** What the browser checks before a step is saved (the server checks again). */
const checks = defineMessages({
  titleMissing: { id: "wizard.check.title.missing", defaultMessage: "Enter the job title." },
  titleTooLong: { id: "wizard.check.title.tooLong", defaultMessage: "Keep the title under {max, number} characters." },
  linkMissing: { id: "wizard.check.link.missing", defaultMessage: "Enter the address of the original ad." },
  fullAddress: { id: "wizard.check.fullAddress", defaultMessage: "Enter a full address starting with https://." },
  fileMissing: { id: "wizard.check.file.missing", defaultMessage: "Upload the job ad as a PDF." },
  video: { id: "wizard.check.video", defaultMessage: "Enter a YouTube or Vimeo address." },
  endBeforeStart: { id: "wizard.check.endBeforeStart", defaultMessage: "The end comes before the start." },
  organization: { id: "wizard.check.organization", defaultMessage: "Choose the organization that posts the job." },
  country: { id: "wizard.check.country", defaultMessage: "Choose the country." },
  city: { id: "wizard.check.city", defaultMessage: "Enter the city." },
  negativeSalary: { id: "wizard.check.salary.negative", defaultMessage: "The salary cannot be negative." },
  maxBelowMin: { id: "wizard.check.salary.maxBelowMin", defaultMessage: "The maximum is below the minimum." },
  currency: { id: "wizard.check.currency", defaultMessage: "Choose the currency." },
  expiration: { id: "wizard.check.expiration", defaultMessage: "The job must expire after it is published." },
  duration: { id: "wizard.check.duration", defaultMessage: "Enter a number of days, 1 or more." },
  emailsMissing: { id: "wizard.check.emails.missing", defaultMessage: "Enter the address applications go to." },
  emailsInvalid: { id: "wizard.check.emails.invalid", defaultMessage: "Enter valid email addresses." },
  applicationLink: { id: "wizard.check.applicationLink", defaultMessage: "Enter the address of the application form." },
  questionsMissing: {
    id: "wizard.check.questions.missing",
    defaultMessage: "Add at least one question, or do not require them.",
  },
  question: { id: "wizard.check.question", defaultMessage: "Write the question." },
  twoOptions: { id: "wizard.check.options.two", defaultMessage: "Give at least two options to choose from." },
  differentOptions: { id: "wizard.check.options.different", defaultMessage: "Each option must be different." },
  knockOut: { id: "wizard.check.knockOut", defaultMessage: "At least one answer must not knock out." },
});

/** The API fields (camelCase input paths) each step shows: their errors go under the inputs. */
export const STEP_FIELDS: Record<GroupStep, readonly string[]> = {
  job_info: [
    "title",
    "linkUrl",
    "fileUploadId",
    "file",
    "description",
    "availabilityPeriod",
    "videoUrl",
  ],
  company_info: [
    "organizationId",
    "organization",
    "organizationAssignment",
    "logoUploadId",
    "logo",
  ],
  job_location: ["locations", "remoteOptionTids", "remoteOptions"],
  job_categorization: [
    "employmentTypeTids",
    "occupationalFieldTids",
    "fieldsOfStudyTids",
    "degreeLevelTid",
    "yearsOfExperienceTid",
    "salaryRange",
    "salaryRangeFree",
    "languageTids",
    "languagesFree",
    "skillTids",
    "skillsFree",
  ],
  job_schedule: ["published", "expiration", "duration"],
  job_application_options: [
    "applicationWorkflow",
    "applicationEmails",
    "applicationLink",
    "applicationRequireCv",
    "applicationRequireCoverLetter",
    "applicationRequireQualifyingQuestions",
    "applicationQualifyingQuestions",
  ],
};

export type { TermValue };

export interface AddressDraft {
  key: string;
  countryCode: string;
  locality: string;
  zip: string;
  addressLine1: string;
  administrativeArea: string;
}

export interface JobInfoDraft {
  title: string;
  linkUrl: string;
  file: { uploadId: string; url: string; filename: string } | null;
  description: string;
  availabilityStart: string;
  availabilityEnd: string;
  videoUrl: string;
}
export interface CompanyInfoDraft {
  organizationId: string;
  organizationAssignment: string;
  logo: { uploadId: string; url: string; alt: string } | null;
}
export interface LocationDraft {
  locations: AddressDraft[];
  remoteOptions: TermValue[];
}
export interface CategorizationDraft {
  employmentType: TermValue[];
  occupationalField: TermValue[];
  fieldsOfStudy: TermValue[];
  degreeLevel: TermValue | null;
  yearsOfExperience: TermValue | null;
  minSalary: number | "";
  maxSalary: number | "";
  currencyCode: string;
  salaryUnit: SalaryUnit;
  salaryRangeFree: string;
  languages: TermValue[];
  languagesFree: string;
  skills: TermValue[];
  skillsFree: string;
}
export interface ScheduleDraft {
  /** datetime-local values, in the browser's time zone. */
  published: string;
  expiration: string;
  duration: number | "";
}
export interface ApplicationDraft {
  applicationWorkflow: ApplicationWorkflow;
  applicationEmails: string[];
  applicationLink: string;
  applicationRequireCv: boolean;
  applicationRequireCoverLetter: boolean;
  applicationRequireQualifyingQuestions: boolean;
  applicationQualifyingQuestions: QuestionDraft[];
}

/** A typed qualifying question as the editor holds it (spec 3, job_application_options). */
export interface QuestionDraft {
  question: string;
  type: QualifyingQuestionType;
  /** SINGLE_CHOICE only; YES_NO always answers yes or no. */
  options: string[];
  /** Answers that flag an application for the recruiter (never hide it). */
  knockOutAnswers: string[];
}

export const YES_NO_OPTIONS = ["yes", "no"] as const;

export function emptyQuestion(): QuestionDraft {
  return { question: "", type: "FREE_TEXT", options: [], knockOutAnswers: [] };
}

/** The answers a question can be given: yes and no, its options, or none (free text). */
export function choicesOf(
  question: Pick<QuestionDraft, "type" | "options">,
): string[] {
  if (question.type === "YES_NO") return [...YES_NO_OPTIONS];
  if (question.type === "SINGLE_CHOICE")
    return question.options.map((o) => o.trim()).filter(Boolean);
  return [];
}

/** The question as the API takes it: options and knock-outs only where the type has them. */
export function questionInput(
  question: QuestionDraft,
): QualifyingQuestionInput {
  const choices = choicesOf(question);
  return {
    question: question.question.trim(),
    type: question.type,
    options: question.type === "SINGLE_CHOICE" ? choices : [],
    knockOutAnswers: question.knockOutAnswers.filter((a) =>
      choices.includes(a),
    ),
  };
}

export interface Drafts {
  job_info: JobInfoDraft;
  company_info: CompanyInfoDraft;
  job_location: LocationDraft;
  job_categorization: CategorizationDraft;
  job_schedule: ScheduleDraft;
  job_application_options: ApplicationDraft;
}

let addressKeys = 0;
export function newAddressKey(): string {
  addressKeys += 1;
  return `address-${addressKeys}`;
}

export function emptyAddress(countryCode = ""): AddressDraft {
  return {
    key: newAddressKey(),
    countryCode,
    locality: "",
    zip: "",
    addressLine1: "",
    administrativeArea: "",
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An API DateTime as a datetime-local value in the browser's zone ("" for none). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== "string" || !iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an API DateTime (ISO, UTC), null when blank or unreadable. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const terms = (list: readonly TermValue[]) =>
  list.map(({ tid, label }) => ({ tid, label }));
const term = (value: TermValue | null | undefined) =>
  value ? { tid: value.tid, label: value.label } : null;

/** Every step's form values from the job as the API answers it. */
export function draftsFromJob(
  job: JobView,
  defaultOrganizationId = "",
): Drafts {
  return {
    job_info: {
      title: job.title,
      linkUrl: job.linkUrl ?? "",
      file: job.file
        ? {
            uploadId: job.file.uploadId,
            url: job.file.url,
            filename: job.file.filename,
          }
        : null,
      description: job.description ?? "",
      availabilityStart: scalarString(job.availabilityPeriod?.start),
      availabilityEnd: scalarString(job.availabilityPeriod?.end),
      videoUrl: job.videoUrl ?? "",
    },
    company_info: {
      organizationId: job.organization?.id ?? defaultOrganizationId,
      organizationAssignment: job.organizationAssignment ?? "",
      logo: job.logo
        ? { uploadId: job.logo.uploadId, url: job.logo.url, alt: job.logo.alt }
        : null,
    },
    job_location: {
      locations: job.locations.map(({ address }) => ({
        key: newAddressKey(),
        countryCode: address.countryCode,
        locality: address.locality,
        zip: address.zip ?? "",
        addressLine1: address.addressLine1 ?? "",
        administrativeArea: address.administrativeArea ?? "",
      })),
      remoteOptions: terms(job.remoteOptions),
    },
    job_categorization: {
      employmentType: terms(job.employmentType),
      occupationalField: terms(job.occupationalField),
      fieldsOfStudy: terms(job.fieldsOfStudy),
      degreeLevel: term(job.degreeLevel),
      yearsOfExperience: term(job.yearsOfExperience),
      minSalary: job.salaryRange?.minSalary ?? "",
      maxSalary: job.salaryRange?.maxSalary ?? "",
      currencyCode: job.salaryRange?.currencyCode ?? "EUR",
      salaryUnit: job.salaryRange?.salaryUnit ?? "YEAR",
      salaryRangeFree: job.salaryRangeFree ?? "",
      languages: terms(job.languages),
      languagesFree: job.languagesFree ?? "",
      skills: terms(job.skills),
      skillsFree: job.skillsFree ?? "",
    },
    job_schedule: {
      published: toLocalInput(job.published),
      expiration: toLocalInput(job.expiration),
      duration: job.duration ?? "",
    },
    job_application_options: {
      applicationWorkflow: job.applicationWorkflow,
      applicationEmails: [...job.applicationEmails],
      applicationLink: job.applicationLink ?? "",
      applicationRequireCv: job.applicationRequireCv,
      applicationRequireCoverLetter: job.applicationRequireCoverLetter,
      applicationRequireQualifyingQuestions:
        job.applicationRequireQualifyingQuestions,
      applicationQualifyingQuestions: job.applicationQualifyingQuestions.map(
        (q) => ({
          question: q.question,
          type: q.type,
          options: q.type === "SINGLE_CHOICE" ? [...q.options] : [],
          knockOutAnswers: [...q.knockOutAnswers],
        }),
      ),
    },
  };
}

const blank = (value: string) => (value.trim() ? value.trim() : null);
const amount = (value: number | "") => (value === "" ? null : value);

export function jobInfoInput(
  draft: JobInfoDraft,
  editing: boolean,
): JobInfoInput {
  return {
    // Spec 5: the edit form hides the title, and the API ignores it on edit.
    title: editing ? null : draft.title.trim(),
    linkUrl: blank(draft.linkUrl),
    fileUploadId: draft.file?.uploadId ?? null,
    description: blank(draft.description),
    availabilityPeriod:
      draft.availabilityStart || draft.availabilityEnd
        ? {
            start: draft.availabilityStart || null,
            end: draft.availabilityEnd || null,
          }
        : null,
    videoUrl: blank(draft.videoUrl),
  };
}

export function companyInfoInput(draft: CompanyInfoDraft): CompanyInfoJobInput {
  return {
    organizationId: draft.organizationId,
    organizationAssignment: blank(draft.organizationAssignment),
    logoUploadId: draft.logo?.uploadId ?? null,
  };
}

export function locationInput(draft: LocationDraft): JobLocationGroupInput {
  return {
    locations: draft.locations.map((row) => ({
      address: {
        countryCode: row.countryCode,
        locality: row.locality.trim(),
        zip: blank(row.zip),
        addressLine1: blank(row.addressLine1),
        administrativeArea: blank(row.administrativeArea),
      },
    })),
    remoteOptionTids: draft.remoteOptions.map((t) => t.tid),
  };
}

export function categorizationInput(
  draft: CategorizationDraft,
): JobCategorizationInput {
  const hasSalary = draft.minSalary !== "" || draft.maxSalary !== "";
  return {
    employmentTypeTids: draft.employmentType.map((t) => t.tid),
    occupationalFieldTids: draft.occupationalField.map((t) => t.tid),
    fieldsOfStudyTids: draft.fieldsOfStudy.map((t) => t.tid),
    degreeLevelTid: draft.degreeLevel?.tid ?? null,
    yearsOfExperienceTid: draft.yearsOfExperience?.tid ?? null,
    salaryRange: hasSalary
      ? {
          minSalary: amount(draft.minSalary),
          maxSalary: amount(draft.maxSalary),
          currencyCode: draft.currencyCode,
          salaryUnit: draft.salaryUnit,
        }
      : null,
    salaryRangeFree: blank(draft.salaryRangeFree),
    languageTids: draft.languages.map((t) => t.tid),
    languagesFree: blank(draft.languagesFree),
    skillTids: draft.skills.map((t) => t.tid),
    skillsFree: blank(draft.skillsFree),
  };
}

export function scheduleInput(draft: ScheduleDraft): JobScheduleInput {
  return {
    published: fromLocalInput(draft.published),
    expiration: fromLocalInput(draft.expiration),
    duration: draft.duration === "" ? null : draft.duration,
  };
}

export function applicationInput(
  draft: ApplicationDraft,
): JobApplicationOptionsInput {
  return {
    applicationWorkflow: draft.applicationWorkflow,
    applicationEmails: draft.applicationEmails
      .map((e) => e.trim())
      .filter(Boolean),
    applicationLink: blank(draft.applicationLink),
    applicationRequireCv: draft.applicationRequireCv,
    applicationRequireCoverLetter: draft.applicationRequireCoverLetter,
    applicationRequireQualifyingQuestions:
      draft.applicationRequireQualifyingQuestions,
    applicationQualifyingQuestions: draft.applicationQualifyingQuestions
      .filter((q) => q.question.trim())
      .map(questionInput),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TITLE_MAX_LENGTH = 255;

/**
 * The checks the browser can make before saving a step, keyed like the API's JobError fields so
 * both show in the same place. Empty when the step may be saved.
 */
export function validateStep(
  step: GroupStep,
  drafts: Drafts,
  context: { type: JobView["type"]; editing: boolean },
  intl: IntlShape = SITE_INTL,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const say = (message: Message, values?: Record<string, number>) => intl.formatMessage(message, values);
  switch (step) {
    case "job_info": {
      const draft = drafts.job_info;
      if (!context.editing) {
        if (!draft.title.trim()) errors.title = say(checks.titleMissing);
        else if (draft.title.trim().length > TITLE_MAX_LENGTH)
          errors.title = say(checks.titleTooLong, { max: TITLE_MAX_LENGTH });
      }
      if (context.type === "JOB_PER_LINK") {
        if (!draft.linkUrl.trim())
          errors.linkUrl = say(checks.linkMissing);
        else if (!isHttpUrl(draft.linkUrl))
          errors.linkUrl = say(checks.fullAddress);
      }
      if (context.type === "JOB_PER_FILE" && !draft.file)
        errors.fileUploadId = say(checks.fileMissing);
      if (draft.videoUrl.trim() && !isHttpUrl(draft.videoUrl))
        errors.videoUrl = say(checks.video);
      if (
        draft.availabilityStart &&
        draft.availabilityEnd &&
        draft.availabilityEnd < draft.availabilityStart
      )
        errors["availabilityPeriod.end"] = say(checks.endBeforeStart);
      break;
    }
    case "company_info":
      if (!drafts.company_info.organizationId)
        errors.organizationId = say(checks.organization);
      break;
    case "job_location":
      drafts.job_location.locations.forEach((row, index) => {
        if (!row.countryCode)
          errors[`locations.${index}.address.countryCode`] = say(checks.country);
        if (!row.locality.trim())
          errors[`locations.${index}.address.locality`] = say(checks.city);
      });
      break;
    case "job_categorization": {
      const draft = drafts.job_categorization;
      if (draft.minSalary !== "" && draft.minSalary < 0)
        errors["salaryRange.minSalary"] = say(checks.negativeSalary);
      if (draft.maxSalary !== "" && draft.maxSalary < 0)
        errors["salaryRange.maxSalary"] = say(checks.negativeSalary);
      if (
        draft.minSalary !== "" &&
        draft.maxSalary !== "" &&
        draft.minSalary > draft.maxSalary
      )
        errors["salaryRange.maxSalary"] = say(checks.maxBelowMin);
      if (
        (draft.minSalary !== "" || draft.maxSalary !== "") &&
        !draft.currencyCode
      )
        errors["salaryRange.currencyCode"] = say(checks.currency);
      break;
    }
    case "job_schedule": {
      const draft = drafts.job_schedule;
      const published = fromLocalInput(draft.published);
      const expiration = fromLocalInput(draft.expiration);
      if (published && expiration && expiration <= published)
        errors.expiration = say(checks.expiration);
      if (
        draft.duration !== "" &&
        (!Number.isInteger(draft.duration) || draft.duration < 1)
      )
        errors.duration = say(checks.duration);
      break;
    }
    case "job_application_options": {
      const draft = drafts.job_application_options;
      const emails = draft.applicationEmails
        .map((e) => e.trim())
        .filter(Boolean);
      if (draft.applicationWorkflow === "EMAIL") {
        if (emails.length === 0)
          errors.applicationEmails = say(checks.emailsMissing);
        else if (emails.some((e) => !EMAIL.test(e)))
          errors.applicationEmails = say(checks.emailsInvalid);
      }
      if (draft.applicationWorkflow === "LINK") {
        if (!draft.applicationLink.trim())
          errors.applicationLink = say(checks.applicationLink);
        else if (!isHttpUrl(draft.applicationLink))
          errors.applicationLink = say(checks.fullAddress);
      }
      if (
        draft.applicationRequireQualifyingQuestions &&
        draft.applicationQualifyingQuestions.every((q) => !q.question.trim())
      )
        errors.applicationQualifyingQuestions = say(checks.questionsMissing);
      draft.applicationQualifyingQuestions.forEach((question, index) => {
        Object.assign(errors, questionErrors(question, index, intl));
      });
      break;
    }
  }
  return errors;
}

/** The job as the preview shows it: the saved job with the unsaved form values over it. */
export function previewJob(
  job: JobView,
  drafts: Drafts,
  organizationName: string | null,
): JobView {
  const info = drafts.job_info;
  const cat = drafts.job_categorization;
  const salary = categorizationInput(cat).salaryRange;
  return {
    ...job,
    title: info.title,
    linkUrl: info.linkUrl || null,
    file: info.file ? { ...info.file } : null,
    description: info.description || null,
    organizationName: organizationName ?? job.organizationName,
    organizationAssignment: drafts.company_info.organizationAssignment || null,
    logo: drafts.company_info.logo ? { ...drafts.company_info.logo } : null,
    locations: drafts.job_location.locations.map((row) => ({
      address: {
        countryCode: row.countryCode,
        locality: row.locality,
        zip: row.zip || null,
        addressLine1: row.addressLine1 || null,
        addressLine2: null,
        administrativeArea: row.administrativeArea || null,
        lat: null,
        lon: null,
      },
    })),
    remoteOptions: drafts.job_location.remoteOptions,
    employmentType: cat.employmentType,
    occupationalField: cat.occupationalField,
    fieldsOfStudy: cat.fieldsOfStudy,
    degreeLevel: cat.degreeLevel,
    yearsOfExperience: cat.yearsOfExperience,
    salaryRange: salary
      ? {
          minSalary: salary.minSalary ?? null,
          maxSalary: salary.maxSalary ?? null,
          currencyCode: salary.currencyCode,
          salaryUnit: salary.salaryUnit,
        }
      : null,
    salaryRangeFree: cat.salaryRangeFree || null,
    languages: cat.languages,
    languagesFree: cat.languagesFree || null,
    skills: cat.skills,
    skillsFree: cat.skillsFree || null,
    expiresAt: fromLocalInput(drafts.job_schedule.expiration) ?? job.expiresAt,
  };
}

/** The rules the server applies to a question, checked as the recruiter types (field paths as
 * the API names them, e.g. `applicationQualifyingQuestions.1.options`). */
export function questionErrors(
  question: QuestionDraft,
  index: number,
  intl: IntlShape = SITE_INTL,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const at = `applicationQualifyingQuestions.${index}`;
  const touched =
    question.question.trim() ||
    question.options.some((o) => o.trim()) ||
    question.knockOutAnswers.length > 0;
  if (!touched) return errors;
  if (!question.question.trim())
    errors[`${at}.question`] = intl.formatMessage(checks.question);
  const choices = choicesOf(question);
  if (question.type === "SINGLE_CHOICE") {
    if (choices.length < 2)
      errors[`${at}.options`] = intl.formatMessage(checks.twoOptions);
    else if (new Set(choices.map((c) => c.toLowerCase())).size < choices.length)
      errors[`${at}.options`] = intl.formatMessage(checks.differentOptions);
  }
  const knockOuts = question.knockOutAnswers.filter((a) => choices.includes(a));
  if (choices.length > 0 && knockOuts.length >= choices.length)
    errors[`${at}.knockOutAnswers`] = intl.formatMessage(checks.knockOut);
  return errors;
}
