/**
 * The resume wizard's drafts (what the forms hold) and the inputs the resumes API takes from
 * them, the site's hidden fields, and the API's errors sorted by their field path.
 */
import type {
  ResumeAvailabilityPeriod,
  ResumeCareerStatus,
  ResumeEducationInput,
  ResumeJobPreferencesInput,
  ResumeLanguageLevel,
  ResumeLanguagesInput,
  ResumePersonalInfoInput,
  ResumePlaceInput,
  ResumeSalaryUnit,
  ResumeSalutation,
  ResumeSkillsInput,
  ResumeWorkExperienceInput,
} from "~/lib/graphql/generated/graphql";
import type { WizardResume } from "./documents";
import type { TermValue } from "~/components/TermPicker";

export type { TermValue };

/** The wizard's steps in order, as they appear in the path (`/resume/wizard/<step>`). */
export const RESUME_STEPS = ["personal-info", "job-preferences", "education", "work-experience", "languages", "skills"] as const;
export type ResumeStep = (typeof RESUME_STEPS)[number];

export function isResumeStep(value: string | undefined): value is ResumeStep {
  return (RESUME_STEPS as readonly string[]).includes(value ?? "");
}

/**
 * Spec 5: on this site the personal_info step hides the photo, the about-me text and the phone,
 * and job_preferences hides the phone. The resume configuration only names the fields the site
 * nulls (never stored), so the fields a step merely hides are this one list. A hidden field is
 * never rendered and its stored value is sent back unchanged.
 */
export const HIDDEN_STEP_FIELDS: Readonly<Record<"personal-info" | "job-preferences", readonly string[]>> = {
  "personal-info": ["picture", "about", "phone"],
  "job-preferences": ["phone"],
};

export interface ResumeConfig {
  nulledFields: readonly string[];
  privateFields: readonly string[];
}

/** Whether the site's resume configuration nulls `field` (never asked, stored nor shown). */
export function isNulled(config: ResumeConfig, field: string): boolean {
  return config.nulledFields.includes(field);
}

/** Whether `field` (snake_case, as the configuration names it) stays private until approval. */
export function isPrivate(config: ResumeConfig, field: string): boolean {
  return config.privateFields.includes(field);
}

/** A place field: what is typed and, once a suggestion is picked, the place it names. */
export interface PlaceDraft {
  text: string;
  place: ResumePlaceInput | null;
}

type PlaceLike = { locality: string; countryCode: string; administrativeArea?: string | null; zip?: string | null } | null | undefined;

export function placeLabel(place: PlaceLike): string {
  if (!place) return "";
  return [place.locality, place.administrativeArea, place.countryCode].filter(Boolean).join(", ");
}

export function placeDraft(place: PlaceLike): PlaceDraft {
  if (!place) return { text: "", place: null };
  return {
    text: placeLabel(place),
    place: {
      locality: place.locality,
      countryCode: place.countryCode,
      administrativeArea: place.administrativeArea ?? null,
      zip: place.zip ?? null,
    },
  };
}

/** Typed but not picked from the suggestions: the API needs a city and its country. */
export function placeUnpicked(draft: PlaceDraft): boolean {
  return draft.text.trim() !== "" && draft.place === null;
}

/** A Date scalar as the date input's text (yyyy-mm-dd), or "". */
export function dateText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

const blankToNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

export interface PersonalDraft {
  salutation: ResumeSalutation | null;
  firstName: string;
  lastName: string;
  birthday: string;
  homeLocation: PlaceDraft;
}

export function personalDraft(resume: WizardResume | null | undefined): PersonalDraft {
  return {
    salutation: resume?.salutation ?? null,
    firstName: resume?.firstName ?? "",
    lastName: resume?.lastName ?? "",
    birthday: dateText(resume?.birthday),
    homeLocation: placeDraft(resume?.homeLocation),
  };
}

