import { graphql } from "~/lib/graphql/generated/gql";

/** What the alert pages show of an alert. */
export const JOB_ALERT_FIELDS = graphql(`
  fragment JobAlertFields on JobAlert {
    id
    name
    frequency
    paused
    pausedReason
    confirmed
    email
    search {
      keys
      path
    }
  }
`);

/** What every alert mutation or token lookup answers when it is refused. */
export const ALERT_ERROR_FIELDS = graphql(`
  fragment AlertErrorFields on AlertErrors {
    errors {
      code
      message
    }
  }
`);

export const CONFIRM_JOB_ALERT = graphql(`
  mutation ConfirmJobAlert($token: String!) {
    confirmJobAlert(token: $token) {
      __typename
      ... on JobAlertSaved {
        alert {
          ...JobAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const UNSUBSCRIBE_JOB_ALERT = graphql(`
  mutation UnsubscribeJobAlert($token: String!) {
    unsubscribeJobAlert(token: $token) {
      __typename
      ... on JobAlertsUnsubscribed {
        alerts {
          ...JobAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const JOB_ALERTS_BY_TOKEN = graphql(`
  query JobAlertsByToken($token: String!) {
    jobAlertsByToken(token: $token) {
      __typename
      ... on ManagedJobAlerts {
        email
        alerts {
          ...JobAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const MY_JOB_ALERTS = graphql(`
  query MyJobAlerts {
    myJobAlerts {
      ...JobAlertFields
    }
  }
`);

export const PAUSE_JOB_ALERT = graphql(`
  mutation PauseJobAlert($id: ID!, $manageToken: String) {
    pauseJobAlert(id: $id, manageToken: $manageToken) {
      __typename
      ... on JobAlertSaved {
        alert {
          ...JobAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const RESUME_JOB_ALERT = graphql(`
  mutation ResumeJobAlert($id: ID!, $manageToken: String) {
    resumeJobAlert(id: $id, manageToken: $manageToken) {
      __typename
      ... on JobAlertSaved {
        alert {
          ...JobAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const UPDATE_JOB_ALERT = graphql(`
  mutation UpdateJobAlert($input: UpdateJobAlertInput!) {
    updateJobAlert(input: $input) {
      __typename
      ... on JobAlertSaved {
        alert {
          ...JobAlertFields
        }
      }
      ...AlertErrorFields
    }
  }
`);

export const DELETE_JOB_ALERT = graphql(`
  mutation DeleteJobAlert($id: ID!, $manageToken: String) {
    deleteJobAlert(id: $id, manageToken: $manageToken) {
      __typename
      ... on JobAlertDeleted {
        id
      }
      ...AlertErrorFields
    }
  }
`);
