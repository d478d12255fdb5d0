import type { WizardResume } from "./documents";
import type { ResumeConfig } from "./resume-form";

/** This site's configuration (spec 3): birthday and the education time period are nulled. */
export const siteConfig: ResumeConfig = {
  nulledFields: ["birthday", "education_time_period"],
  privateFields: ["first_name", "last_name", "phone", "birthday", "home_location"],
};

const place = (locality: string, countryCode: string) => ({ locality, countryCode, administrativeArea: null, zip: null });
const term = (tid: number, label: string) => ({ tid, label });

/** A complete resume as its applicant gets it (private fields included). */
export const fullResume: WizardResume = {
  id: "r1",
  title: "Gardener",
  salutation: "MS",
  about: "Green fingers.",
  updatedAt: "2026-11-20T10:00:00+00:00",
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "+49 30 1234567",
  birthday: null,
  homeLocation: place("Kleinmachnow", "DE"),
  findable: false,
  searchable: false,
  completeness: { percent: 100, missing: [], complete: true },
  desiredOccupation: term(11, "Horticulture"),
  employmentTypes: [term(21, "Full time")],
  desiredLocation: place("Berlin", "DE"),
  desiredSalary: { min: 40000, max: 50000, currency: "EUR", unit: "YEAR" },
  careerStatus: "PROFESSIONAL",
  availableStart: "2027-01-01",
  availabilityPeriods: ["FULL_TIME"],
  languages: [{ language: term(31, "German"), level: "NATIVE" }],
  languagesFree: null,
  languageNotes: null,
  skills: [term(41, "Pruning")],
  skillsFree: ["Composting"],
  skillsNotes: null,
  education: [
    {
      id: "e1",
      institution: "Humboldt University",
      degreeLevel: term(51, "Bachelor"),
      fieldOfStudy: null,
      studyProgram: null,
      location: null,
      startDate: null,
      endDate: null,
      summary: null,
    },
    {
      id: "e2",
      institution: "Gartenbauschule",
      degreeLevel: null,
      fieldOfStudy: null,
      studyProgram: null,
      location: null,
      startDate: null,
      endDate: null,
      summary: null,
    },
  ],
  workExperience: [
    {
      id: "w1",
      jobTitle: "Head gardener",
      occupation: null,
      employmentType: null,
      companyName: "Sanssouci",
      location: place("Potsdam", "DE"),
      startDate: "2020-01-01",
      endDate: null,
      summary: null,
    },
  ],
};

type Obj = Record<string, unknown>;

function typedPlace(value: unknown): unknown {
  return value ? { __typename: "ResumePlace", ...(value as Obj) } : null;
}
function typedTerm(value: unknown): unknown {
  return value ? { __typename: "Term", ...(value as Obj) } : null;
}

/** The resume as the gateway answers it (with __typename everywhere), for Apollo mocks. */
export function typedResume(resume: WizardResume): Obj {
  return {
    __typename: "Resume",
    ...resume,
    homeLocation: typedPlace(resume.homeLocation),
    desiredLocation: typedPlace(resume.desiredLocation),
    completeness: resume.completeness ? { __typename: "ResumeCompleteness", ...resume.completeness } : null,
    desiredOccupation: typedTerm(resume.desiredOccupation),
    employmentTypes: resume.employmentTypes.map(typedTerm),
    desiredSalary: resume.desiredSalary ? { __typename: "ResumeSalary", ...resume.desiredSalary } : null,
    languages: resume.languages.map((row) => ({ __typename: "ResumeLanguage", ...row, language: typedTerm(row.language) })),
    skills: resume.skills.map(typedTerm),
    education: resume.education.map((entry) => ({
      __typename: "ResumeEducationEntry",
      ...entry,
      degreeLevel: typedTerm(entry.degreeLevel),
      fieldOfStudy: typedTerm(entry.fieldOfStudy),
      location: typedPlace(entry.location),
    })),
    workExperience: resume.workExperience.map((entry) => ({
      __typename: "ResumeWorkExperienceEntry",
      ...entry,
      occupation: typedTerm(entry.occupation),
      employmentType: typedTerm(entry.employmentType),
      location: typedPlace(entry.location),
    })),
  };
}

/** The page query's answer. */
export function resumeQueryData(resume: WizardResume | null, config: ResumeConfig = siteConfig): Obj {
  return {
    myResume: resume ? typedResume(resume) : null,
    resumeConfiguration: { __typename: "ResumeConfiguration", nulledFields: [...config.nulledFields], privateFields: [...config.privateFields] },
  };
}

/** A step mutation's ResumeSaved answer. */
export function saved(resume: WizardResume): Obj {
  return { __typename: "ResumeSaved", resume: typedResume(resume) };
}

/** A step mutation's ResumeErrors answer. */
export function refused(...errors: { field: string | null; message: string; code?: string }[]): Obj {
  return {
    __typename: "ResumeErrors",
    message: `${errors.length} errors`,
    errors: errors.map((error) => ({ __typename: "ResumeError", code: "INVALID", ...error })),
  };
}
