import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Group, List, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";
import { MY_RESUME_ALERTS } from "./documents";
import { INTERVAL_LABELS, isResumeAlertInterval, resumeAlertEditPath } from "./intervals";

const messages = defineMessages({
  title: { id: "resumes.alerts.mine.title", defaultMessage: "Your resume alerts" },
  none: {
    id: "resumes.alerts.mine.none",
    defaultMessage: "No saved resume searches yet. Search, then choose “Save this search as an alert”.",
  },
  failed: { id: "resumes.alerts.mine.failed", defaultMessage: "We could not load your resume alerts." },
  edit: { id: "resumes.alerts.mine.edit", defaultMessage: "Edit" },
  open: { id: "resumes.alerts.mine.open", defaultMessage: "Search" },
});

/** The recruiter's saved resume searches (on /resumes): name, interval, the search, the edit page. */
export function MyResumeAlerts() {
  const intl = useIntl();
  const headingId = useId();
  const { data, error } = useQuery(MY_RESUME_ALERTS, { fetchPolicy: "cache-and-network" });
  const alerts = data?.myResumeAlerts;
  let body;
  if (error && !alerts)
    body = (
      <Text role="alert" size="sm">
        <FormattedMessage {...messages.failed} />
      </Text>
    );
  else if (!alerts) body = null;
  else if (alerts.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        <FormattedMessage {...messages.none} />
      </Text>
    );
  else
    body = (
      <List listStyleType="none" spacing="xs">
        {alerts.map((alert) => (
          <List.Item key={alert.id} aria-label={alert.name}>
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>{alert.name}</Text>
              <Badge variant="light" color={alert.interval > 0 ? "blue" : "gray"}>
                {isResumeAlertInterval(alert.interval) ? intl.formatMessage(INTERVAL_LABELS[alert.interval]) : alert.interval}
              </Badge>
              <Anchor component={Link} to={alert.search.path} size="sm">
                <FormattedMessage {...messages.open} />
              </Anchor>
              <Anchor component={Link} to={resumeAlertEditPath(alert.id)} size="sm">
                <FormattedMessage {...messages.edit} />
              </Anchor>
            </Group>
          </List.Item>
        ))}
      </List>
    );
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        <FormattedMessage {...messages.title} />
      </Title>
      {body}
    </Stack>
  );
}
