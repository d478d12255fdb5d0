import { graphql } from "~/lib/graphql/generated/gql";

/** An organization's counts per day (analytics' organizationStats; members and admins). */
export const ORGANIZATION_STATS = graphql(`
  query OrganizationStats($organizationId: ID!, $days: Int!) {
    organizationStats(organizationId: $organizationId, days: $days) {
      organizationId
      visits
      applyStarts
      applyCompletions
      bookmarks
      shares
      profileVisits
      days {
        day
        visits
        applyStarts
        applyCompletions
        bookmarks
        shares
        profileVisits
      }
    }
  }
`);
