import { graphql } from "~/lib/graphql/generated/gql";

/** Every group of a profile, as the editor shows and saves it (personalInfo included). */
export const EDITOR_PROFILE_FIELDS = graphql(`
  fragment EditorProfileFields on OrganizationProfile {
    id
    slug
    status
    name
    alternativeName
    logo {
      uploadId
      url
      alt
    }
    cover {
      uploadId
      url
      alt
    }
    organizationLocation {
      ...EditorAddressFields
    }
    website
    socialProfiles {
      facebook
      twitter
      linkedin
      youtube
      xing
      instagram
      tiktok
      blueSky
    }
    personalInfo {
      salutation
      firstName
      lastName
      phone
      position
    }
    companyInfo {
      name
      address {
        ...EditorAddressFields
      }
    }
    presentation
    industry {
      tid
      label
    }
    size {
      tid
      label
    }
    occupation {
      tid
      label
    }
    fieldsOfStudy {
      tid
      label
    }
    benefits {
      tid
      label
    }
    contactPersons {
      salutation
      firstName
      lastName
      photo {
        uploadId
        url
        alt
      }
      email
      position
      phone
      linkedinProfile
      contactInfo
    }
    gallery {
      uploadId
      image {
        url
        alt
        title
      }
      thumbnail {
        url
      }
    }
    videos {
      source
      cover {
        uploadId
        url
      }
      coverTitle
    }
    locations {
      name
      address {
        ...EditorAddressFields
      }
    }
    faq {
      question
      answer
    }
    attachments {
      uploadId
      title
      url
    }
    organization {
      id
      name
      ownerId
    }
    publishedAt
    updatedAt
  }
`);

export const EDITOR_ADDRESS_FIELDS = graphql(`
  fragment EditorAddressFields on Address {
    countryCode
    addressLine1
    addressLine2
    administrativeArea
    locality
    zip
  }
`);

export const UPDATABLE_ORGANIZATION_PROFILES = graphql(`
  query UpdatableOrganizationProfiles {
    updatableOrganizationProfiles {
      id
      slug
      status
      name
      logo {
        url
        alt
      }
    }
  }
`);

