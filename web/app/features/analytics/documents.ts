import { graphql } from "~/lib/graphql/generated/gql";

/**
 * An organization's counts per day over a period (or one of its jobs'), with its jobs' totals
 * over the period (analytics' organizationStats; members and admins; titles from jobs).
 */
export const ORGANIZATION_STATS = graphql(`
  query OrganizationStats($organizationId: ID!, $days: Int!, $from: Date, $to: Date, $jobId: ID) {
    organizationStats(organizationId: $organizationId, days: $days, from: $from, to: $to, jobId: $jobId) {
      organizationId
      visits
      applyStarts
      applyCompletions
      bookmarks
      shares
      profileVisits
      firstDay
      lastDay
      days {
        day
        visits
        applyStarts
        applyCompletions
        bookmarks
        shares
        profileVisits
      }
      jobs {
        jobId
        visits
        applyStarts
        applyCompletions
        job {
          id
          title
          slug
        }
      }
    }
  }
`);
