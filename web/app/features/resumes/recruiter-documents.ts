import { graphql } from "~/lib/graphql/generated/gql";
import type {
  OrganizationContactRequestsQuery,
  RecruiterResumeQuery,
  ResumeSearchQuery,
} from "~/lib/graphql/generated/graphql";

/** Spec 9: the resume search; public fields only (the hit type has no private one). */
export const RESUME_SEARCH = graphql(`
  query ResumeSearch($input: ResumeSearchInput!) {
    resumeSearch(input: $input) {
      __typename
      ... on ResumeSearchResults {
        total
        hits {
          id
          title
          summary
          occupations
          skills
          languages
          careerStatus
          place {
            city
            region
            countryCode
          }
          updatedAt
          distanceKm
        }
        facets {
          ...SearchFacetFields
        }
      }
      ... on SearchErrors {
        message
        errors {
          message
          field
          code
        }
      }
      ... on SearchUnavailable {
        message
      }
      ... on ResumeSearchOff {
        message
      }
    }
  }
`);

export type ResumeSearchResultsView = Extract<
  ResumeSearchQuery["resumeSearch"],
  { __typename: "ResumeSearchResults" }
>;
export type ResumeHitView = ResumeSearchResultsView["hits"][number];

/**
 * One resume as a recruiter sees it: the public fields, and the private ones (name, phone,
 * birthday, home) only when the API answers them (an approved contact request). No email:
 * the API has none, and this page never asks for one (spec 6).
 */
export const RECRUITER_RESUME = graphql(`
  query RecruiterResume($id: ID!) {
    resume(id: $id) {
      id
      title
      about
      updatedAt
      firstName
      lastName
      phone
      birthday
      homeLocation {
        locality
        administrativeArea
        countryCode
        zip
      }
      desiredOccupation {
        tid
        label
      }
      employmentTypes {
        tid
        label
      }
      desiredLocation {
        locality
        administrativeArea
        countryCode
      }
      desiredSalary {
        min
        max
        currency
        unit
      }
      careerStatus
      availableStart
      availabilityPeriods
      languages {
        language {
          tid
          label
        }
        level
      }
      languagesFree
      skills {
        tid
        label
      }
      skillsFree
      education {
        id
        institution
        degreeLevel {
          tid
          label
        }
        fieldOfStudy {
          tid
          label
        }
        studyProgram
        startDate
        endDate
        summary
      }
      workExperience {
        id
        jobTitle
        companyName
        occupation {
          tid
          label
        }
        location {
          locality
          countryCode
        }
        startDate
        endDate
        summary
      }
    }
  }
`);

export type RecruiterResumeView = NonNullable<RecruiterResumeQuery["resume"]>;

export const CONTACT_REQUEST_FIELDS = graphql(`
  fragment ContactRequestFields on ContactRequest {
    id
    status
    organizationId
    organizationName
    createdAt
    updatedAt
    refusal
  }
`);

/** An organization's contact requests (newest change first), with each resume's headline. */
export const ORGANIZATION_CONTACT_REQUESTS = graphql(`
  query OrganizationContactRequests(
    $organizationId: ID!
    $statuses: [ContactRequestStatus!]
    $limit: Int!
    $offset: Int!
  ) {
    organizationContactRequests(organizationId: $organizationId, statuses: $statuses, limit: $limit, offset: $offset) {
      total
      requests {
        ...ContactRequestFields
        resume {
          id
          title
        }
      }
    }
  }
`);

export type ContactRequestView = OrganizationContactRequestsQuery["organizationContactRequests"]["requests"][number];

/** The organization's request for one resume (the newest; at most one is open at a time). */
export const RESUME_CONTACT_REQUEST = graphql(`
  query ResumeContactRequest($organizationId: ID!, $resumeId: ID!) {
    organizationContactRequests(organizationId: $organizationId, resumeId: $resumeId, limit: 1, offset: 0) {
      total
      requests {
        ...ContactRequestFields
        resume {
          id
          title
        }
      }
    }
  }
`);

/** Spec 6: spends one resume contact slot of the organization through billing. */
export const REQUEST_RESUME_CONTACT = graphql(`
  mutation RequestResumeContact($resumeId: ID!, $organizationId: ID!) {
    requestResumeContact(resumeId: $resumeId, organizationId: $organizationId) {
      __typename
      ... on ContactRequestSaved {
        request {
          ...ContactRequestFields
          resume {
            id
            title
          }
        }
      }
      ...ResumeErrorFields
    }
  }
`);

/** Whose resume contacts: the recruiter's active organization (its number is billing's id). */
export const RESUME_CREDITS_ORGANIZATION = graphql(`
  query ResumeCreditsOrganization {
    currentUser {
      id
      activeOrganization {
        id
        number
        name
      }
    }
  }
`);

/** The organization's credits (spec 7: not cached); the resume contacts are type `contact`. */
export const RESUME_CREDITS = graphql(`
  query ResumeCredits($organizationId: Int) {
    getCredits(organizationId: $organizationId) {
      amount
      label
      organizationName
      type
      frontend
    }
    getSubscriptions(limit: 20, organizationId: $organizationId, filters: { status: [ACTIVE] }) {
      subscriptions {
        id
        organizationName
        usageResumeContactSlots {
          available
        }
      }
    }
  }
`);

/** The recruiter's organizations and the active one (whose name a contact request is made in). */
export const RECRUITER_ORGANIZATIONS = graphql(`
  query RecruiterOrganizations {
    currentUser {
      id
      activeOrganization {
        id
        name
      }
      organizations {
        id
        name
      }
    }
  }
`);
