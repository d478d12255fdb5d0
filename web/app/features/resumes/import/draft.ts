import type { ImportResumeMutation, ResumeLanguageLevel } from "~/lib/graphql/generated/graphql";

type Answer = ImportResumeMutation["importResume"];
export type ImportedDraft = Extract<Answer, { __typename: "ResumeImportDraft" }>;

/** One entry as the form edits it: months as `YYYY-MM` (the month input's value), "" when empty. */
export interface WorkForm {
  key: string;
  jobTitle: string;
  companyName: string;
  start: string;
  end: string;
  summary: string;
}

export interface EducationForm {
  key: string;
  studyProgram: string;
  institution: string;
  start: string;
  end: string;
}

export interface LanguageForm {
  key: string;
  name: string;
  tid: number | null;
  label: string | null;
  levelWritten: string;
  level: ResumeLanguageLevel | "";
  keep: boolean;
}

export interface SkillForm {
  tid: number;
  label: string;
  keep: boolean;
}

/** Everything the applicant confirms before it is saved. */
export interface DraftForm {
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  countryCode: string;
  about: string;
  title: string;
  work: WorkForm[];
  education: EducationForm[];
  languages: LanguageForm[];
  skills: SkillForm[];
  skillsFree: string;
  problems: string[];
}

const month = (value: unknown): string => (typeof value === "string" ? value.slice(0, 7) : "");
const text = (value: string | null | undefined): string => value ?? "";

/** The imported draft as the form's first values. */
export function formOf(draft: ImportedDraft): DraftForm {
  const info = draft.personalInfo;
  return {
    firstName: text(info.firstName),
    lastName: text(info.lastName),
    phone: text(info.phone),
    city: text(info.city),
    countryCode: "",
    about: text(draft.summary),
    title: text(draft.headline),
    work: draft.workExperience.map((entry, index) => ({
      key: `w${index}`,
      jobTitle: text(entry.jobTitle),
      companyName: text(entry.companyName),
      start: month(entry.startDate),
      end: month(entry.endDate),
      summary: text(entry.summary),
    })),
    education: draft.education.map((entry, index) => ({
      key: `e${index}`,
      studyProgram: text(entry.studyProgram),
      institution: text(entry.institution),
      start: month(entry.startDate),
      end: month(entry.endDate),
    })),
    languages: draft.languages.map((entry, index) => ({
      key: `l${index}`,
      name: entry.name,
      tid: entry.language?.tid ?? null,
      label: entry.language?.label ?? null,
      levelWritten: text(entry.levelWritten),
      level: entry.level ?? "",
      keep: true,
    })),
    skills: draft.skills.map((term) => ({ tid: term.tid, label: term.label, keep: true })),
    skillsFree: draft.skillsFree.join(", "),
    problems: draft.problems,
  };
}

const orNull = (value: string): string | null => (value.trim() ? value.trim() : null);
const dateOf = (value: string): string | null => (/^\d{4}-\d{2}$/.test(value) ? `${value}-01` : null);

/** The wizard mutations' inputs for what the applicant confirmed. */
export function inputsOf(form: DraftForm) {
  const home =
    form.city.trim() && form.countryCode ? { locality: form.city.trim(), countryCode: form.countryCode } : null;
  const languages = form.languages.filter((entry) => entry.keep);
  const known = languages.filter((entry) => entry.tid !== null && entry.level !== "");
  const free = languages
    .filter((entry) => !known.includes(entry))
    .map((entry) => (entry.levelWritten ? `${entry.name} (${entry.levelWritten})` : entry.name));
  return {
    personalInfo: {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      phone: orNull(form.phone),
      homeLocation: home,
      about: orNull(form.about),
    },
    jobPreferences: form.title.trim() ? { title: form.title.trim() } : null,
    work: form.work.map((entry) => ({
      jobTitle: entry.jobTitle.trim(),
      companyName: orNull(entry.companyName),
      startDate: dateOf(entry.start),
      endDate: dateOf(entry.end),
      summary: orNull(entry.summary),
    })),
    education: form.education.map((entry) => ({
      institution: entry.institution.trim(),
      studyProgram: orNull(entry.studyProgram),
      startDate: dateOf(entry.start),
      endDate: dateOf(entry.end),
    })),
    languages: {
      languages: known.map((entry) => ({ tid: entry.tid as number, level: entry.level as ResumeLanguageLevel })),
      languagesFree: free.length ? free.join(", ") : null,
    },
    skills: {
      skillTids: form.skills.filter((skill) => skill.keep).map((skill) => skill.tid),
      skillsFree: form.skillsFree
        .split(",")
        .map((skill) => skill.trim())
        .filter(Boolean),
    },
  };
}
