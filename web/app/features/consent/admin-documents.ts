import { graphql } from "~/lib/graphql/generated/gql";

export const ADMIN_CONSENT_INFOS = graphql(`
  query AdminConsentInfos {
    getGdprConsentInfos(limit: 100, sorting: "type") {
      id
      type
      placement
      optIn
      text
      revision
      revisionId
      updatedAt
    }
  }
`);

export const CONSENT_INFO_REVISIONS = graphql(`
  query ConsentInfoRevisions($infoId: ID!) {
    getGdprConsentInfoRevisions(infoId: $infoId) {
      id
      number
      publishedAt
      text
    }
  }
`);

export const PUBLISH_CONSENT_REVISION = graphql(`
  mutation PublishConsentRevision($infoId: ID!, $texts: [ConsentTextInput!]!) {
    publishGdprConsentInfoRevision(infoId: $infoId, texts: $texts) {
      __typename
      ... on GdprConsentInfoSaved {
        info {
          id
          revision
          revisionId
          text
        }
      }
      ... on ConsentErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);
