import { graphql } from "~/lib/graphql/generated/gql";

/** What quick apply needs of the job. */
export const APPLY_JOB = graphql(`
  query ApplyJob($slug: String!) {
    job(slug: $slug) {
      id
      slug
      title
      state
      applicationWorkflow
      applicationLink
      applicationRequireCv
      applicationRequireCoverLetter
      applicationRequireQualifyingQuestions
      applicationQualifyingQuestions {
        question
        type
        options
      }
      applicationCaptchaRequired
      myApplication {
        id
        status
        createdAt
      }
    }
  }
`);

export const APPLY_TO_JOB = graphql(`
  mutation ApplyToJob($input: ApplyToJobInput!) {
    applyToJob(input: $input) {
      __typename
      ... on ApplicationReceived {
        applicationId
        status
      }
      ... on JobErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const RECRUITER_ORGANIZATION = graphql(`
  query RecruiterOrganization {
    currentUser {
      id
      activeOrganization {
        id
        name
      }
    }
  }
`);

export const ORGANIZATION_APPLICATIONS = graphql(`
  query OrganizationApplications(
    $organizationId: ID!
    $statuses: [ApplicationStatus!]
    $jobId: ID
    $sort: ApplicationSort!
    $limit: Int!
    $offset: Int!
  ) {
    organizationApplications(
      organizationId: $organizationId
      statuses: $statuses
      jobId: $jobId
      sort: $sort
      limit: $limit
      offset: $offset
    ) {
      total
      applications {
        id
        firstName
        lastName
        emailAddress
        anonymized
        phone
        status
        knockedOut
        createdAt
        notes
        coverLetter
        answers {
          question
          type
          answer
          knockedOut
        }
        job {
          id
          title
          slug
        }
        attachments {
          id
          kind
          filename
          url
        }
      }
    }
  }
`);

export const CHANGE_APPLICATION_STATUS = graphql(`
  mutation ChangeApplicationStatus(
    $id: ID!
    $status: ApplicationStatus!
    $message: String
  ) {
    changeApplicationStatus(id: $id, status: $status, message: $message) {
      __typename
      ... on ApplicationSaved {
        application {
          id
          status
        }
      }
      ... on JobErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const MY_APPLICATIONS = graphql(`
  query MyApplications {
    myApplications {
      id
      jobId
      status
      createdAt
      job {
        id
        title
        slug
      }
    }
  }
`);

/** The organization's jobs for the pipeline's job filter (with their applications counts). */
export const RECRUITER_JOBS = graphql(`
  query RecruiterJobs($organizationId: ID!) {
    organizationJobs(organizationId: $organizationId, limit: 100) {
      total
      jobs {
        id
        title
        state
        applicationsCount
      }
    }
  }
`);

export const UPDATE_APPLICATION_NOTES = graphql(`
  mutation UpdateApplicationNotes($id: ID!, $notes: String!) {
    updateApplicationNotes(id: $id, notes: $notes) {
      __typename
      ... on ApplicationSaved {
        application {
          id
          notes
        }
      }
      ... on JobErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

/** Quick apply's prefill from the applicant's own resume (ADR 0033): null without one. */
export const APPLY_RESUME_PREFILL = graphql(`
  query ApplyResumePrefill {
    myResume {
      id
      firstName
      lastName
      phone
    }
  }
`);

/** The applicant's resume as a PDF, to upload as the application's CV (ADR 0033). */
export const MY_RESUME_PDF = graphql(`
  query MyResumePdf {
    myResumePdf {
      __typename
      ... on ResumePdf {
        contentBase64
        fileName
        mediaType
      }
      ... on ResumeImportError {
        code
        message
      }
    }
  }
`);
