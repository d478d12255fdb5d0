import { useQuery } from "@apollo/client/react";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";
import { AlertList } from "./AlertList";
import { MY_JOB_ALERTS } from "./documents";

const messages = defineMessages({
  title: { id: "alerts.mine.title", defaultMessage: "Job alerts" },
  loading: { id: "alerts.mine.loading", defaultMessage: "Loading your job alerts…" },
  failed: { id: "alerts.mine.failed", defaultMessage: "We could not load your job alerts. Reload the page in a moment." },
  none: {
    id: "alerts.mine.none",
    defaultMessage: "You have no job alerts. <link>Search jobs</link> and choose “Create a job alert” to get new jobs by email.",
  },
});

/** The signed-in applicant's job alerts in the account, with their controls. */
export function MyJobAlerts() {
  const headingId = useId();
  const { data, loading, error } = useQuery(MY_JOB_ALERTS, { fetchPolicy: "cache-and-network" });
  const alerts = data?.myJobAlerts;
  let body;
  if (error && !alerts)
    body = (
      <Text role="alert">
        <FormattedMessage {...messages.failed} />
      </Text>
    );
  else if (!alerts)
    body = (
      <Text c="dimmed">{loading ? <FormattedMessage {...messages.loading} /> : null}</Text>
    );
  else if (alerts.length === 0)
    body = (
      <Text>
        <FormattedMessage
          {...messages.none}
          values={{
            link: (chunks) => (
              <Anchor component={Link} to="/jobs">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    );
  else body = <AlertList alerts={alerts} manageToken={null} />;
  return (
    <Stack component="section" id="job-alerts" gap="sm" maw={720} aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        <FormattedMessage {...messages.title} />
      </Title>
      {body}
    </Stack>
  );
}