/** The hidden fields (phone, about) keep their stored values; a nulled birthday is not sent. */
export function personalInput(draft: PersonalDraft, resume: WizardResume | null | undefined, config: ResumeConfig): ResumePersonalInfoInput {
  return {
    salutation: draft.salutation,
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    birthday: isNulled(config, "birthday") ? null : blankToNull(draft.birthday),
    homeLocation: draft.homeLocation.place,
    phone: resume?.phone ?? null,
    about: resume?.about ?? null,
  };
}

export interface PreferencesDraft {
  title: string;
  desiredOccupation: TermValue | null;
  employmentTypes: TermValue[];
  desiredLocation: PlaceDraft;
  salaryMin: string;
  salaryMax: string;
  currency: string;
  unit: ResumeSalaryUnit;
  careerStatus: ResumeCareerStatus | null;
  availableStart: string;
  availabilityPeriods: ResumeAvailabilityPeriod[];
}

export function preferencesDraft(resume: WizardResume | null | undefined): PreferencesDraft {
  const salary = resume?.desiredSalary;
  return {
    title: resume?.title ?? "",
    desiredOccupation: resume?.desiredOccupation ?? null,
    employmentTypes: resume?.employmentTypes ?? [],
    desiredLocation: placeDraft(resume?.desiredLocation),
    salaryMin: salary?.min == null ? "" : String(salary.min),
    salaryMax: salary?.max == null ? "" : String(salary.max),
    currency: salary?.currency ?? "EUR",
    unit: salary?.unit ?? "YEAR",
    careerStatus: resume?.careerStatus ?? null,
    availableStart: dateText(resume?.availableStart),
    availabilityPeriods: resume?.availabilityPeriods ?? [],
  };
}

