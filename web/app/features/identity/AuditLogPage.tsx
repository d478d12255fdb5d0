import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Group, Pagination, Stack, Table, Text, Title } from "@mantine/core";
import { NavLink } from "~/components/Link";
import { graphql } from "~/lib/graphql/generated/gql";
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

// UTC on the server and in the browser alike, so the prerendered page hydrates unchanged.
const WHEN = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

const OUTCOME_COLORS: Record<string, string> = { succeeded: "green", failed: "red", attempted: "gray" };

const CONTROL_LABELS = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
} as const;

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
  const attemptedAt = String(entry.attemptedAt);
  return (
    <Table.Tr>
      <Table.Td>
        <time dateTime={attemptedAt}>{WHEN.format(new Date(attemptedAt))}</time>
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
          {entry.outcome}
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
  const { data, loading, error } = useQuery(AUDIT_LOG, {
    variables: { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE, adminId, userId },
  });
  const log = data?.auditLog;
  const pages = log ? Math.ceil(log.total / AUDIT_PAGE_SIZE) : 0;

  return (
    <Stack gap="md">
      <Title order={1}>Audit log</Title>
      <Text>Every write an administrator made while acting as another user.</Text>
      {adminId || userId ? (
        <Anchor component={NavLink} to="/admin/audit-log">
          Show every write
        </Anchor>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          The audit log could not be loaded. Please try again in a moment.
        </Alert>
      ) : null}
      {loading && !log ? <Text c="dimmed">Loading the audit log…</Text> : null}
      {log && log.total === 0 ? <Text>No writes were made while masquerading.</Text> : null}
      {log && log.total > 0 ? (
        <Table.ScrollContainer minWidth={800}>
          <Table striped aria-label="Writes made while masquerading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When (UTC)</Table.Th>
                <Table.Th>Administrator</Table.Th>
                <Table.Th>Acted as</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th>Operation</Table.Th>
                <Table.Th>Outcome</Table.Th>
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
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
            getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] })}
          />
        </Group>
      ) : null}
      <Anchor component={NavLink} to="/admin/masquerade">
        Act as another user
      </Anchor>
    </Stack>
  );
}
