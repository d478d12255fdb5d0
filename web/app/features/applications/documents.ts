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
      }
      applicationCaptchaRequired
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
    $sort: ApplicationSort!
    $limit: Int!
    $offset: Int!
  ) {
    organizationApplications(
      organizationId: $organizationId
      statuses: $statuses
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
        phone
        status
        knockedOut
        createdAt
        notes
        coverLetter
        answers {
          question
          answer
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