function amount(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (text === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

export function preferencesInput(draft: PreferencesDraft): ResumeJobPreferencesInput {
  const min = amount(draft.salaryMin);
  const max = amount(draft.salaryMax);
  return {
    title: draft.title.trim(),
    desiredOccupationTid: draft.desiredOccupation?.tid ?? null,
    employmentTypeTids: draft.employmentTypes.map((term) => term.tid),
    desiredLocation: draft.desiredLocation.place,
    desiredSalary: min === null && max === null ? null : { min, max, currency: draft.currency.trim().toUpperCase(), unit: draft.unit },
    careerStatus: draft.careerStatus,
    availableStart: blankToNull(draft.availableStart),
    availabilityPeriods: draft.availabilityPeriods,
  };
}

export interface EducationDraft {
  institution: string;
  degreeLevel: TermValue | null;
  fieldOfStudy: TermValue | null;
  studyProgram: string;
  location: PlaceDraft;
  startDate: string;
  endDate: string;
  summary: string;
}

type EducationEntry = WizardResume["education"][number];
type WorkEntry = WizardResume["workExperience"][number];

export function educationDraft(entry: EducationEntry | null): EducationDraft {
  return {
    institution: entry?.institution ?? "",
    degreeLevel: entry?.degreeLevel ?? null,
    fieldOfStudy: entry?.fieldOfStudy ?? null,
    studyProgram: entry?.studyProgram ?? "",
    location: placeDraft(entry?.location),
    startDate: dateText(entry?.startDate),
    endDate: dateText(entry?.endDate),
    summary: entry?.summary ?? "",
  };
}

export function educationInput(draft: EducationDraft, withPeriod: boolean): ResumeEducationInput {
  return {
    institution: draft.institution.trim(),
    degreeLevelTid: draft.degreeLevel?.tid ?? null,
    fieldOfStudyTid: draft.fieldOfStudy?.tid ?? null,
    studyProgram: blankToNull(draft.studyProgram),
    location: draft.location.place,
    startDate: withPeriod ? blankToNull(draft.startDate) : null,
    endDate: withPeriod ? blankToNull(draft.endDate) : null,
    summary: blankToNull(draft.summary),
  };
}

export interface WorkDraft {
  jobTitle: string;
  occupation: TermValue | null;
  employmentType: TermValue | null;
  companyName: string;
  location: PlaceDraft;
  startDate: string;
  endDate: string;
  summary: string;
}

export function workDraft(entry: WorkEntry | null): WorkDraft {
  return {
    jobTitle: entry?.jobTitle ?? "",
    occupation: entry?.occupation ?? null,
    employmentType: entry?.employmentType ?? null,
    companyName: entry?.companyName ?? "",
    location: placeDraft(entry?.location),
    startDate: dateText(entry?.startDate),
    endDate: dateText(entry?.endDate),
    summary: entry?.summary ?? "",
  };
}

export function workInput(draft: WorkDraft, withPeriod: boolean): ResumeWorkExperienceInput {
  return {
    jobTitle: draft.jobTitle.trim(),
    occupationTid: draft.occupation?.tid ?? null,
    employmentTypeTid: draft.employmentType?.tid ?? null,
    companyName: blankToNull(draft.companyName),
    location: draft.location.place,
    startDate: withPeriod ? blankToNull(draft.startDate) : null,
    endDate: withPeriod ? blankToNull(draft.endDate) : null,
    summary: blankToNull(draft.summary),
  };
}

export interface LanguageRow {
  language: TermValue | null;
  level: ResumeLanguageLevel;
}

export interface LanguagesDraft {
  languages: LanguageRow[];
  languagesFree: string;
  languageNotes: string;
}

export function languagesDraft(resume: WizardResume | null | undefined): LanguagesDraft {
  return {
    languages: (resume?.languages ?? []).map((row) => ({ language: row.language, level: row.level })),
    languagesFree: resume?.languagesFree ?? "",
    languageNotes: resume?.languageNotes ?? "",
  };
}

/** Rows without a language chosen yet are not sent. */
export function languagesInput(draft: LanguagesDraft): ResumeLanguagesInput {
  return {
    languages: draft.languages.flatMap((row) => (row.language ? [{ tid: row.language.tid, level: row.level }] : [])),
    languagesFree: blankToNull(draft.languagesFree),
    languageNotes: blankToNull(draft.languageNotes),
  };
}

export interface SkillsDraft {
  skills: TermValue[];
  skillsFree: string[];
  skillsNotes: string;
}

export function skillsDraft(resume: WizardResume | null | undefined): SkillsDraft {
  return { skills: resume?.skills ?? [], skillsFree: resume?.skillsFree ?? [], skillsNotes: resume?.skillsNotes ?? "" };
}

export function skillsInput(draft: SkillsDraft): ResumeSkillsInput {
  return {
    skillTids: draft.skills.map((term) => term.tid),
    skillsFree: draft.skillsFree.map((skill) => skill.trim()).filter(Boolean),
    skillsNotes: blankToNull(draft.skillsNotes),
  };
}

/** A step mutation's answer as far as errors go (ResumeResult). */
export interface ResumeResultLike {
  __typename?: string;
  message?: string;
  errors?: readonly { field?: string | null; message: string }[];
}

export interface SortedErrors {
  /** Keyed by the API's camelCase path, e.g. `firstName`, `desiredSalary`, `languages.0.tid`. */
  byField: Record<string, string>;
  general: string[];
}

export const NO_ERRORS: SortedErrors = { byField: {}, general: [] };

function belongs(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`));
}

/**
 * ResumeErrors sorted for one form: an error whose field is one of the form's (or beneath one)
 * goes under that input, verbatim; the rest, and field-less ones, into the form's danger list.
 */
export function resumeErrorsByField(answer: ResumeResultLike | null | undefined, fields: readonly string[]): SortedErrors {
  const sorted: SortedErrors = { byField: {}, general: [] };
  if (answer?.__typename !== "ResumeErrors") return sorted;
  for (const error of answer.errors ?? []) {
    const path = (error.field ?? "").replace(/^input\./, "");
    const owner = fields.find((field) => belongs(path, [field]));
    if (path && owner) {
      const before = sorted.byField[owner];
      sorted.byField[owner] = before ? `${before} ${error.message}` : error.message;
    } else {
      sorted.general.push(error.message);
    }
  }
  if ((answer.errors ?? []).length === 0 && answer.message) sorted.general.push(answer.message);
  return sorted;
}
