import { Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { CreateJobAlert, type CreateJobAlertProps } from "./CreateJobAlert";

const messages = defineMessages({
  title: { id: "search.alert.title", defaultMessage: "Get jobs like these by email" },
  text: {
    id: "search.alert.text",
    defaultMessage: "Save this search as a job alert and hear about new matching jobs instantly, daily or weekly.",
  },
});

/** Where /job-bookmarks-anon sends visitors (spec 2: /jobs#save-search). */
export const SAVE_SEARCH_ANCHOR = "save-search";

/**
 * "Create a job alert" beside the results: saves the page's search as an alert (visitors give
 * an address, pass the captcha and confirm from the mailed link).
 */
export function SaveSearchCta(props: CreateJobAlertProps) {
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
        <Text size="sm">
          <FormattedMessage {...messages.text} />
        </Text>
        <CreateJobAlert {...props} />
      </Stack>
    </Paper>
  );
}
