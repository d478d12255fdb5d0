import { graphql } from "~/lib/graphql/generated/gql";

/** What the applicant's contact requests page shows of a request. */
export const MY_CONTACT_REQUEST_FIELDS = graphql(`
  fragment MyContactRequestFields on ContactRequest {
    id
    status
    organizationId
    organizationName
    createdAt
    updatedAt
  }
`);

/** Requests for my resume (the applicant never sees those billing has not granted). */
export const MY_CONTACT_REQUESTS = graphql(`
  query MyContactRequests($statuses: [ContactRequestStatus!], $limit: Int!, $offset: Int!) {
    myContactRequests(statuses: $statuses, limit: $limit, offset: $offset) {
      total
      requests {
        ...MyContactRequestFields
      }
    }
    myResume {
      id
      hiddenFromOrganizationIds
    }
  }
`);

export const APPROVE_CONTACT_REQUEST = graphql(`
  mutation ApproveContactRequest($id: ID!) {
    approveContactRequest(id: $id) {
      __typename
      ... on ContactRequestSaved {
        request {
          ...MyContactRequestFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const DECLINE_CONTACT_REQUEST = graphql(`
  mutation DeclineContactRequest($id: ID!) {
    declineContactRequest(id: $id) {
      __typename
      ... on ContactRequestSaved {
        request {
          ...MyContactRequestFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const REVOKE_CONTACT_REQUEST = graphql(`
  mutation RevokeContactRequest($id: ID!) {
    revokeContactRequest(id: $id) {
      __typename
      ... on ContactRequestSaved {
        request {
          ...MyContactRequestFields
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const HIDE_RESUME_FROM_ORGANIZATION = graphql(`
  mutation HideResumeFromOrganization($organizationId: ID!) {
    hideResumeFromOrganization(organizationId: $organizationId) {
      __typename
      ... on ResumeSaved {
        resume {
          id
          hiddenFromOrganizationIds
        }
      }
      ...ResumeErrorFields
    }
  }
`);

export const UNHIDE_RESUME_FROM_ORGANIZATION = graphql(`
  mutation UnhideResumeFromOrganization($organizationId: ID!) {
    unhideResumeFromOrganization(organizationId: $organizationId) {
      __typename
      ... on ResumeSaved {
        resume {
          id
          hiddenFromOrganizationIds
        }
      }
      ...ResumeErrorFields
    }
  }
`);
