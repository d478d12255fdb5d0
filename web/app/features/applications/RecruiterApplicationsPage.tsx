import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type {
  ApplicationSort,
  ApplicationStatus,
} from "~/lib/graphql/generated/graphql";
import { PagePicker } from "~/components/Pagination";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
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

const messages = defineMessages({
  sortNewest: { id: "applications.recruiter.sort.newest", defaultMessage: "Newest first" },
  sortOldest: { id: "applications.recruiter.sort.oldest", defaultMessage: "Oldest first" },
  sortName: { id: "applications.recruiter.sort.name", defaultMessage: "Name" },
  sortStatus: { id: "applications.recruiter.sort.status", defaultMessage: "Status" },
  statusFailed: {
    id: "applications.recruiter.statusFailed",
    defaultMessage: "The status could not be changed. Try again in a moment.",
  },
  jobOption: { id: "applications.recruiter.jobOption", defaultMessage: "{title} ({count, number})" },
  title: { id: "applications.recruiter.title", defaultMessage: "Applications" },
  noOrganization: {
    id: "applications.recruiter.noOrganization",
    defaultMessage: "No organization yet. Applications arrive once your organization's jobs are published.",
  },
  job: { id: "applications.recruiter.job", defaultMessage: "Job" },
  allJobs: { id: "applications.recruiter.allJobs", defaultMessage: "All jobs" },
  status: { id: "applications.recruiter.status", defaultMessage: "Status" },
  all: { id: "applications.recruiter.allStatuses", defaultMessage: "All" },
  sortBy: { id: "applications.recruiter.sortBy", defaultMessage: "Sort by" },
  failed: { id: "applications.recruiter.failed", defaultMessage: "The applications could not be loaded." },
  empty: {
    id: "applications.recruiter.empty",
    defaultMessage: "No applications. Applications to your published jobs appear here.",
  },
  applicant: { id: "applications.recruiter.applicant", defaultMessage: "Applicant" },
  applied: { id: "applications.recruiter.applied", defaultMessage: "Applied" },
  files: { id: "applications.recruiter.files", defaultMessage: "Files" },
  knockOut: { id: "applications.recruiter.knockOut", defaultMessage: "Knock-out answer" },
  anonymized: {
    id: "applications.recruiter.anonymized",
    defaultMessage: "Anonymized: the applicant's details were erased",
  },
  answersOf: { id: "applications.recruiter.answersOf", defaultMessage: "Answers and notes of {name}" },
  answers: { id: "applications.recruiter.answers", defaultMessage: "Answers and notes" },
  name: { id: "applications.recruiter.name", defaultMessage: "{firstName} {lastName}" },
  moveLabel: { id: "applications.recruiter.move.label", defaultMessage: "Move {name} to" },
  moveTo: { id: "applications.recruiter.move.placeholder", defaultMessage: "Move to" },
  moveTitle: { id: "applications.recruiter.move.title", defaultMessage: "Move {name} to {status}" },
  moveMessage: {
    id: "applications.recruiter.move.message",
    defaultMessage: "Message to the applicant (optional, sent by email)",
  },
  cancel: { id: "applications.recruiter.move.cancel", defaultMessage: "Cancel" },
  move: { id: "applications.recruiter.move.submit", defaultMessage: "Move" },
});

/** The page's name, for its document title. */
export const RECRUITER_APPLICATIONS_TITLE = messages.title;

