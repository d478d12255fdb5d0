import { graphql } from "~/lib/graphql/generated/gql";

/** Whose products: the recruiter's active organization (its integer number is billing's id). */
export const BILLING_ORGANIZATION = graphql(`
  query BillingOrganization {
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

export const CREDITS = graphql(`
  query Credits($organizationId: Int) {
    getCredits(organizationId: $organizationId) {
      amount
      label
      organizationName
      type
      frontend
    }
  }
`);

export const SUBSCRIPTIONS = graphql(`
  query Subscriptions($organizationId: Int, $limit: Int!, $offset: Int!) {
    getSubscriptions(
      organizationId: $organizationId
      limit: $limit
      offset: $offset
    ) {
      total
      errors {
        field
        message
      }
      subscriptions {
        id
        label
        startDate
        endDate
        organizationName
        availableJobSlots
        usageResumeContactSlots {
          active
          available
          total
        }
        status {
          label
          value
        }
        type
        frontend
        product {
          id
          name
        }
        absoluteUrl
      }
    }
  }
`);
