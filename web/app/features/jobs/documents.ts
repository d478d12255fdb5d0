import { graphql } from "~/lib/graphql/generated/gql";
import type {
  JobFieldsFragment,
  JobTeaserFieldsFragment,
  SimilarJobFieldsFragment,
} from "~/lib/graphql/generated/graphql";

export type JobView = JobFieldsFragment;
export type JobTeaserView = JobTeaserFieldsFragment;

export const JOB_TERM = graphql(`
  fragment JobTerm on Term {
    tid
    label
  }
`);

export const JOB_ADDRESS = graphql(`
  fragment JobAddress on Address {
    countryCode
    addressLine1
    addressLine2
    administrativeArea
    locality
    zip
    lat
    lon
  }
`);

/** Everything the job page, the wizard and its preview show. */
export const JOB_FIELDS = graphql(`
  fragment JobFields on Job {
    id
    slug
    site
    sharedSites
    url {
      path
    }
    type
    state
    version
    isExternal
    canEdit
    title
    linkUrl
    file {
      uploadId
      url
      filename
    }
    description
    availabilityPeriod {
      start
      end
    }
    videoUrl
    videoEmbedUrl
    organization {
      id
      name
    }
    organizationProfile {
      id
      slug
      name
      verified
      logo(style: "job_squared_logo_medium") {
        url
        alt
      }
    }
    organizationName
    organizationAssignment
    logo {
      uploadId
      url
      alt
    }
    locations {
      address {
        ...JobAddress
      }
    }
    remoteOptions {
      ...JobTerm
    }
    employmentType {
      ...JobTerm
    }
    occupationalField {
      ...JobTerm
    }
    fieldsOfStudy {
      ...JobTerm
    }
    degreeLevel {
      ...JobTerm
    }
    yearsOfExperience {
      ...JobTerm
    }
    salaryRange {
      minSalary
      maxSalary
      currencyCode
      salaryUnit
    }
    salaryRangeFree
    languages {
      ...JobTerm
    }
    languagesFree
    skills {
      ...JobTerm
    }
    skillsFree
    published
    expiration
    duration
    applicationWorkflow
    applicationEmails
    applicationLink
    applicationRequireCv
    applicationRequireCoverLetter
    applicationRequireQualifyingQuestions
    applicationQualifyingQuestions {
      question
      type
      options
      knockOutAnswers
    }
    refusal {
      reason
      message
      at
    }
    structuredDataHints {
      property
      level
      message
    }
    createdAt
    updatedAt
    publishedAt
    expiresAt
    metatags {
      meta
      value
    }
    jsonLd
  }
`);

/** A job in a list: the organization page's open positions. */
export const JOB_TEASER_FIELDS = graphql(`
  fragment JobTeaserFields on Job {
    id
    slug
    title
    url {
      path
    }
    organizationName
    logo {
      url
      alt
    }
    organizationProfile {
      id
      slug
      logo(style: "job_squared_logo_medium") {
        url
        alt
      }
    }
    locations {
      address {
        locality
        countryCode
      }
    }
    remoteOptions {
      ...JobTerm
    }
    employmentType {
      ...JobTerm
    }
    salaryRange {
      minSalary
      maxSalary
      currencyCode
      salaryUnit
    }
    publishedAt
  }
`);

export const JOB_BY_SLUG = graphql(`
  query JobPage($slug: String!) {
    job(slug: $slug) {
      ...JobFields
      bookmarked
      myApplication {
        id
        status
        createdAt
      }
    }
  }
`);

export const JOB_BY_ID = graphql(`
  query JobById($id: ID!) {
    job(id: $id) {
      ...JobFields
    }
  }
`);

export const OPEN_JOBS = graphql(`
  query OpenJobs($organizationId: ID!, $limit: Int!, $offset: Int!) {
    openJobs(organizationId: $organizationId, limit: $limit, offset: $offset) {
      total
      jobs {
        ...JobTeaserFields
      }
    }
  }
`);

/** The organizations the caller posts for: the active one first, then every editable profile's. */
export const JOB_POSTER_CONTEXT = graphql(`
  query JobPosterContext {
    currentUser {
      id
      activeOrganization {
        id
        name
      }
    }
    updatableOrganizationProfiles {
      id
      name
      organization {
        id
        name
      }
    }
  }
`);

export const MANAGED_JOB_FIELDS = graphql(`
  fragment ManagedJobFields on Job {
    id
    slug
    title
    type
    state
    isExternal
    canEdit
    organizationName
    url {
      path
    }
    createdAt
    publishedAt
    expiresAt
    viewsCount
    applicationsCount
    refusal {
      reason
      message
      at
    }
  }
`);

export const ORGANIZATION_JOBS = graphql(`
  query OrganizationJobs($organizationId: ID!, $states: [JobState!], $limit: Int!, $offset: Int!) {
    organizationJobs(organizationId: $organizationId, states: $states, limit: $limit, offset: $offset) {
      total
      jobs {
        ...ManagedJobFields
      }
    }
  }
`);

/** Analytics' counts of the listed jobs (one batched request per page of the job manager). */
export const JOB_STATS = graphql(`
  query JobStats($jobIds: [ID!]!) {
    jobStats(jobIds: $jobIds) {
      jobId
      visits
      applyStarts
      applyCompletions
      bookmarks
      shares
    }
  }
`);

export const JOBS_TO_REVIEW = graphql(`
  query JobsToReview($limit: Int!, $offset: Int!) {
    jobsToReview(limit: $limit, offset: $offset) {
      total
      jobs {
        ...ManagedJobFields
        organization {
          id
          verified
        }
        reports {
          count
          hidden
          reasons {
            reason
            count
          }
          reports {
            reason
            details
            createdAt
          }
        }
      }
    }
  }
`);

