import { graphql } from "~/lib/graphql/generated/gql";

/** Spec 7: the site asks about placement REGISTRATION and type PRIVACY_POLICY. */
export const TERMS_PLACEMENT = "REGISTRATION";
export const TERMS_TYPE = "PRIVACY_POLICY";

export const GDPR_CONSENT_INFOS = graphql(`
  query getGdprConsentInfos(
    $id: ID
    $type: String
    $limit: Int
    $offset: Int
    $sorting: String
    $placement: String
    $language: String
    $path: String
  ) {
    getGdprConsentInfos(
      id: $id
      type: $type
      limit: $limit
      offset: $offset
      sorting: $sorting
      placement: $placement
      language: $language
      path: $path
    ) {
      id
      type
      optIn
      text
    }
  }
`);

export const HAS_THE_LATEST_CONSENT = graphql(`
  query hasTheLatestConsent($type: String!, $placement: String!) {
    hasTheLatestConsent(type: $type, placement: $placement) {
      infoRevisionId
      infoId
      id
      mail
    }
  }
`);

export const CREATE_GDPR_USER_CONSENT = graphql(`
  mutation createGdprUserConsent($mail: String!, $infoId: ID!) {
    createGdprUserConsent(mail: $mail, infoId: $infoId) {
      errors {
        field
        code
        message
      }
      consent {
        id
        mail
        infoId
        infoRevisionId
      }
    }
  }
`);