const PAGE_SIZE = 20;
const SORTS: { value: ApplicationSort; label: Message }[] = [
  { value: "NEWEST", label: messages.sortNewest },
  { value: "OLDEST", label: messages.sortOldest },
  { value: "NAME", label: messages.sortName },
  { value: "STATUS", label: messages.sortStatus },
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
  const intl = useIntl();
  const fullName = (a: { firstName: string; lastName: string }) =>
    intl.formatMessage(messages.name, { firstName: a.firstName, lastName: a.lastName });
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
      setErrors([intl.formatMessage(messages.statusFailed)]);
    }
  };

  const rows = applications.data?.organizationApplications.applications ?? [];
  const opened = rows.find((a) => a.id === openId) ?? null;
  const jobOptions = (jobs.data?.organizationJobs.jobs ?? []).map((j) => ({
    value: j.id,
    label:
      j.applicationsCount != null
        ? intl.formatMessage(messages.jobOption, { title: j.title, count: j.applicationsCount })
        : j.title,
  }));
  const total = applications.data?.organizationApplications.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>
          <FormattedMessage {...messages.title} />
        </Title>
        {organization.data?.currentUser?.activeOrganization ? (
          <Text c="dimmed">
            {organization.data.currentUser.activeOrganization.name}
          </Text>
        ) : null}
      </Group>
      {organization.data && !organizationId ? (
        <EmptyState>
          <FormattedMessage {...messages.noOrganization} />
        </EmptyState>
      ) : null}
      <Group align="flex-end">
        <Select
          label={intl.formatMessage(messages.job)}
          placeholder={intl.formatMessage(messages.allJobs)}
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
          label={intl.formatMessage(messages.status)}
          placeholder={intl.formatMessage(messages.all)}
          clearable
          data={(Object.keys(STATUS_LABELS) as ApplicationStatus[]).map(
            (value) => ({ value, label: intl.formatMessage(STATUS_LABELS[value]) }),
          )}
          value={status}
          onChange={(value) => {
            setStatus(value as ApplicationStatus | null);
            setPage(1);
          }}
        />
        <Select
          label={intl.formatMessage(messages.sortBy)}
          data={SORTS.map(({ value, label }) => ({ value, label: intl.formatMessage(label) }))}
          value={sort}
          allowDeselect={false}
          onChange={(value) => setSort((value as ApplicationSort) ?? "NEWEST")}
        />
      </Group>
      {applications.error || organization.error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {/* the organization comes first, then its applications: a skeleton for both waits */}
      {(organization.loading || applications.loading) && !applications.data ? (
        <Skeleton height={160} aria-busy="true" />
      ) : null}
      {applications.data && rows.length === 0 ? (
        <EmptyState>
          <FormattedMessage {...messages.empty} />
        </EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label={intl.formatMessage(messages.title)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage {...messages.applicant} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.job} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.applied} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.files} />
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
                    {a.anonymized ? (
                      <Text size="sm" c="dimmed">
                        <FormattedMessage {...messages.anonymized} />
                      </Text>
                    ) : (
                      // a 24 px touch target each (WCAG 2.2): the address and the answers stand apart
                      <Stack gap="xs">
                        <Text fw={600} size="sm">
                          {fullName(a)}
                        </Text>
                        <Anchor href={`mailto:${a.emailAddress}`} size="sm">
                          {a.emailAddress}
                        </Anchor>
                        {a.knockedOut ? (
                          <Badge color="orange" variant="light" size="sm">
                            <FormattedMessage {...messages.knockOut} />
                          </Badge>
                        ) : null}
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          ta="left"
                          onClick={() => setOpenId(a.id)}
                          aria-label={intl.formatMessage(messages.answersOf, { name: fullName(a) })}
                        >
                          <FormattedMessage {...messages.answers} />
                        </Anchor>
                      </Stack>
                    )}
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
                    {formatDate(a.createdAt, intl)}
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
                        <FormattedMessage {...STATUS_LABELS[a.status]} />
                      </Badge>
                      {NEXT_STATUSES[a.status].length > 0 ? (
                        <Select
                          aria-label={intl.formatMessage(messages.moveLabel, { name: fullName(a) })}
                          placeholder={intl.formatMessage(messages.moveTo)}
                          size="xs"
                          w={130}
                          value={null}
                          data={NEXT_STATUSES[a.status].map((value) => ({
                            value,
                            label: intl.formatMessage(STATUS_LABELS[value]),
                          }))}
                          onChange={(value) =>
                            value &&
                            setMove({
                              id: a.id,
                              name: fullName(a),
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
      <PagePicker pages={Math.ceil(total / PAGE_SIZE)} page={page} onChange={setPage} />
      <ApplicationDetails
        application={opened}
        onClose={() => setOpenId(null)}
      />
      <Modal
        opened={move !== null}
        onClose={() => setMove(null)}
        title={
          move
            ? intl.formatMessage(messages.moveTitle, {
                name: move.name,
                status: intl.formatMessage(STATUS_LABELS[move.status]),
              })
            : ""
        }
      >
        <Stack gap="sm">
          <DangerList messages={errors} />
          <Textarea
            label={intl.formatMessage(messages.moveMessage)}
            autosize
            minRows={3}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMove(null)}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button loading={changing.loading} onClick={() => void confirm()}>
              <FormattedMessage {...messages.move} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