// Fragments on the union's members, not on the union: the cache matches those by __typename
// without a possibleTypes map.
export const JOB_SAVED_FIELDS = graphql(`
  fragment JobSavedFields on JobSaved {
    job {
      ...JobFields
      viewsCount
      applicationsCount
    }
  }
`);

export const JOB_ERRORS_FIELDS = graphql(`
  fragment JobErrorsFields on JobErrors {
    message
    errors {
      field
      message
      code
    }
  }
`);

export const CREATE_JOB = graphql(`
  mutation CreateJob($input: CreateJobInput!) {
    createJob(input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const UPDATE_JOB_INFO = graphql(`
  mutation UpdateJobInfo($id: ID!, $input: JobInfoInput!) {
    updateJobInfo(id: $id, input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const UPDATE_JOB_COMPANY_INFO = graphql(`
  mutation UpdateJobCompanyInfo($id: ID!, $input: CompanyInfoJobInput!) {
    updateJobCompanyInfo(id: $id, input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const UPDATE_JOB_LOCATION = graphql(`
  mutation UpdateJobLocation($id: ID!, $input: JobLocationGroupInput!) {
    updateJobLocation(id: $id, input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const UPDATE_JOB_CATEGORIZATION = graphql(`
  mutation UpdateJobCategorization($id: ID!, $input: JobCategorizationInput!) {
    updateJobCategorization(id: $id, input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const UPDATE_JOB_SCHEDULE = graphql(`
  mutation UpdateJobSchedule($id: ID!, $input: JobScheduleInput!) {
    updateJobSchedule(id: $id, input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

/** The other sites of the platform a job of this site can be shared with (ADR 0057). */
export const JOB_SHARING_SITES = graphql(`
  query JobSharingSites {
    jobSharingSites {
      name
      title
    }
  }
`);

export const SHARE_JOB = graphql(`
  mutation ShareJob($id: ID!, $sites: [String!]!) {
    shareJob(id: $id, sites: $sites) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const UPDATE_JOB_APPLICATION_OPTIONS = graphql(`
  mutation UpdateJobApplicationOptions($id: ID!, $input: JobApplicationOptionsInput!) {
    updateJobApplicationOptions(id: $id, input: $input) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const PUBLISH_JOB = graphql(`
  mutation PublishJob($id: ID!) {
    publishJob(id: $id) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const ARCHIVE_JOB = graphql(`
  mutation ArchiveJob($id: ID!) {
    archiveJob(id: $id) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const DELETE_JOB = graphql(`
  mutation DeleteJob($id: ID!) {
    deleteJob(id: $id) {
      __typename
      ... on JobDeleted {
        id
      }
      ...JobErrorsFields
    }
  }
`);

export const DUPLICATE_JOB = graphql(`
  mutation DuplicateJob($id: ID!) {
    duplicateJob(id: $id) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const RENAME_JOB = graphql(`
  mutation RenameJob($id: ID!, $title: String!) {
    renameJob(id: $id, title: $title) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const REPUBLISH_JOB = graphql(`
  mutation RepublishJob($id: ID!) {
    republishJob(id: $id) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const APPROVE_JOB = graphql(`
  mutation ApproveJob($id: ID!) {
    approveJob(id: $id) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

/** A visitor's report of a job (ADR 0030): the captcha token from visitors only. */
export const REPORT_JOB = graphql(`
  mutation ReportJob($input: ReportJobInput!) {
    reportJob(input: $input) {
      __typename
      ... on JobReported {
        jobId
      }
      ...JobErrorsFields
    }
  }
`);

export const DISMISS_JOB_REPORTS = graphql(`
  mutation DismissJobReports($id: ID!) {
    dismissJobReports(id: $id) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const ARCHIVE_REPORTED_JOB = graphql(`
  mutation ArchiveReportedJob($id: ID!, $reason: String!) {
    archiveReportedJob(id: $id, reason: $reason) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const SET_ORGANIZATION_VERIFIED = graphql(`
  mutation SetOrganizationVerified($organizationId: ID!, $verified: Boolean!) {
    setOrganizationVerified(organizationId: $organizationId, verified: $verified) {
      __typename
      ... on MembershipChanged {
        organization {
          id
          verified
        }
      }
      ... on OrganizationErrors {
        message
        errors {
          field
          message
          code
        }
      }
    }
  }
`);

export const REJECT_JOB = graphql(`
  mutation RejectJob($id: ID!, $reason: String!) {
    rejectJob(id: $id, reason: $reason) {
      __typename
      ...JobSavedFields
      ...JobErrorsFields
    }
  }
`);

export const SIMILAR_JOB_FIELDS = graphql(`
  fragment SimilarJobFields on JobSearchHit {
    job {
      id
    }
    title
    slug
    organizationName
    logoUrl
    locations {
      locality
      countryCode
      administrativeArea
    }
    salary {
      currency
      unit
      min
      max
    }
    remoteOptions
    employmentTypes
    publishedAt
  }
`);

export type SimilarJobView = SimilarJobFieldsFragment;

/** Spec 9's recommender matching: up to 10 open jobs like this one (never itself). */
export const SIMILAR_JOBS = graphql(`
  query SimilarJobs($jobId: ID!) {
    recommendedJobs(jobId: $jobId, limit: 10) {
      __typename
      ... on RecommendedJobs {
        hits {
          ...SimilarJobFields
        }
      }
    }
  }
`);
