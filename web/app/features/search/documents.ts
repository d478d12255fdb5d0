import { graphql } from "~/lib/graphql/generated/gql";

// The search pages' shared documents (lib/search/documents), named here too for the job search.
export { LOCATION_SUGGESTIONS, SEARCH_FACET_FIELDS } from "~/lib/search/documents";
import type {
  JobSearchQuery,
  OrganizationSearchQuery,
  UpdateLandingPageMutation,
} from "~/lib/graphql/generated/graphql";


export const SEARCH_METADATA_FIELDS = graphql(`
  fragment SearchMetadataFields on SearchMetadata {
    metatags {
      meta
      value
    }
    sorting
    page
    pageSize
    radius
    unit
    noindex
  }
`);

export const JOB_SEARCH_HIT_FIELDS = graphql(`
  fragment JobSearchHitFields on JobSearchHit {
    job {
      id
      bookmarked @include(if: $signedIn)
    }
    title
    slug
    organizationId
    organizationName
    organizationSlug
    logoUrl
    snippet
    locations {
      locality
      countryCode
      administrativeArea
    }
    salary {
      currency
      unit
      min
      max
    }
    remoteOptions
    employmentTypes
    publishedAt
    featured
    hasVideo
    distanceKm
  }
`);

/** Spec 3: the job search; the union is switched on __typename. */
export const JOB_SEARCH = graphql(`
  query JobSearch($input: JobSearchInput!, $signedIn: Boolean! = false) {
    jobSearch(input: $input) {
      __typename
      ... on JobSearchResults {
        total
        hits {
          ...JobSearchHitFields
        }
        facets {
          ...SearchFacetFields
        }
        metadata {
          ...SearchMetadataFields
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
    }
  }
`);

export const ORGANIZATION_SEARCH = graphql(`
  query OrganizationSearch($input: OrganizationSearchInput!) {
    organizationSearch(input: $input) {
      __typename
      ... on OrganizationSearchResults {
        total
        hits {
          name
          slug
          logoUrl
          snippet
          industry
          occupations
          countries
          openJobs
          featured
        }
        facets {
          ...SearchFacetFields
        }
        metadata {
          ...SearchMetadataFields
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
    }
  }
`);


/** /jobs/{alias}[/{alias}]: the terms the path names (unknown aliases are left out). */
export const JOB_CATEGORY_TERMS = graphql(`
  query JobCategoryTerms($aliases: [String!]!) {
    termsByAlias(aliases: $aliases) {
      tid
      vocabulary
      label
      alias
    }
  }
`);

/** The curated title, intro and meta description of a search path (ADR 0016). */
/** An admin-like user's new title, intro and meta description for a landing page. */
export const UPDATE_LANDING_PAGE = graphql(`
  mutation UpdateLandingPage($input: UpdateLandingPageInput!) {
    updateLandingPage(input: $input) {
      __typename
      ... on LandingPageSaved {
        landingPage {
          id
          title
          intro
          description
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
      ... on NotFound {
        message
      }
    }
  }
`);

export type JobSearchAnswer = JobSearchQuery["jobSearch"];
export type JobSearchResultsView = Extract<JobSearchAnswer, { __typename: "JobSearchResults" }>;
export type JobSearchHitView = JobSearchResultsView["hits"][number];
export type { SearchFacetView } from "~/lib/search/documents";
export type SearchErrorsView = Extract<JobSearchAnswer, { __typename: "SearchErrors" }>;
export type OrganizationSearchAnswer = OrganizationSearchQuery["organizationSearch"];
export type OrganizationSearchResultsView = Extract<
  OrganizationSearchAnswer,
  { __typename: "OrganizationSearchResults" }
>;
export type OrganizationSearchHitView = OrganizationSearchResultsView["hits"][number];
export type UpdateLandingPageAnswer = UpdateLandingPageMutation["updateLandingPage"];

/**
 * The 404 page's popular categories: the occupational fields with the most open jobs (the
 * facet's counts) and their path aliases.
 */
export const POPULAR_CATEGORIES = graphql(`
  query PopularCategories($limit: Int!) {
    jobSearch(input: { facets: [{ field: "occupations", limit: $limit }] }) {
      __typename
      ... on JobSearchResults {
        facets {
          field
          values {
            value
            label
            count
          }
        }
      }
    }
    terms(vocabulary: "occupational_fields", limit: 500) {
      tid
      alias
    }
  }
`);
