import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { Link } from "~/components/Link";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  title: { id: "search.alert.title", defaultMessage: "Get jobs like these by email" },
  soon: {
    id: "search.alert.soon",
    defaultMessage:
      "Job alerts are coming soon. Until then, bookmark the jobs you like and find them in <link>your bookmarks</link>.",
  },
  visitor: {
    id: "search.alert.visitor",
    defaultMessage: "Create a free account to save this search and hear about new jobs first.",
  },
  create: { id: "search.alert.create", defaultMessage: "Create a job alert" },
});

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
          <FormattedMessage {...messages.title} />
        </Title>
        {signedIn ? (
          <Text size="sm">
            <FormattedMessage
              {...messages.soon}
              values={{
                link: (chunks) => (
                  <Anchor component={Link} to="/my-bookmarks" size="sm">
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        ) : (
          <>
            <Text size="sm">
              <FormattedMessage {...messages.visitor} />
            </Text>
            <Group>
              <Button
                component={Link}
                to={`/user/register?destination=${encodeURIComponent(searchHref)}`}
                variant="filled"
              >
                <FormattedMessage {...messages.create} />
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
