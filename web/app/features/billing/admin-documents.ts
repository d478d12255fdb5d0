import { graphql } from "~/lib/graphql/generated/gql";

export const ORGANIZATION_LEDGER = graphql(`
  query OrganizationLedger($organizationId: Int!) {
    organizationLedger(organizationId: $organizationId, limit: 50) {
      total
      entries {
        id
        createdAt
        kind
        entryType
        amount
        balance
        label
        reference
      }
    }
  }
`);

export const ADMIN_SUBSCRIPTIONS = graphql(`
  query AdminSubscriptions($organizationId: Int) {
    getSubscriptions(
      organizationId: $organizationId
      limit: 50
      showSubscriptionsFromAllFrontends: true
    ) {
      total
      errors {
        message
      }
      subscriptions {
        id
        label
        startDate
        endDate
        availableJobSlots
        status {
          label
          value
        }
        product {
          id
          name
        }
      }
    }
  }
`);

export const PRODUCTS = graphql(`
  query Products {
    products {
      id
      name
      type
    }
  }
`);

export const GRANT_CREDITS = graphql(`
  mutation GrantCredits(
    $organizationId: Int!
    $kind: CreditKind!
    $amount: Int!
    $validDays: Int
  ) {
    grantCredits(
      organizationId: $organizationId
      kind: $kind
      amount: $amount
      validDays: $validDays
    ) {
      __typename
      ... on CreditsGranted {
        credit {
          amount
          label
        }
      }
      ... on BillingErrors {
        errors {
          field
          message
        }
      }
    }
  }
`);

export const CREATE_SUBSCRIPTION = graphql(`
  mutation CreateSubscription($organizationId: Int!, $productId: ID!) {
    createSubscription(organizationId: $organizationId, productId: $productId) {
      __typename
      ... on BillingErrors {
        errors {
          field
          message
        }
      }
    }
  }
`);

export const EXTEND_SUBSCRIPTION = graphql(`
  mutation ExtendSubscription($id: ID!, $days: Int!) {
    extendSubscription(id: $id, days: $days) {
      __typename
      ... on BillingErrors {
        errors {
          message
        }
      }
    }
  }
`);

export const CANCEL_SUBSCRIPTION = graphql(`
  mutation CancelSubscription($id: ID!) {
    cancelSubscription(id: $id) {
      __typename
      ... on BillingErrors {
        errors {
          message
        }
      }
    }
  }
`);
