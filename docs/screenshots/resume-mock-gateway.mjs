// A stand-in gateway for the applicant's resume pages (/resume, /resume/wizard/<step>,
// /resume/edit): answers their operations with a fixed resume, or with none when the session's
// access token is "screenshot.empty". Usage: node resume-mock-gateway.mjs [port]
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? 4998);
const typed = (__typename, value) => (value ? { __typename, ...value } : null);
const term = (tid, label) => ({ __typename: "Term", tid, label });
const place = (locality, countryCode) => typed("ResumePlace", { locality, countryCode, administrativeArea: null, zip: null });

const resume = {
  __typename: "Resume",
  id: "r1",
  title: "Head gardener",
  salutation: "MS",
  about: null,
  updatedAt: "2026-11-20T10:00:00+00:00",
  firstName: "Ada",
  lastName: "Lovelace",
  phone: null,
  birthday: null,
  homeLocation: place("Kleinmachnow", "DE"),
  findable: true,
  searchable: false,
  completeness: typed("ResumeCompleteness", { percent: 78, missing: ["CAREER_STATUS", "SKILLS"], complete: false }),
  desiredOccupation: term(11, "Horticulture"),
  employmentTypes: [term(21, "Full time"), term(22, "Part time")],
  desiredLocation: place("Berlin", "DE"),
  desiredSalary: typed("ResumeSalary", { min: 42000, max: 52000, currency: "EUR", unit: "YEAR" }),
  careerStatus: null,
  availableStart: "2027-01-01",
  availabilityPeriods: ["FULL_TIME", "WEEKENDS"],
  languages: [
    { __typename: "ResumeLanguage", language: term(31, "German"), level: "NATIVE" },
    { __typename: "ResumeLanguage", language: term(32, "English"), level: "C1" },
  ],
  languagesFree: null,
  languageNotes: null,
  skills: [],
  skillsFree: [],
  skillsNotes: null,
  education: [
    {
      __typename: "ResumeEducationEntry",
      id: "e1",
      institution: "Humboldt University of Berlin",
      degreeLevel: term(51, "Bachelor"),
      fieldOfStudy: term(61, "Horticultural science"),
      studyProgram: null,
      location: place("Berlin", "DE"),
      startDate: null,
      endDate: null,
      summary: null,
    },
  ],
  workExperience: [
    {
      __typename: "ResumeWorkExperienceEntry",
      id: "w1",
      jobTitle: "Head gardener",
      occupation: term(11, "Horticulture"),
      employmentType: term(21, "Full time"),
      companyName: "Sanssouci Park",
      location: place("Potsdam", "DE"),
      startDate: "2020-03-01",
      endDate: null,
      summary: "Kept 290 hectares of historic gardens.",
    },
    {
      __typename: "ResumeWorkExperienceEntry",
      id: "w2",
      jobTitle: "Gardener",
      occupation: null,
      employmentType: null,
      companyName: "Britzer Garten",
      location: place("Berlin", "DE"),
      startDate: "2016-04-01",
      endDate: "2020-02-29",
      summary: null,
    },
  ],
};
const configuration = {
  __typename: "ResumeConfiguration",
  nulledFields: ["birthday", "education_time_period"],
  privateFields: ["first_name", "last_name", "phone", "birthday", "home_location"],
};
const VOCABULARY = {
  occupational_fields: ["Horticulture", "Engineering", "Nursing", "Sales"],
  employment_types: ["Full time", "Part time", "Internship"],
  languages: ["German", "English", "French"],
  skills: ["Pruning", "Irrigation", "Team leadership"],
  degree_levels: ["Bachelor", "Master"],
  fields_of_study: ["Horticultural science", "Biology"],
};
const PLACES = [
  { label: "Berlin, DE", locationType: "locality", country: "DE", administrativeArea: "Berlin" },
  { label: "Potsdam, Brandenburg, DE", locationType: "locality", country: "DE", administrativeArea: "Brandenburg" },
];

function answer(operation, empty) {
  switch (operation.operationName) {
    case "CurrentUserForShell":
      return { data: { currentUser: { __typename: "User", id: "u1", name: "Ada Applicant" } } };
    case "ResumeWizardResume":
      return { data: { myResume: empty ? null : resume, resumeConfiguration: configuration } };
    case "ResumeWizardTerms":
      return {
        data: { terms: (VOCABULARY[operation.variables?.vocabulary] ?? []).map((label, i) => term(100 + i, label)) },
      };
    case "ResumeWizardPlaces": {
      const text = String(operation.variables?.text ?? "").toLowerCase();
      return {
        data: {
          locationSuggestions: PLACES.filter((p) => p.label.toLowerCase().startsWith(text)).map((p) => ({ __typename: "LocationSuggestion", ...p })),
        },
      };
    }
    case "AppConfig":
      return { data: { getAppConfig: [] } };
    default:
      return { data: null, errors: [{ message: `resume mock gateway: no answer for ${operation.operationName}` }] };
  }
}

createServer((request, response) => {
  if (request.method !== "POST") {
    response.writeHead(404).end();
    return;
  }
  const empty = (request.headers.authorization ?? "").endsWith("screenshot.empty");
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const parsed = JSON.parse(body);
    const result = Array.isArray(parsed) ? parsed.map((op) => answer(op, empty)) : answer(parsed, empty);
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(result));
  });
}).listen(port, "127.0.0.1", () => console.log(`resume mock gateway on http://127.0.0.1:${port}`));