export const CREATE_ORGANIZATION = graphql(`
  mutation CreateOrganization($input: CreateOrganizationInput!) {
    createOrganization(input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          id
          slug
          status
          name
        }
      }
      ... on OrganizationErrors {
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

export const ORGANIZATION_PROFILE_EDITOR = graphql(`
  query OrganizationProfileEditor($id: ID!) {
    organizationProfile(id: $id) {
      ...EditorProfileFields
    }
  }
`);

export const TERMS = graphql(`
  query VocabularyTerms($vocabulary: String!, $search: String, $limit: Int) {
    terms(vocabulary: $vocabulary, search: $search, limit: $limit) {
      tid
      label
    }
  }
`);

export const UPDATE_ORGANIZATION_INFO = graphql(`
  mutation UpdateOrganizationInfo($id: ID!, $input: OrganizationInfoInput!) {
    updateOrganizationInfo(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_COMPANY_INFO = graphql(`
  mutation UpdateOrganizationCompanyInfo($id: ID!, $input: CompanyInfoInput!) {
    updateOrganizationCompanyInfo(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_PERSONAL_INFO = graphql(`
  mutation UpdateOrganizationPersonalInfo($id: ID!, $input: PersonalInfoInput!) {
    updateOrganizationPersonalInfo(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_ABOUT = graphql(`
  mutation UpdateOrganizationAbout($id: ID!, $input: AboutInput!) {
    updateOrganizationAbout(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_BENEFITS = graphql(`
  mutation UpdateOrganizationBenefits($id: ID!, $input: BenefitsInput!) {
    updateOrganizationBenefits(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_CONTACT_PERSONS = graphql(`
  mutation UpdateOrganizationContactPersons($id: ID!, $input: ContactPersonsInput!) {
    updateOrganizationContactPersons(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_GALLERY = graphql(`
  mutation UpdateOrganizationGallery($id: ID!, $input: GalleryInput!) {
    updateOrganizationGallery(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_VIDEOS = graphql(`
  mutation UpdateOrganizationVideos($id: ID!, $input: VideosInput!) {
    updateOrganizationVideos(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_LOCATIONS = graphql(`
  mutation UpdateOrganizationLocations($id: ID!, $input: LocationsInput!) {
    updateOrganizationLocations(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_FAQ = graphql(`
  mutation UpdateOrganizationFaq($id: ID!, $input: FaqInput!) {
    updateOrganizationFaq(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const UPDATE_ORGANIZATION_ATTACHMENTS = graphql(`
  mutation UpdateOrganizationAttachments($id: ID!, $input: AttachmentsInput!) {
    updateOrganizationAttachments(id: $id, input: $input) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          ...EditorProfileFields
        }
      }
      ... on OrganizationErrors {
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

export const PUBLISH_ORGANIZATION_PROFILE = graphql(`
  mutation PublishOrganizationProfile($id: ID!) {
    publishOrganizationProfile(id: $id) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          id
          status
          publishedAt
        }
      }
      ... on OrganizationErrors {
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

export const UNPUBLISH_ORGANIZATION_PROFILE = graphql(`
  mutation UnpublishOrganizationProfile($id: ID!) {
    unpublishOrganizationProfile(id: $id) {
      __typename
      ... on OrganizationProfileSaved {
        profile {
          id
          status
          publishedAt
        }
      }
      ... on OrganizationErrors {
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

export const ORGANIZATION_MEMBERS_PAGE = graphql(`
  query OrganizationMembersPage($id: ID!) {
    currentUser {
      id
    }
    organizationProfile(id: $id) {
      id
      slug
      name
      organization {
        id
        name
        ownerId
      }
    }
  }
`);

export const ORGANIZATION_MEMBERS = graphql(`
  query OrganizationMembers($organizationId: ID!) {
    organizationMembers(organizationId: $organizationId) {
      role
      user {
        id
        name
      }
    }
    organizationInvitations(organizationId: $organizationId) {
      id
      email
      expiresAt
    }
  }
`);

export const INVITE_ORGANIZATION_MEMBER = graphql(`
  mutation InviteOrganizationMember($organizationId: ID!, $email: String!) {
    inviteOrganizationMember(organizationId: $organizationId, email: $email) {
      __typename
      ... on InvitationSent {
        email
        expiresAt
      }
      ... on OrganizationErrors {
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

export const REMOVE_ORGANIZATION_MEMBER = graphql(`
  mutation RemoveOrganizationMember($organizationId: ID!, $userId: ID!) {
    removeOrganizationMember(organizationId: $organizationId, userId: $userId) {
      __typename
      ... on MembershipChanged {
        organization {
          id
        }
      }
      ... on OrganizationErrors {
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

export const LEAVE_ORGANIZATION = graphql(`
  mutation LeaveOrganization($organizationId: ID!) {
    leaveOrganization(organizationId: $organizationId) {
      __typename
      ... on MembershipChanged {
        organization {
          id
        }
      }
      ... on OrganizationErrors {
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

/** The caller's organizations and the one they work for now (the active organization switch). */
export const MY_ORGANIZATIONS = graphql(`
  query MyOrganizations {
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

export const SET_ACTIVE_ORGANIZATION = graphql(`
  mutation SetActiveOrganization($organizationId: ID!) {
    setActiveOrganization(organizationId: $organizationId) {
      __typename
      ... on MembershipChanged {
        organization {
          id
          name
        }
      }
      ... on OrganizationErrors {
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

/** The API keys page: the organization behind the profile of the route. */
export const ORGANIZATION_API_KEYS_PAGE = graphql(`
  query OrganizationApiKeysPage($id: ID!) {
    organizationProfile(id: $id) {
      id
      slug
      name
      organization {
        id
        name
      }
    }
  }
`);

/** An ATS API key as its organization's list shows it (never its secret). */
export const API_KEY_FIELDS = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    prefix
    scopes
    createdAt
    createdByEmail
    lastUsedAt
    revokedAt
  }
`);

export const ORGANIZATION_API_KEYS = graphql(`
  query OrganizationApiKeys($organizationId: ID!) {
    apiKeys(organizationId: $organizationId) {
      ...ApiKeyFields
    }
  }
`);

export const CREATE_API_KEY = graphql(`
  mutation CreateApiKey($organizationId: ID!, $name: String!, $scopes: [ApiKeyScope!]!) {
    createApiKey(organizationId: $organizationId, name: $name, scopes: $scopes) {
      __typename
      ... on ApiKeyCreated {
        key {
          ...ApiKeyFields
        }
        secret
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

export const DELETE_API_KEY = graphql(`
  mutation DeleteApiKey($id: ID!) {
    deleteApiKey(id: $id) {
      __typename
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

export const REVOKE_API_KEY = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      __typename
      ... on ApiKeySaved {
        key {
          ...ApiKeyFields
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

/** The webhooks page: the organization behind the profile of the route. */
export const ORGANIZATION_WEBHOOKS_PAGE = graphql(`
  query OrganizationWebhooksPage($id: ID!) {
    organizationProfile(id: $id) {
      id
      slug
      name
      organization {
        id
        name
      }
    }
  }
`);

/** A webhook endpoint as its organization's list shows it, its signing secret included (ADR 0040). */
export const WEBHOOK_ENDPOINT_FIELDS = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    organizationId
    url
    description
    eventTypes
    secret
    previousSecretUntil
    enabled
    disabledReason
    createdAt
  }
`);

export const WEBHOOK_ENDPOINTS = graphql(`
  query WebhookEndpoints($organizationId: ID!) {
    webhookEndpoints(organizationId: $organizationId) {
      ...WebhookEndpointFields
    }
  }
`);

export const WEBHOOK_EVENT_TYPES = graphql(`
  query WebhookEventTypes {
    webhookEventTypes {
      name
      description
    }
  }
`);

/** An endpoint's delivery log, newest first (the API keeps 30 days). */
export const WEBHOOK_DELIVERIES = graphql(`
  query WebhookDeliveries($endpointId: ID!, $limit: Int!) {
    webhookDeliveries(endpointId: $endpointId, limit: $limit) {
      id
      eventType
      status
      attempts
      nextAttemptAt
      lastStatusCode
      lastError
      createdAt
      deliveredAt
      payload
    }
  }
`);

export const CREATE_WEBHOOK_ENDPOINT = graphql(`
  mutation CreateWebhookEndpoint($organizationId: ID!, $url: String!, $eventTypes: [String!]!, $description: String) {
    createWebhookEndpoint(organizationId: $organizationId, url: $url, eventTypes: $eventTypes, description: $description) {
      __typename
      ... on WebhookEndpointSaved {
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ... on WebhookErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const UPDATE_WEBHOOK_ENDPOINT = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $url: String, $eventTypes: [String!], $description: String, $enabled: Boolean) {
    updateWebhookEndpoint(id: $id, url: $url, eventTypes: $eventTypes, description: $description, enabled: $enabled) {
      __typename
      ... on WebhookEndpointSaved {
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ... on WebhookErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const ROTATE_WEBHOOK_SECRET = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      __typename
      ... on WebhookEndpointSaved {
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ... on WebhookErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

export const DELETE_WEBHOOK_ENDPOINT = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      __typename
      ... on WebhookEndpointDeleted {
        id
      }
      ... on WebhookErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

/** One delivery again (`deliveryId`), or every delivery of the endpoint of the last `hours` hours. */
export const REPLAY_WEBHOOK_DELIVERIES = graphql(`
  mutation ReplayWebhookDeliveries($id: ID!, $deliveryId: ID, $hours: Int!) {
    replayWebhookDeliveries(id: $id, deliveryId: $deliveryId, hours: $hours) {
      __typename
      ... on WebhookReplayed {
        count
      }
      ... on WebhookErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

/** The job feeds page: the organization behind the profile of the route. */
export const ORGANIZATION_FEEDS_PAGE = graphql(`
  query OrganizationFeedsPage($id: ID!) {
    organizationProfile(id: $id) {
      id
      slug
      name
      organization {
        id
        name
      }
    }
  }
`);

/** One import of a feed and its report (ADR 0041). */
export const FEED_RUN_FIELDS = graphql(`
  fragment FeedRunFields on FeedRun {
    id
    sourceId
    trigger
    status
    startedAt
    finishedAt
    items
    created
    updated
    unchanged
    duplicate
    rejected
    closed
    error
    issues {
      position
      reference
      title
      outcome
      errors {
        field
        code
        message
      }
    }
  }
`);

/** A feed source as its organization's list shows it, with its newest report. */
export const FEED_SOURCE_FIELDS = graphql(`
  fragment FeedSourceFields on FeedSource {
    id
    organizationId
    name
    url
    format
    enabled
    intervalMinutes
    createdAt
    createdByEmail
    lastRunAt
    nextRunAt
    lastRun {
      ...FeedRunFields
    }
  }
`);

export const ORGANIZATION_FEED_SOURCES = graphql(`
  query OrganizationFeedSources($organizationId: ID!) {
    feedSources(organizationId: $organizationId) {
      ...FeedSourceFields
    }
  }
`);

export const FEED_RUNS = graphql(`
  query FeedRuns($sourceId: ID!, $limit: Int!) {
    feedRuns(sourceId: $sourceId, limit: $limit) {
      ...FeedRunFields
    }
  }
`);

export const CREATE_FEED_SOURCE = graphql(`
  mutation CreateFeedSource(
    $organizationId: ID!
    $name: String!
    $url: String!
    $format: FeedFormat!
    $intervalMinutes: Int!
    $enabled: Boolean!
  ) {
    createFeedSource(
      organizationId: $organizationId
      name: $name
      url: $url
      format: $format
      intervalMinutes: $intervalMinutes
      enabled: $enabled
    ) {
      __typename
      ... on FeedSourceSaved {
        source {
          ...FeedSourceFields
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

export const UPDATE_FEED_SOURCE = graphql(`
  mutation UpdateFeedSource(
    $id: ID!
    $name: String
    $url: String
    $format: FeedFormat
    $intervalMinutes: Int
    $enabled: Boolean
  ) {
    updateFeedSource(id: $id, name: $name, url: $url, format: $format, intervalMinutes: $intervalMinutes, enabled: $enabled) {
      __typename
      ... on FeedSourceSaved {
        source {
          ...FeedSourceFields
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

export const DELETE_FEED_SOURCE = graphql(`
  mutation DeleteFeedSource($id: ID!) {
    deleteFeedSource(id: $id) {
      __typename
      ... on FeedSourceDeleted {
        id
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

export const RUN_FEED_SOURCE = graphql(`
  mutation RunFeedSource($id: ID!) {
    runFeedSource(id: $id) {
      __typename
      ... on FeedSourceRan {
        run {
          ...FeedRunFields
        }
        source {
          ...FeedSourceFields
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
