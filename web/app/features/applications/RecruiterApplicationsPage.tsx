import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type {
  ApplicationSort,
  ApplicationStatus,
} from "~/lib/graphql/generated/graphql";
import { ApplicationDetails } from "./ApplicationDetails";
import {
  CHANGE_APPLICATION_STATUS,
  ORGANIZATION_APPLICATIONS,
  RECRUITER_JOBS,
  RECRUITER_ORGANIZATION,
} from "./documents";
import {
  formatDate,
  NEXT_STATUSES,
  STATUS_COLORS,
  STATUS_LABELS,
} from "./status";

const PAGE_SIZE = 20;
const SORTS: { value: ApplicationSort; label: string }[] = [
  { value: "NEWEST", label: "Newest first" },
  { value: "OLDEST", label: "Oldest first" },
  { value: "NAME", label: "Name" },
  { value: "STATUS", label: "Status" },
];

interface Move {
  id: string;
  name: string;
  status: ApplicationStatus;
}

/**
 * /recruiter/applications: the organization's applications across its jobs, narrowed to one
 * job with `?job=<id>` (the job manager's counts link here).
 */
export function RecruiterApplicationsPage() {
  const organization = useQuery(RECRUITER_ORGANIZATION);
  const organizationId = organization.data?.currentUser?.activeOrganization?.id;
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = searchParams.get("job") || null;
  const [openId, setOpenId] = useState<string | null>(null);
  const jobs = useQuery(RECRUITER_JOBS, {
    variables: { organizationId: organizationId ?? "" },
    skip: !organizationId,
  });
  const [status, setStatus] = useState<ApplicationStatus | null>(null);
  const [sort, setSort] = useState<ApplicationSort>("NEWEST");
  const [page, setPage] = useState(1);
  const [move, setMove] = useState<Move | null>(null);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const applications = useQuery(ORGANIZATION_APPLICATIONS, {
    variables: {
      organizationId: organizationId ?? "",
      statuses: status ? [status] : null,
      jobId,
      sort,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    },
    skip: !organizationId,
    fetchPolicy: "cache-and-network",
  });
  const [changeStatus, changing] = useMutation(CHANGE_APPLICATION_STATUS);

  const confirm = async () => {
    if (!move) return;
    setErrors([]);
    try {
      const { data } = await changeStatus({
        variables: {
          id: move.id,
          status: move.status,
          message: message.trim() || null,
        },
      });
      const answer = data?.changeApplicationStatus;
      if (answer?.__typename === "JobErrors") {
        setErrors(answer.errors.map((e) => e.message));
        return;
      }
      setMove(null);
      setMessage("");
      await applications.refetch();
    } catch {
      setErrors(["The status could not be changed. Try again in a moment."]);
    }
  };

  const rows = applications.data?.organizationApplications.applications ?? [];
  const opened = rows.find((a) => a.id === openId) ?? null;
  const jobOptions = (jobs.data?.organizationJobs.jobs ?? []).map((j) => ({
    value: j.id,
    label:
      j.applicationsCount != null
        ? `${j.title} (${j.applicationsCount})`
        : j.title,
  }));
  const total = applications.data?.organizationApplications.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Applications</Title>
        {organization.data?.currentUser?.activeOrganization ? (
          <Text c="dimmed">
            {organization.data.currentUser.activeOrganization.name}
          </Text>
        ) : null}
      </Group>
      {organization.data && !organizationId ? (
        <EmptyState>
          No organization yet. Applications arrive once your organization's jobs
          are published.
        </EmptyState>
      ) : null}
      <Group align="flex-end">
        <Select
          label="Job"
          placeholder="All jobs"
          clearable
          searchable
          w={280}
          data={jobOptions}
          value={jobId}
          onChange={(value) => {
            setSearchParams(
              (params) => {
                if (value) params.set("job", value);
                else params.delete("job");
                return params;
              },
              { replace: true },
            );
            setPage(1);
          }}
        />
        <Select
          label="Status"
          placeholder="All"
          clearable
          data={(Object.keys(STATUS_LABELS) as ApplicationStatus[]).map(
            (value) => ({ value, label: STATUS_LABELS[value] }),
          )}
          value={status}
          onChange={(value) => {
            setStatus(value as ApplicationStatus | null);
            setPage(1);
          }}
        />
        <Select
          label="Sort by"
          data={SORTS}
          value={sort}
          allowDeselect={false}
          onChange={(value) => setSort((value as ApplicationSort) ?? "NEWEST")}
        />
      </Group>
      {applications.error ? (
        <Alert color="red" role="alert">
          The applications could not be loaded.
        </Alert>
      ) : null}
      {applications.loading && !applications.data ? (
        <Skeleton height={160} />
      ) : null}
      {applications.data && rows.length === 0 ? (
        <EmptyState>
          No applications. Applications to your published jobs appear here.
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Applications">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Applicant</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Applied</Table.Th>
                <Table.Th>Files</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {a.firstName} {a.lastName}
                      </Text>
                      <Anchor href={`mailto:${a.emailAddress}`} size="sm">
                        {a.emailAddress}
                      </Anchor>
                      {a.knockedOut ? (
                        <Badge color="orange" variant="light" size="sm">
                          Knock-out answer
                        </Badge>
                      ) : null}
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        ta="left"
                        onClick={() => setOpenId(a.id)}
                        aria-label={`Answers and notes of ${a.firstName} ${a.lastName}`}
                      >
                        Answers and notes
                      </Anchor>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {a.job ? (
                      <Anchor
                        component={NavLink}
                        to={`/job/${a.job.slug}`}
                        size="sm"
                      >
                        {a.job.title}
                      </Anchor>
                    ) : (
                      "–"
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {formatDate(a.createdAt)}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {a.attachments.map((f) => (
                        <Anchor key={f.id} href={f.url} size="sm" download>
                          {f.filename}
                        </Anchor>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge color={STATUS_COLORS[a.status]}>
                        {STATUS_LABELS[a.status]}
                      </Badge>
                      {NEXT_STATUSES[a.status].length > 0 ? (
                        <Select
                          aria-label={`Move ${a.firstName} ${a.lastName} to`}
                          placeholder="Move to"
                          size="xs"
                          w={130}
                          value={null}
                          data={NEXT_STATUSES[a.status].map((value) => ({
                            value,
                            label: STATUS_LABELS[value],
                          }))}
                          onChange={(value) =>
                            value &&
                            setMove({
                              id: a.id,
                              name: `${a.firstName} ${a.lastName}`,
                              status: value as ApplicationStatus,
                            })
                          }
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {total > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
        />
      ) : null}
      <ApplicationDetails
        application={opened}
        onClose={() => setOpenId(null)}
      />
      <Modal
        opened={move !== null}
        onClose={() => setMove(null)}
        title={move ? `Move ${move.name} to ${STATUS_LABELS[move.status]}` : ""}
      >
        <Stack gap="sm">
          <DangerList messages={errors} />
          <Textarea
            label="Message to the applicant (optional, sent by email)"
            autosize
            minRows={3}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMove(null)}>
              Cancel
            </Button>
            <Button loading={changing.loading} onClick={() => void confirm()}>
              Move
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
