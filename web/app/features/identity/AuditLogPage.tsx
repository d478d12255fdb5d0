import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Stack, Table, Text, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
import { PagePicker } from "~/components/Pagination";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { AuditLogQuery } from "~/lib/graphql/generated/graphql";

export const AUDIT_LOG = graphql(`
  query AuditLog($limit: Int!, $offset: Int!, $adminId: ID, $userId: ID) {
    auditLog(limit: $limit, offset: $offset, adminId: $adminId, userId: $userId) {
      total
      entries {
        writeId
        admin {
          id
          name
          email
        }
        user {
          id
          name
          email
        }
        service
        site
        operationName
        fields
        variables
        outcome
        errors
        attemptedAt
        finishedAt
      }
    }
  }
`);

export const AUDIT_PAGE_SIZE = 20;

/** The `page` query parameter: a whole number from 1, else the first page. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const OUTCOME_COLORS: Record<string, string> = { succeeded: "green", failed: "red", attempted: "gray" };

const messages = defineMessages({
  title: { id: "auditLog.title", defaultMessage: "Audit log" },
  intro: { id: "auditLog.intro", defaultMessage: "Every write an administrator made while acting as another user." },
  showAll: { id: "auditLog.showAll", defaultMessage: "Show every write" },
  failed: { id: "auditLog.failed", defaultMessage: "The audit log could not be loaded. Please try again in a moment." },
  loading: { id: "auditLog.loading", defaultMessage: "Loading the audit log…" },
  empty: { id: "auditLog.empty", defaultMessage: "No writes were made while masquerading." },
  table: { id: "auditLog.table", defaultMessage: "Writes made while masquerading" },
  when: { id: "auditLog.when", defaultMessage: "When (UTC)" },
  administrator: { id: "auditLog.administrator", defaultMessage: "Administrator" },
  actedAs: { id: "auditLog.actedAs", defaultMessage: "Acted as" },
  service: { id: "auditLog.service", defaultMessage: "Service" },
  operation: { id: "auditLog.operation", defaultMessage: "Operation" },
  outcome: { id: "auditLog.outcome", defaultMessage: "Outcome" },
  outcomeValue: {
    id: "auditLog.outcome.value",
    defaultMessage: "{outcome, select, succeeded {succeeded} failed {failed} attempted {attempted} other {{outcome}}}",
  },
  masquerade: { id: "auditLog.masquerade", defaultMessage: "Act as another user" },
});

/** The page's name, for its document title. */
export const AUDIT_LOG_TITLE = messages.title;

type Entry = AuditLogQuery["auditLog"]["entries"][number];

function Person({ person }: { person: Entry["admin"] }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{person.name}</Text>
      {person.email ? (
        <Text size="xs" c="dimmed">
          {person.email}
        </Text>
      ) : null}
    </Stack>
  );
}

function EntryRow({ entry }: { entry: Entry }) {
  const intl = useIntl();
  const attemptedAt = String(entry.attemptedAt);
  return (
    <Table.Tr>
      <Table.Td>
        {/* UTC on the server and in the browser alike, so the prerendered page hydrates unchanged. */}
        <time dateTime={attemptedAt}>
          {intl.formatDate(new Date(attemptedAt), { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" })}
        </time>
      </Table.Td>
      <Table.Td>
        <Person person={entry.admin} />
      </Table.Td>
      <Table.Td>
        <Person person={entry.user} />
      </Table.Td>
      <Table.Td>{entry.service}</Table.Td>
      <Table.Td>
        <Text size="sm">{entry.operationName || entry.fields.join(", ")}</Text>
        {entry.errors.map((error) => (
          <Text key={error} size="xs" c="red">
            {error}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <Badge color={OUTCOME_COLORS[entry.outcome] ?? "gray"} variant="light">
          <FormattedMessage {...messages.outcomeValue} values={{ outcome: entry.outcome }} />
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

export interface AuditLogPageProps {
  page: number;
  onPageChange: (page: number) => void;
  /** Only the writes of this administrator, or made as this user. */
  adminId?: string | null;
  userId?: string | null;
}

/** /admin/audit-log: the writes administrators made while masquerading, newest first. */
export function AuditLogPage({ page, onPageChange, adminId = null, userId = null }: AuditLogPageProps) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(AUDIT_LOG, {
    variables: { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE, adminId, userId },
  });
  const log = data?.auditLog;
  const pages = log ? Math.ceil(log.total / AUDIT_PAGE_SIZE) : 0;

  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.intro} />
      </Text>
      {adminId || userId ? (
        <Anchor component={NavLink} to="/admin/audit-log">
          <FormattedMessage {...messages.showAll} />
        </Anchor>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !log ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.loading} />
        </Text>
      ) : null}
      {log && log.total === 0 ? (
        <Text>
          <FormattedMessage {...messages.empty} />
        </Text>
      ) : null}
      {log && log.total > 0 ? (
        <Table.ScrollContainer minWidth={800}>
          <Table striped aria-label={intl.formatMessage(messages.table)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage {...messages.when} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.administrator} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.actedAs} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.service} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.operation} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.outcome} />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.entries.map((entry) => (
                <EntryRow key={entry.writeId} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <PagePicker pages={pages} page={page} onChange={onPageChange} />
      <Anchor component={NavLink} to="/admin/masquerade">
        <FormattedMessage {...messages.masquerade} />
      </Anchor>
    </Stack>
  );
}
