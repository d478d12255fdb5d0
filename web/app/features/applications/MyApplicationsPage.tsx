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
import { NavLink } from "~/components/Link";
import { EmptyState } from "~/components/EmptyState";
import { MY_APPLICATIONS } from "./documents";
import { formatDate, STATUS_COLORS, STATUS_LABELS } from "./status";

/** /my-applications: each job applied to, with the date and the status. */
export function MyApplicationsPage() {
  const { data, loading, error } = useQuery(MY_APPLICATIONS, {
    fetchPolicy: "cache-and-network",
  });
  const rows = data?.myApplications ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>My applications</Title>
      {error ? (
        <Alert color="red" role="alert">
          Your applications could not be loaded.
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={120} /> : null}
      {data && rows.length === 0 ? (
        <EmptyState>
          No applications yet. Find a job and apply in a few steps.
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <Table aria-label="My applications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job</Table.Th>
              <Table.Th>Applied</Table.Th>
              <Table.Th>Status</Table.Th>
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
                    "A job that is no longer online"
                  )}
                </Table.Td>
                <Table.Td>{formatDate(a.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[a.status]}>
                    {STATUS_LABELS[a.status]}
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
