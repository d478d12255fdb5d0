import { useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Badge,
  Skeleton,
  Stack,
  Table,
  Title,
} from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { EmptyState } from "~/components/EmptyState";
import { defineMessages } from "~/lib/i18n/define-messages";
import { MY_APPLICATIONS } from "./documents";
import { formatDate, STATUS_COLORS, STATUS_LABELS } from "./status";

const messages = defineMessages({
  title: { id: "applications.mine.title", defaultMessage: "My applications" },
  failed: { id: "applications.mine.failed", defaultMessage: "Your applications could not be loaded." },
  empty: { id: "applications.mine.empty", defaultMessage: "No applications yet. Find a job and apply in a few steps." },
  job: { id: "applications.mine.job", defaultMessage: "Job" },
  applied: { id: "applications.mine.applied", defaultMessage: "Applied" },
  status: { id: "applications.mine.status", defaultMessage: "Status" },
  gone: { id: "applications.mine.gone", defaultMessage: "A job that is no longer online" },
});

/** The page's name, for its document title. */
export const MY_APPLICATIONS_TITLE = messages.title;

/** /my-applications: each job applied to, with the date and the status. */
export function MyApplicationsPage() {
  const intl = useIntl();
  const { data, loading, error } = useQuery(MY_APPLICATIONS, {
    fetchPolicy: "cache-and-network",
  });
  const rows = data?.myApplications ?? [];
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
      {data && rows.length === 0 ? (
        <EmptyState>
          <FormattedMessage {...messages.empty} />
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <Table aria-label={intl.formatMessage(messages.title)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...messages.job} />
              </Table.Th>
              <Table.Th>
                <FormattedMessage {...messages.applied} />
              </Table.Th>
              <Table.Th>
                <FormattedMessage {...messages.status} />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  {a.job ? (
                    <Anchor component={NavLink} to={`/job/${a.job.slug}`}>
                      {a.job.title}
                    </Anchor>
                  ) : (
                    <FormattedMessage {...messages.gone} />
                  )}
                </Table.Td>
                <Table.Td>{formatDate(a.createdAt, intl)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[a.status]}>
                    <FormattedMessage {...STATUS_LABELS[a.status]} />
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
