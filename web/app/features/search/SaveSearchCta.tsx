import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { Link } from "react-router";

/** Where /job-bookmarks-anon sends visitors (spec 2: /jobs#save-search). */
export const SAVE_SEARCH_ANCHOR = "save-search";

/**
 * "Create a job alert" beside the results. Visitors sign up first (and come back to this
 * search); signed-in users keep jobs as bookmarks until job alerts have their own page.
 */
export function SaveSearchCta({ signedIn, searchHref }: { signedIn: boolean; searchHref: string }) {
  const headingId = useId();
  return (
    <Paper
      id={SAVE_SEARCH_ANCHOR}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      style={{ scrollMarginTop: "1rem" }}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          Get jobs like these by email
        </Title>
        {signedIn ? (
          <Text size="sm">
            Job alerts are coming soon. Until then, bookmark the jobs you like and find them in{" "}
            <Anchor component={Link} to="/my-bookmarks" size="sm">
              your bookmarks
            </Anchor>
            .
          </Text>
        ) : (
          <>
            <Text size="sm">Create a free account to save this search and hear about new jobs first.</Text>
            <Group>
              <Button
                component={Link}
                to={`/user/register?destination=${encodeURIComponent(searchHref)}`}
                variant="filled"
              >
                Create a job alert
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
