import { Stack, Text, Title } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  title: { id: "resumes.search.title", defaultMessage: "Search resumes" },
  empty: { id: "resumes.search.empty", defaultMessage: "No resumes match yet." },
});

/** The page's name, for its document title. */
export const RESUME_SEARCH_TITLE = messages.title;

export function ResumeSearchPage() {
  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.empty} />
      </Text>
    </Stack>
  );
}
