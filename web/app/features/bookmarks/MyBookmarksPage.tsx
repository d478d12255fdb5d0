import { useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Group,
  Skeleton,
  Stack,
  Table,
  Title,
} from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { BookmarkButton } from "~/components/BookmarkButton";
import { EmptyState } from "~/components/EmptyState";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  title: { id: "bookmarks.mine.title", defaultMessage: "My bookmarks" },
  failed: { id: "bookmarks.mine.failed", defaultMessage: "Your bookmarks could not be loaded." },
  search: { id: "bookmarks.mine.search", defaultMessage: "Search jobs" },
  empty: { id: "bookmarks.mine.empty", defaultMessage: "No bookmarks yet. Bookmark jobs to come back to them." },
});

/** The page's name, for its document title. */
export const MY_BOOKMARKS_TITLE = messages.title;

export const MY_BOOKMARKS = graphql(`
  query MyBookmarks {
    myBookmarks(limit: 100) {
      total
      jobs {
        id
        slug
        title
        bookmarked
      }
    }
  }
`);

/** /my-bookmarks: the jobs a signed-in user keeps (those still online). */
export function MyBookmarksPage() {
  const intl = useIntl();
  const { data, loading, error } = useQuery(MY_BOOKMARKS, {
    fetchPolicy: "cache-and-network",
  });
  const jobs = data?.myBookmarks.jobs ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={120} /> : null}
      {data && jobs.length === 0 ? (
        <EmptyState
          action={
            <Anchor component={NavLink} to="/jobs">
              <FormattedMessage {...messages.search} />
            </Anchor>
          }
        >
          <FormattedMessage {...messages.empty} />
        </EmptyState>
      ) : null}
      {jobs.length > 0 ? (
        <Table aria-label={intl.formatMessage(messages.title)}>
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <Anchor component={NavLink} to={`/job/${job.slug}`}>
                    {job.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <BookmarkButton
                      jobId={job.id}
                      // the list is the jobs service's own answer: null never comes here
                      bookmarked={job.bookmarked ?? true}
                      signedIn
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
