import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  title: { id: "home.title", defaultMessage: "Find your next job" },
  intro: { id: "home.intro", defaultMessage: "Search open positions, explore organizations and browse resumes." },
  searchJobs: { id: "home.searchJobs", defaultMessage: "Search jobs" },
  browseOrganizations: { id: "home.browseOrganizations", defaultMessage: "Browse organizations" },
  documentTitle: { id: "home.documentTitle", defaultMessage: "Jobboard: find jobs, organizations and resumes" },
  description: { id: "home.description", defaultMessage: "Search jobs and organizations on Jobboard." },
});

/** The home page's head: its title and description. */
export const HOME_META = { title: messages.documentTitle, description: messages.description };

export function HomePage() {
  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.intro} />
      </Text>
      <Group gap="lg">
        <Anchor component={Link} to="/jobs">
          <FormattedMessage {...messages.searchJobs} />
        </Anchor>
        <Anchor component={Link} to="/organizations">
          <FormattedMessage {...messages.browseOrganizations} />
        </Anchor>
      </Group>
    </Stack>
  );
}
