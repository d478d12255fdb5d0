import type { JobView, SimilarJobView } from "./documents";

const term = (tid: number, label: string) => ({ tid, label });

/** A published template job with every group filled, as the gateway answers it. */
export const publishedJob: JobView = {
  id: "job-1",
  slug: "gardener-berlin",
  site: "jobboard",
  sharedSites: [],
  url: { path: "/job/gardener-berlin" },
  type: "JOB_PER_TEMPLATE",
  state: "PUBLISHED",
  version: 3,
  isExternal: false,
  canEdit: false,
  title: "Gardener </script><script>alert(1)</script>",
  linkUrl: null,
  file: null,
  description: "<p>Grow things.</p>",
  availabilityPeriod: { start: "2026-12-01", end: null },
  videoUrl: null,
  videoEmbedUrl: null,
  organization: { id: "org-1", name: "Acme Foundation" },
  organizationProfile: {
    id: "p1",
    slug: "acme",
    name: "Acme Foundation",
    verified: true,
    logo: { url: "/api/uploads/organizations/files/1/job_squared_logo_medium", alt: "Acme logo" },
  },
  organizationName: "Acme Foundation",
  organizationAssignment: null,
  logo: null,
  locations: [
    {
      address: {
        countryCode: "DE",
        addressLine1: "Hauptstraße 1",
        addressLine2: null,
        administrativeArea: null,
        locality: "Berlin",
        zip: "10115",
        lat: 52.52,
        lon: 13.4,
      },
    },
  ],
  remoteOptions: [term(31, "Hybrid")],
  employmentType: [term(11, "Full time")],
  occupationalField: [term(21, "Agriculture")],
  fieldsOfStudy: [],
  degreeLevel: null,
  yearsOfExperience: term(41, "1-2 years"),
  salaryRange: { minSalary: 40000, maxSalary: 55000, currencyCode: "EUR", salaryUnit: "YEAR" },
  salaryRangeFree: null,
  languages: [term(51, "German")],
  languagesFree: null,
  skills: [],
  skillsFree: "Pruning",
  published: "2026-11-20T09:00:00+00:00",
  expiration: "2026-12-31T23:00:00+00:00",
  duration: null,
  applicationWorkflow: "EMAIL",
  applicationEmails: [],
  applicationLink: null,
  applicationRequireCv: true,
  applicationRequireCoverLetter: false,
  applicationRequireQualifyingQuestions: false,
  applicationQualifyingQuestions: [],
  refusal: null,
  structuredDataHints: [],
  createdAt: "2026-11-19T09:00:00+00:00",
  updatedAt: "2026-11-20T09:00:00+00:00",
  publishedAt: "2026-11-20T09:00:00+00:00",
  expiresAt: "2026-12-31T23:00:00+00:00",
  metatags: [
    { meta: "title", value: "Gardener | Acme Foundation" },
    { meta: "description", value: "Grow things in Berlin." },
    { meta: "canonical", value: "https://jobs.example/job/gardener-berlin" },
    { meta: "og:image", value: "https://jobs.example/logo.png" },
  ],
  jsonLd: JSON.stringify({
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: "Gardener </script><script>alert(1)</script>",
    description: "<p>Grow things.</p>",
    datePosted: "2026-11-20",
  }),
};

/** The same job as a draft its organization's recruiter sees. */
export const draftJob: JobView = {
  ...publishedJob,
  id: "job-2",
  slug: "gardener-draft",
  url: { path: "/job/gardener-draft" },
  state: "DRAFT",
  canEdit: true,
  title: "Gardener",
  applicationEmails: ["jobs@acme.example"],
  publishedAt: null,
  jsonLd: null,
  structuredDataHints: [
    { property: "baseSalary", level: "recommended", message: "Add a numeric salary range." },
    { property: "validThrough", level: "recommended", message: "Add a closing date." },
    { property: "jobLocation", level: "required", message: "Add a location or remote eligibility." },
  ],
};

type Obj = Record<string, unknown>;
const typed = <T extends Obj | null | undefined>(name: string, value: T) => (value ? { __typename: name, ...value } : value);
const typedTerms = (terms: readonly Obj[]) => terms.map((t) => typed("Term", t));

/** The job as the Apollo cache wants it in test mocks: every object with its __typename. */
export function withTypenames(job: JobView): Obj {
  return {
    __typename: "Job",
    ...job,
    url: typed("Url", job.url),
    file: typed("JobFile", job.file),
    availabilityPeriod: typed("DatePeriod", job.availabilityPeriod),
    organization: typed("Organization", job.organization),
    organizationProfile: job.organizationProfile
      ? { __typename: "OrganizationProfile", ...job.organizationProfile, logo: typed("Image", job.organizationProfile.logo) }
      : null,
    logo: typed("Image", job.logo),
    locations: job.locations.map((location) => ({ __typename: "JobLocation", address: typed("Address", location.address) })),
    remoteOptions: typedTerms(job.remoteOptions),
    employmentType: typedTerms(job.employmentType),
    occupationalField: typedTerms(job.occupationalField),
    fieldsOfStudy: typedTerms(job.fieldsOfStudy),
    degreeLevel: typed("Term", job.degreeLevel),
    yearsOfExperience: typed("Term", job.yearsOfExperience),
    salaryRange: typed("SalaryRange", job.salaryRange),
    languages: typedTerms(job.languages),
    skills: typedTerms(job.skills),
    applicationQualifyingQuestions: job.applicationQualifyingQuestions.map((q) => typed("QualifyingQuestion", q)),
    refusal: typed("JobRefusal", job.refusal),
    structuredDataHints: job.structuredDataHints.map((hint) => typed("StructuredDataHint", hint)),
    metatags: job.metatags.map((tag) => typed("Metatag", tag)),
  };
}

/** A recommendedJobs hit (the index's teaser data). */
export function similarHit(id: string, overrides: Partial<SimilarJobView> = {}): SimilarJobView {
  return {
    job: { id },
    title: `Gardener ${id}`,
    slug: `gardener-${id}`,
    organizationName: "Green Hands",
    logoUrl: null,
    locations: [{ locality: "Berlin", countryCode: "DE", administrativeArea: null }],
    salary: { currency: "EUR", unit: "year", min: 38000, max: 45000 },
    remoteOptions: [],
    employmentTypes: ["Full time"],
    publishedAt: "2026-11-20T10:00:00+00:00",
    ...overrides,
  };
}
