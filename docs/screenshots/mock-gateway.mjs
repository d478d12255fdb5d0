// A stand-in gateway for screenshots: answers the organization profile page's operations with a
// fixed profile (slug "acme", former slug "acme-old"; slug "bare" has only the required fields),
// the search pages' operations (keywords "nothing", "broken" and "down" give the empty, refused and
// unavailable answers) and serves placeholder SVG images. Usage: node mock-gateway.mjs [port]
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? 4999);
const origin = `http://127.0.0.1:${port}`;

const COLORS = ["#1c7ed6", "#0ca678", "#f08c00", "#ae3ec9", "#e8590c", "#1098ad"];
function svg(name, width, height) {
  const color = COLORS[[...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % COLORS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#212529"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${Math.round(height / 8)}" text-anchor="middle" dominant-baseline="middle">${name}</text></svg>`;
}
const image = (name, alt, title = null) => ({ url: `${origin}/img/${name}.svg`, alt, title });

const address = {
  countryCode: "DE",
  addressLine1: "Hauptstraße 1",
  addressLine2: null,
  administrativeArea: null,
  locality: "Berlin",
  zip: "10115",
};
const noSocial = {
  facebook: null, twitter: null, linkedin: null, youtube: null,
  xing: null, instagram: null, tiktok: null, blueSky: null,
};

const acme = {
  id: "p1",
  slug: "acme",
  status: "PUBLISHED",
  name: "Acme Foundation",
  alternativeName: "Acme Clean Water Initiative",
  url: { path: "/organization/acme" },
  organization: { id: "org-1" },
  logo: { ...image("logo", "Acme Foundation logo"), url: `${origin}/img/logo-square.svg` },
  cover: image("cover", "Our team at the Berlin office"),
  organizationLocation: address,
  website: "https://www.acme.example",
  socialProfiles: {
    ...noSocial,
    linkedin: "https://www.linkedin.com/company/acme",
    instagram: "https://instagram.com/acme",
    youtube: "https://youtube.com/@acme",
  },
  companyInfo: { name: "Acme Foundation gGmbH", address },
  presentation:
    "<p>Acme Foundation brings <strong>clean drinking water</strong> to 2 million people in 14 countries.</p><h3>What we do</h3><ul><li>Build and maintain wells</li><li>Train local engineers</li><li>Research water quality</li></ul><p>We are a team of 80 engineers, scientists and organisers.</p>",
  industry: { tid: 10, label: "Non-profit", alias: "non-profit" },
  size: { tid: 20, label: "51-100 employees", alias: null },
  occupation: [
    { tid: 30, label: "Engineering", alias: null },
    { tid: 31, label: "Research", alias: null },
  ],
  fieldsOfStudy: [
    { tid: 40, label: "Hydrology", alias: null },
    { tid: 41, label: "Civil engineering", alias: null },
  ],
  benefits: ["Flexible hours", "Remote work", "30 days holiday", "Training budget", "Public transport ticket", "Parental leave"].map(
    (label, index) => ({ tid: 50 + index, label, alias: null }),
  ),
  contactPersons: [
    {
      salutation: "ms", firstName: "Ada", lastName: "Lovelace", photo: image("ada", "Ada Lovelace"),
      email: "ada.lovelace@acme.example", position: "Head of People", phone: "+49 30 123 456",
      linkedinProfile: "https://www.linkedin.com/in/ada", contactInfo: null,
    },
    {
      salutation: "mr", firstName: "Alan", lastName: "Turing", photo: null,
      email: "alan@acme.example", position: "Recruiter", phone: null,
      linkedinProfile: null, contactInfo: "Mondays to Thursdays, 9 to 5",
    },
  ],
  gallery: [1, 2, 3, 4, 5].map((n) => ({
    uploadId: `g${n}`,
    image: image(`gallery-${n}`, `Gallery photo ${n}`, n === 1 ? "Our well in Kisumu" : null),
    thumbnail: image(`thumb-${n}`, `Gallery photo ${n}`),
  })),
  videos: [
    { source: "https://www.youtube.com/watch?v=abc123", embedUrl: "https://www.youtube-nocookie.com/embed/abc123", cover: image("video-cover", "Video cover"), coverTitle: "A day at Acme" },
    { source: "https://vimeo.com/12345", embedUrl: "https://player.vimeo.com/video/12345?dnt=1", cover: null, coverTitle: "Our mission" },
  ],
  locations: [
    { name: "Head office", address },
    { name: "Field office Nairobi", address: { ...address, countryCode: "KE", addressLine1: "Kenyatta Avenue 5", zip: null, locality: "Nairobi" } },
  ],
  faq: [
    { question: "Do you hire students?", answer: "Yes: internships of 3 to 6 months, paid." },
    { question: "Can I work remotely?", answer: "Most office roles are hybrid; field roles are on site." },
    { question: "How long does hiring take?", answer: "About four weeks from application to offer." },
  ],
  attachments: [
    { uploadId: "a1", title: "Annual report 2024", url: `${origin}/files/report.pdf` },
    { uploadId: "a2", title: "Benefits overview", url: `${origin}/files/benefits.pdf` },
  ],
  metatags: [
    { meta: "title", value: "Acme Foundation | Jobboard" },
    { meta: "description", value: "Clean drinking water for 2 million people. Jobs at Acme Foundation." },
    { meta: "canonical", value: "http://127.0.0.1:3012/organization/acme" },
    { meta: "og:title", value: "Acme Foundation" },
    { meta: "og:image", value: `${origin}/img/cover.svg` },
    { meta: "robots", value: "index, follow" },
  ],
};

const bare = {
  ...acme,
  slug: "bare",
  name: "Bare Organization",
  alternativeName: null, logo: null, cover: null, organizationLocation: null, website: null,
  socialProfiles: noSocial, companyInfo: null, presentation: null, industry: null, size: null,
  occupation: [], fieldsOfStudy: [], benefits: [], contactPersons: [], gallery: [], videos: [],
  locations: [], faq: [], attachments: [], metatags: [],
};

const term = (tid, label) => ({ tid, label });
const gardener = {
  id: "job-1",
  slug: "gardener-berlin",
  url: { path: "/job/gardener-berlin" },
  type: "JOB_PER_TEMPLATE",
  state: "PUBLISHED",
  version: 3,
  isExternal: false,
  canEdit: false,
  title: "Community gardener (m/f/d)",
  linkUrl: null,
  file: null,
  description:
    "<h2>Your role</h2><p>You look after our three community gardens in Berlin-Wedding and teach neighbours how to grow vegetables on small plots.</p><ul><li>Plan the planting year with volunteers</li><li>Run weekly open garden afternoons</li><li>Keep tools and irrigation in order</li></ul><h2>What we offer</h2><p>A permanent contract, 30 days of holiday and a bicycle allowance.</p>".repeat(2),
  availabilityPeriod: { start: "2027-01-01", end: null },
  videoUrl: null,
  videoEmbedUrl: null,
  organization: { id: "org-1", name: "Acme Foundation" },
  organizationProfile: { id: "p1", slug: "acme", name: "Acme Foundation", logo: { url: `${origin}/img/logo-square.svg`, alt: "Acme Foundation logo" } },
  organizationName: "Acme Foundation",
  organizationAssignment: null,
  logo: null,
  locations: [{ address: { ...address, lat: 52.52, lon: 13.4 } }],
  remoteOptions: [term(31, "Hybrid")],
  employmentType: [term(11, "Full time")],
  occupationalField: [term(21, "Agriculture"), term(22, "Education")],
  fieldsOfStudy: [term(23, "Horticulture")],
  degreeLevel: term(24, "Vocational training"),
  yearsOfExperience: term(41, "1-2 years"),
  salaryRange: { minSalary: 40000, maxSalary: 55000, currencyCode: "EUR", salaryUnit: "YEAR" },
  salaryRangeFree: null,
  languages: [term(51, "German"), term(52, "English")],
  languagesFree: null,
  skills: [term(61, "Composting")],
  skillsFree: "Pruning fruit trees",
  published: "2026-11-20T09:00:00+00:00",
  expiration: "2026-12-31T23:00:00+00:00",
  duration: null,
  applicationWorkflow: "ON_SITE",
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
    { meta: "title", value: "Community gardener (m/f/d) | Acme Foundation" },
    { meta: "description", value: "Look after three community gardens in Berlin." },
    { meta: "canonical", value: "http://127.0.0.1:3012/job/gardener-berlin" },
    { meta: "og:image", value: `${origin}/img/logo-square.svg` },
  ],
  jsonLd: JSON.stringify({ "@context": "https://schema.org", "@type": "JobPosting", title: "Community gardener (m/f/d)" }),
};
const jobs = {
  "gardener-berlin": gardener,
  "gardener-draft": { ...gardener, slug: "gardener-draft", url: { path: "/job/gardener-draft" }, state: "DRAFT", canEdit: true, publishedAt: null, jsonLd: null },
  "gardener-expired": { ...gardener, slug: "gardener-expired", url: { path: "/job/gardener-expired" }, state: "EXPIRED", jsonLd: null },
};

const draft = {
  ...jobs["gardener-draft"],
  id: "job-2",
  structuredDataHints: [
    { property: "baseSalary", level: "recommended", message: "Add a numeric salary range." },
    { property: "jobLocation", level: "required", message: "Add a location or remote eligibility." },
  ],
  refusal: { reason: "no_slots_left", message: "Your organization has no job slots left.", at: "2026-11-23T10:00:00+00:00" },
};
const managed = (job, extra = {}) => ({ ...job, viewsCount: 128, applicationsCount: 7, ...extra });
const VOCABULARY = {
  employment_types: ["Full time", "Part time", "Internship", "Volunteer"],
  remote_options: ["On site", "Hybrid", "Fully remote"],
  occupational_fields: ["Agriculture", "Education", "Health"],
};

// The web's documents spread fragments on Job, Term and Address: Apollo needs __typename to match them.
const TERM_LISTS = ["remoteOptions", "employmentType", "occupationalField", "fieldsOfStudy", "languages", "skills"];
function typedJob(job) {
  const typed = { __typename: "Job", ...job };
  for (const key of TERM_LISTS) typed[key] = (job[key] ?? []).map((t) => ({ __typename: "Term", ...t }));
  for (const key of ["degreeLevel", "yearsOfExperience"]) typed[key] = job[key] ? { __typename: "Term", ...job[key] } : null;
  typed.locations = (job.locations ?? []).map((l) => ({ __typename: "JobLocation", address: { __typename: "Address", ...l.address } }));
  return typed;
}

// ---- search (/jobs, /organizations): fixture answers for the search pages --------------------
const SEARCH_ORGS = ["Acme Foundation", "Clean Water Trust", "Green Cities e.V.", "Open Schools", "Health for All", "Future Farms"];
const SEARCH_TITLES = [
  "Community gardener (m/f/d)", "Project lead, water access", "Fundraising manager", "Volunteer coordinator",
  "Social worker, youth programmes", "Communications officer", "Data analyst, impact", "Finance assistant (part time)",
  "Field engineer, wells", "Teacher, adult education", "Nurse, mobile clinic", "Grants writer",
];
const LOCALITIES = [["Berlin", "DE", "Berlin"], ["Zürich", "CH", "Zurich"], ["Nairobi", "KE", null], ["Munich", "DE", "Bavaria"]];
function searchHit(n, page) {
  const i = (page - 1) * 10 + n;
  const org = SEARCH_ORGS[i % SEARCH_ORGS.length];
  const [locality, countryCode, administrativeArea] = LOCALITIES[i % LOCALITIES.length];
  return {
    __typename: "JobSearchHit",
    job: { __typename: "Job", id: `job-s${i}`, bookmarked: i === 2 },
    title: SEARCH_TITLES[i % SEARCH_TITLES.length],
    slug: `search-job-${i}`,
    organizationId: `org-${i % SEARCH_ORGS.length}`,
    organizationName: org,
    organizationSlug: "acme",
    logoUrl: i % 3 === 2 ? null : `${origin}/img/logo-${i % SEARCH_ORGS.length}.svg`,
    snippet: "You look after our community gardens and teach neighbours how to grow vegetables.",
    locations: [{ __typename: "SearchLocation", locality, countryCode, administrativeArea }],
    salary: i % 2 === 0 ? { __typename: "SearchSalary", currency: "EUR", unit: i % 4 === 0 ? "year" : "hour", min: i % 4 === 0 ? 40000 : 18, max: i % 4 === 0 ? 55000 : null } : null,
    remoteOptions: i % 3 === 0 ? ["Hybrid"] : i % 5 === 1 ? ["Fully remote"] : [],
    employmentTypes: [i % 4 === 3 ? "Part time" : "Full time"],
    publishedAt: `2026-11-${String(20 - (i % 18)).padStart(2, "0")}T09:00:00+00:00`,
    featured: page === 1 && n < 2,
    distanceKm: null,
  };
}
const facetValue = (value, label, count) => ({ __typename: "FacetValue", value: String(value), label, count });
const INDUSTRIES = [
  "Agriculture", "Animal welfare", "Arts and culture", "Child protection", "Civil society", "Climate", "Community development",
  "Conservation", "Development cooperation", "Disability", "Disaster relief", "Education", "Energy", "Environment", "Faith-based",
  "Food security", "Gender equality", "Global health", "Housing", "Human rights", "Humanitarian aid", "Journalism", "Labour rights",
  "Legal aid", "Mental health", "Migration", "Non-profit", "Peacebuilding", "Public health", "Research", "Social enterprise",
  "Sport for development", "Water and sanitation", "Youth",
];
function jobFacets() {
  return [
    { __typename: "SearchFacet", field: "remoteOptions", values: [facetValue(30, "On site", 61), facetValue(31, "Hybrid", 40), facetValue(32, "Fully remote", 27)] },
    { __typename: "SearchFacet", field: "employmentType", values: [facetValue(11, "Full time", 88), facetValue(12, "Part time", 31), facetValue(13, "Internship", 9), facetValue(14, "Volunteer", 4)] },
    { __typename: "SearchFacet", field: "industry", values: INDUSTRIES.map((label, i) => facetValue(100 + i, label, 60 - i)) },
    { __typename: "SearchFacet", field: "occupations", values: [facetValue(21, "Agriculture", 14), facetValue(22, "Education", 22), facetValue(23, "Health", 19), facetValue(24, "Engineering", 11), facetValue(25, "Communications", 8)] },
    { __typename: "SearchFacet", field: "yearsOfExperience", values: [facetValue(40, "No experience required", 20), facetValue(41, "1-2 years", 35), facetValue(42, "3-5 years", 30), facetValue(43, "More than 10 years", 3)] },
    { __typename: "SearchFacet", field: "company", values: SEARCH_ORGS.map((name, i) => facetValue(`0b6f2c3e-9a7d-4e59-8d57-00000000000${i}`, name, 20 - i * 2)) },
  ];
}
const searchMetadata = (page, noindex, pageSize = 10) => ({
  __typename: "SearchMetadata",
  metatags: [
    { __typename: "Metatag", meta: "title", value: "Jobs | Jobboard" },
    { __typename: "Metatag", meta: "description", value: "Jobs at non-profits and social enterprises." },
  ],
  sorting: "relevancy", page, pageSize, radius: null, unit: null, noindex,
});
function jobSearch(input) {
  const keys = input?.fulltext?.keys ?? "";
  if (keys === "broken") {
    return {
      __typename: "SearchErrors", message: "The search was refused (1 error).",
      errors: [{ __typename: "SearchError", message: "The search text has at most 500 characters.", field: "fulltext.keys", code: "TOO_LONG" }],
    };
  }
  if (keys === "down") return { __typename: "SearchUnavailable", message: "Search is unavailable right now. Please try again in a few minutes." };
  const page = input?.page ?? 1;
  const geo = input?.geoLocation;
  if (keys === "nothing") {
    return { __typename: "JobSearchResults", total: 0, hits: [], facets: [], metadata: searchMetadata(page, true) };
  }
  const total = 128;
  const hits = Array.from({ length: Math.max(0, Math.min(10, total - (page - 1) * 10)) }, (_, n) => searchHit(n, page)).map((hit, n) =>
    geo?.lat != null ? { ...hit, distanceKm: 3 + n * 7.5 } : hit,
  );
  return { __typename: "JobSearchResults", total, hits, facets: jobFacets(), metadata: searchMetadata(page, false) };
}
function organizationSearch(input) {
  const keys = input?.fulltext?.keys ?? "";
  const page = input?.page ?? 1;
  if (keys === "nothing") return { __typename: "OrganizationSearchResults", total: 0, hits: [], facets: [], metadata: searchMetadata(page, true, 12) };
  const total = 30;
  const count = Math.max(0, Math.min(12, total - (page - 1) * 12));
  const hits = Array.from({ length: count }, (_, n) => {
    const i = (page - 1) * 12 + n;
    return {
      __typename: "OrganizationSearchHit",
      name: `${SEARCH_ORGS[i % SEARCH_ORGS.length]}${i >= SEARCH_ORGS.length ? ` ${Math.floor(i / SEARCH_ORGS.length) + 1}` : ""}`,
      slug: i === 0 ? "acme" : `org-${i}`,
      logoUrl: i % 4 === 3 ? null : `${origin}/img/logo-${i % SEARCH_ORGS.length}.svg`,
      snippet: "We bring clean drinking water to 2 million people in 14 countries, with local engineers and volunteers.",
      industry: INDUSTRIES[(i * 7) % INDUSTRIES.length],
      occupations: ["Engineering"], countries: ["DE"],
      openJobs: (i * 3) % 7, featured: page === 1 && n === 0,
    };
  });
  const facets = [
    { __typename: "SearchFacet", field: "occupations", values: [facetValue(21, "Agriculture", 5), facetValue(22, "Education", 9), facetValue(24, "Engineering", 7)] },
    { __typename: "SearchFacet", field: "industry", values: INDUSTRIES.slice(0, 12).map((label, i) => facetValue(100 + i, label, 14 - i)) },
    { __typename: "SearchFacet", field: "fieldsOfStudy", values: [facetValue(60, "Hydrology", 4), facetValue(61, "Civil engineering", 3), facetValue(62, "Social work", 6)] },
  ];
  return { __typename: "OrganizationSearchResults", total, hits, facets, metadata: searchMetadata(page, false, 12) };
}
const PLACES = [
  { label: "Berlin, Berlin, DE", locationType: "locality", country: "DE", administrativeArea: "Berlin", lat: 52.52, lon: 13.405 },
  { label: "Bern, Bern, CH", locationType: "locality", country: "CH", administrativeArea: "Bern", lat: 46.948, lon: 7.447 },
  { label: "Bavaria, DE", locationType: "administrative_area_level_1", country: "DE", administrativeArea: "Bavaria", lat: null, lon: null },
  { label: "Belgium", locationType: "country", country: "BE", administrativeArea: null, lat: null, lon: null },
  { label: "Zürich, Zurich, CH", locationType: "locality", country: "CH", administrativeArea: "Zurich", lat: 47.37, lon: 8.54 },
];
const CATEGORY_TERMS = {
  nursing: { tid: 23, vocabulary: "occupational_fields", label: "Health", alias: "nursing" },
  "full-time": { tid: 11, vocabulary: "employment_types", label: "Full time", alias: "full-time" },
};

function answer(operation) {
  const result = rawAnswer(operation);
  const data = result.data ?? {};
  for (const [key, value] of Object.entries(data)) {
    if (key === "job" && value) data[key] = typedJob(value);
    else if (value && Array.isArray(value.jobs)) value.jobs = value.jobs.map(typedJob);
  }
  return result;
}

function rawAnswer(operation) {
  switch (operation.operationName) {
    case "CurrentUserForShell":
      return { data: { currentUser: { __typename: "User", id: "u1", name: "Rita Recruiter" } } };
    case "JobById":
      return { data: { job: operation.variables?.id === "job-1" ? { ...gardener, canEdit: true } : draft } };
    case "JobPosterContext":
      return {
        data: {
          currentUser: { __typename: "User", id: "u1", activeOrganization: { __typename: "Organization", id: "org-1", name: "Acme Foundation" } },
          updatableOrganizationProfiles: [{ id: "p1", name: "Acme Foundation", organization: { id: "org-1", name: "Acme Foundation" } }],
        },
      };
    case "JobVocabularyTerms":
      return { data: { terms: (VOCABULARY[operation.variables?.vocabulary] ?? ["One", "Two"]).map((label, i) => term(100 + i, label)) } };
    case "OrganizationJobs":
      return {
        data: {
          organizationJobs: {
            total: 3,
            jobs: [
              managed(gardener),
              managed(draft, { viewsCount: 0, applicationsCount: 0 }),
              managed(jobs["gardener-expired"], { id: "job-4", title: "Seasonal harvest helper", viewsCount: 311 }),
            ],
          },
        },
      };
    case "JobsToReview":
      return { data: { jobsToReview: { total: 1, jobs: [managed({ ...draft, state: "NEEDS_REVIEW" })] } } };
    case "JobPage": {
      const slug = operation.variables?.slug;
      return { data: { job: slug === "gardener-old" ? gardener : (jobs[slug] ?? null) } };
    }
    case "OpenJobs":
      return { data: { openJobs: { total: 2, jobs: [gardener, { ...gardener, id: "job-3", slug: "project-lead", url: { path: "/job/project-lead" }, title: "Project lead, water access", salaryRange: null, remoteOptions: [] }] } } };
    case "OrganizationPublicProfile": {
      const slug = operation.variables?.slug;
      const profile = slug === "acme" || slug === "acme-old" ? acme : slug === "bare" ? bare : null;
      return { data: { organizationProfile: profile } };
    }
    case "JobSearch":
      return { data: { jobSearch: jobSearch(operation.variables?.input) } };
    case "OrganizationSearch":
      return { data: { organizationSearch: organizationSearch(operation.variables?.input) } };
    case "LocationSuggestions": {
      const text = String(operation.variables?.text ?? "").toLowerCase();
      const found = PLACES.filter((place) => place.label.toLowerCase().startsWith(text)).slice(0, operation.variables?.limit ?? 10);
      return { data: { locationSuggestions: found.map((place) => ({ __typename: "LocationSuggestion", ...place })) } };
    }
    case "JobCategoryTerms":
      return {
        data: {
          termsByAlias: (operation.variables?.aliases ?? []).flatMap((alias) => (CATEGORY_TERMS[alias] ? [{ __typename: "Term", ...CATEGORY_TERMS[alias] }] : [])),
        },
      };
    case "HomeJobs": {
      // the home page: three featured jobs pinned first, then the newest; the busiest fields
      const last = operation.variables?.last ?? 12;
      const hits = Array.from({ length: last + 1 }, (_, n) => ({ ...searchHit(n, 1), featured: n < 3 }));
      const occupations = jobFacets().find((facet) => facet.field === "occupations");
      return {
        data: {
          jobSearch: { __typename: "JobSearchResults", total: 1284, hits, facets: [occupations] },
          terms: [
            { __typename: "Term", tid: 21, alias: "agriculture" },
            { __typename: "Term", tid: 22, alias: "education" },
            { __typename: "Term", tid: 23, alias: "nursing" },
            { __typename: "Term", tid: 24, alias: "engineering" },
            { __typename: "Term", tid: 25, alias: "communications" },
          ],
        },
      };
    }
    case "HomeOrganizations": {
      const answer = organizationSearch({ page: 1 });
      const hits = answer.hits.map((hit, n) => ({ ...hit, featured: n < 4, openJobs: hit.openJobs + 2 }));
      return { data: { organizationSearch: { __typename: "OrganizationSearchResults", total: 214, hits } } };
    }
    case "AppConfig":
      return { data: { getAppConfig: [] } };
    default:
      return { data: null, errors: [{ message: `mock gateway: no answer for ${operation.operationName}` }] };
  }
}

createServer((request, response) => {
  const url = new URL(request.url ?? "/", origin);
  const sized = url.pathname.match(/^\/img\/([\w-]+)\.svg$/);
  if (sized) {
    const name = sized[1];
    const [width, height] = name.startsWith("cover") ? [1000, 500] : name.startsWith("logo") || name === "ada" ? [240, 240] : name.startsWith("thumb") ? [400, 300] : [1200, 800];
    response.writeHead(200, { "Content-Type": "image/svg+xml" });
    response.end(svg(name, width, height));
    return;
  }
  if (request.method !== "POST") {
    response.writeHead(404).end();
    return;
  }
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const parsed = JSON.parse(body);
    const result = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(result));
  });
}).listen(port, "127.0.0.1", () => console.log(`mock gateway on ${origin}`));
