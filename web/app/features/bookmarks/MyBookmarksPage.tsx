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
import { NavLink } from "~/components/Link";
import { BookmarkButton } from "~/components/BookmarkButton";
import { EmptyState } from "~/components/EmptyState";
import { graphql } from "~/lib/graphql/generated/gql";

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
  const { data, loading, error } = useQuery(MY_BOOKMARKS, {
    fetchPolicy: "cache-and-network",
  });
  const jobs = data?.myBookmarks.jobs ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>My bookmarks</Title>
      {error ? (
        <Alert color="red" role="alert">
          Your bookmarks could not be loaded.
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={120} /> : null}
      {data && jobs.length === 0 ? (
        <EmptyState
          action={
            <Anchor component={NavLink} to="/jobs">
              Search jobs
            </Anchor>
          }
        >
          No bookmarks yet. Bookmark jobs to come back to them.
        </EmptyState>
      ) : null}
      {jobs.length > 0 ? (
        <Table aria-label="My bookmarks">
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
                      bookmarked={job.bookmarked}
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
