import { Alert, Anchor, Badge, Group, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import type { ApplicationStatus } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { formatDate, STATUS_COLORS, STATUS_LABELS } from "./status";

const messages = defineMessages({
  applied: { id: "applications.applied.title", defaultMessage: "You applied on {date}" },
  status: { id: "applications.applied.status", defaultMessage: "Status:" },
  mine: { id: "applications.applied.mine", defaultMessage: "See your applications" },
});

/** The caller's application to a job, as the job page and quick apply show it. */
export interface AppliedApplication {
  id: string;
  status: ApplicationStatus;
  createdAt: unknown;
}

/**
 * "You applied on …" with the application's status (named as in My applications and on the
 * dashboard) and the way to it, so nobody applies twice by mistake.
 */
export function AppliedNotice({ application }: { application: AppliedApplication }) {
  const intl = useIntl();
  return (
    <Alert
      color="teal"
      role="status"
      title={intl.formatMessage(messages.applied, { date: formatDate(application.createdAt, intl) })}
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          <FormattedMessage {...messages.status} />
        </Text>
        <Badge color={STATUS_COLORS[application.status]}>
          <FormattedMessage {...STATUS_LABELS[application.status]} />
        </Badge>
        <Anchor component={Link} to="/my-applications" size="sm">
          <FormattedMessage {...messages.mine} />
        </Anchor>
      </Group>
    </Alert>
  );
}
