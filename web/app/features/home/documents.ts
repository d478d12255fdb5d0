import { graphql } from "~/lib/graphql/generated/gql";
import type { HomeJobsQuery, HomeOrganizationsQuery, HomeTopJobsQuery } from "~/lib/graphql/generated/graphql";

/**
 * The home page's jobs: the first positions of the newest-first search (spec 9: featured jobs
 * take positions 0-6 of the first page, then the newest), the open jobs' total, the occupational
 * fields with the most open jobs (the facet's counts) and their category path aliases.
 */
export const HOME_JOBS = graphql(`
  query HomeJobs($last: Int!, $categories: Int!) {
    jobSearch(
      input: {
        range: { first: 0, last: $last }
        sorts: [{ field: "field_job_publishing_date", value: "DESC" }]
        facets: [{ field: "occupations", limit: $categories }]
      }
    ) {
      __typename
      ... on JobSearchResults {
        total
        hits {
          title
          slug
          organizationName
          logoUrl
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
        }
        facets {
          field
          values {
            value
            label
            count
          }
        }
      }
      ... on SearchUnavailable {
        message
      }
      ... on SearchErrors {
        message
      }
    }
    terms(vocabulary: "occupational_fields", limit: 500) {
      tid
      alias
    }
  }
`);

/**
 * The site's most viewed jobs of the week (analytics counts the views, jobs answers each job;
 * a job no longer open is null or not PUBLISHED and stays out).
 */
export const HOME_TOP_JOBS = graphql(`
  query HomeTopJobs($limit: Int!) {
    topJobs(days: 7, limit: $limit) {
      id
      state
      title
      slug
      organizationName
      logo {
        url
      }
      locations {
        address {
          locality
          countryCode
          administrativeArea
        }
      }
      salaryRange {
        minSalary
        maxSalary
        currencyCode
        salaryUnit
      }
      remoteOptions {
        label
      }
      employmentType {
        label
      }
      publishedAt
    }
  }
`);

/** The newest open jobs whose page plays a video (spec 9: video jobs take positions 0-6). */
export const HOME_VIDEO_JOBS = graphql(`
  query HomeVideoJobs($limit: Int!) {
    videoJobs(limit: $limit) {
      __typename
      ... on VideoJobs {
        hits {
          title
          slug
          organizationName
          logoUrl
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
          hasVideo
        }
      }
    }
  }
`);

/** The employment types' ids by alias: which of them train people (internships). */
export const HOME_EMPLOYMENT_TYPES = graphql(`
  query HomeEmploymentTypes {
    terms(vocabulary: "employment_types", limit: 100) {
      tid
      alias
    }
  }
`);

/**
 * The organizations that train people: the newest open jobs of the training employment types,
 * with each organization's profile (its cover in the teaser style, spec 9: 1000 by 500), and
 * how many such jobs each organization has (the company facet, up to 50 organizations).
 */
export const HOME_TRAINING = graphql(`
  query HomeTraining($conditions: [SearchConditionInput!]!, $last: Int!, $organizations: Int!) {
    jobSearch(
      input: {
        range: { first: 0, last: $last }
        sorts: [{ field: "field_job_publishing_date", value: "DESC" }]
        conditionGroups: [{ conditions: $conditions, tags: ["facet:employmentType"] }]
        facets: [{ field: "company", limit: $organizations }]
      }
    ) {
      __typename
      ... on JobSearchResults {
        hits {
          organizationId
          organizationName
          organizationSlug
          logoUrl
          job {
            id
            organizationProfile {
              id
              cover {
                url
                alt
              }
            }
          }
        }
        facets {
          field
          values {
            value
            count
          }
        }
      }
    }
  }
`);

/** The first page of the organizations (spec 9: featured organizations fill positions 0-4) and their total. */
export const HOME_ORGANIZATIONS = graphql(`
  query HomeOrganizations {
    organizationSearch(input: { page: 1 }) {
      __typename
      ... on OrganizationSearchResults {
        total
        hits {
          name
          slug
          logoUrl
          snippet
          industry
          openJobs
          featured
        }
      }
      ... on SearchUnavailable {
        message
      }
      ... on SearchErrors {
        message
      }
    }
  }
`);

export type HomeJobsResults = Extract<HomeJobsQuery["jobSearch"], { __typename: "JobSearchResults" }>;
export type HomeJobHit = HomeJobsResults["hits"][number];
export type HomeOrganizationHit = Extract<
  HomeOrganizationsQuery["organizationSearch"],
  { __typename: "OrganizationSearchResults" }
>["hits"][number];
export type HomeTopJob = NonNullable<HomeTopJobsQuery["topJobs"][number]>;
