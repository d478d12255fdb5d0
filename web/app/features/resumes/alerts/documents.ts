import { graphql } from "~/lib/graphql/generated/gql";

/** What the resume alert pages show of a recruiter's saved resume search. */
export const RESUME_ALERT_FIELDS = graphql(`
  fragment ResumeAlertFields on ResumeAlert {
    id
    name
    interval
    pausedReason
    lastMailedAt
    search {
      keys
      path
    }
  }
`);

export const MY_RESUME_ALERTS = graphql(`
  query MyResumeAlerts {
    myResumeAlerts {
      ...ResumeAlertFields
    }
  }
`);

export const RESUME_ALERT = graphql(`
  query ResumeAlert($id: ID!) {
    resumeAlert(id: $id) {
      ...ResumeAlertFields
    }
  }
`);

export const CREATE_RESUME_ALERT = graphql(`
  mutation CreateResumeAlert($input: CreateResumeAlertInput!) {
    createResumeAlert(input: $input) {
      __typename
      ... on ResumeAlertSaved {
        alert {
          ...ResumeAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const UPDATE_RESUME_ALERT = graphql(`
  mutation UpdateResumeAlert($input: UpdateResumeAlertInput!) {
    updateResumeAlert(input: $input) {
      __typename
      ... on ResumeAlertSaved {
        alert {
          ...ResumeAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const DELETE_RESUME_ALERT = graphql(`
  mutation DeleteResumeAlert($id: ID!) {
    deleteResumeAlert(id: $id) {
      __typename
      ... on ResumeAlertDeleted {
        id
      }
      ...AlertErrorFields
    }
  }
`);
