import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Group, Menu, Modal, Select, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type { JobState, ManagedJobFieldsFragment } from "~/lib/graphql/generated/graphql";
import {
  ARCHIVE_JOB,
  DELETE_JOB,
  DUPLICATE_JOB,
  JOB_STATS,
  ORGANIZATION_JOBS,
  RENAME_JOB,
  REPUBLISH_JOB,
} from "./documents";
import { useLocaleFormat } from "~/lib/format";
import { PagePicker } from "~/components/Pagination";
import { defineMessages } from "~/lib/i18n/define-messages";
import { STATE_COLORS, STATE_LABELS } from "./job-format";
import { usePosterOrganizations } from "./poster-organizations";
import { jobErrorsByField, type JobResultLike } from "./wizard/job-errors";

export const JOB_MANAGER_PAGE_SIZE = 20;

const messages = defineMessages({
  unavailable: { id: "jobs.manager.unavailable", defaultMessage: "That did not work. Try again in a moment." },
  allStates: { id: "jobs.manager.allStates", defaultMessage: "All states" },
  titleMissing: { id: "jobs.manager.rename.missing", defaultMessage: "Enter the job title." },
  state: { id: "jobs.manager.state", defaultMessage: "State" },
  count: { id: "jobs.manager.count", defaultMessage: "{total, plural, one {# job} other {# jobs}}" },
  failed: { id: "jobs.manager.failed", defaultMessage: "The jobs could not be loaded. Please try again in a moment." },
  postJob: { id: "jobs.manager.postJob", defaultMessage: "Post a job" },
  noJobs: { id: "jobs.manager.noJobs", defaultMessage: "Your organization has no jobs yet." },
  noJobsInState: { id: "jobs.manager.noJobsInState", defaultMessage: "No jobs in this state." },
  job: { id: "jobs.manager.job", defaultMessage: "Job" },
  published: { id: "jobs.manager.published", defaultMessage: "Published" },
  expires: { id: "jobs.manager.expires", defaultMessage: "Expires" },
  views: { id: "jobs.manager.views", defaultMessage: "Views" },
  applyStarts: { id: "jobs.manager.applyStarts", defaultMessage: "Apply starts" },
  applications: { id: "jobs.manager.applications", defaultMessage: "Applications" },
  bookmarks: { id: "jobs.manager.bookmarks", defaultMessage: "Bookmarks" },
  shares: { id: "jobs.manager.shares", defaultMessage: "Shares" },
  actions: { id: "jobs.manager.actions", defaultMessage: "Actions" },
  applicationsTo: {
    id: "jobs.manager.applicationsTo",
    defaultMessage: "{count, plural, one {# application} other {# applications}} to {title}",
  },
  edit: { id: "jobs.manager.edit", defaultMessage: "Edit" },
  moreFor: { id: "jobs.manager.more.label", defaultMessage: "More actions for {title}" },
  more: { id: "jobs.manager.more", defaultMessage: "More" },
  duplicate: { id: "jobs.manager.duplicate", defaultMessage: "Duplicate" },
  rename: { id: "jobs.manager.rename", defaultMessage: "Rename" },
  republish: { id: "jobs.manager.republish", defaultMessage: "Republish" },
  archive: { id: "jobs.manager.archive", defaultMessage: "Archive" },
  pages: { id: "jobs.manager.pages", defaultMessage: "Pages" },
  renameTitle: { id: "jobs.manager.rename.title", defaultMessage: "Rename this job" },
  jobTitle: { id: "jobs.manager.rename.field", defaultMessage: "Job title" },
  renameHint: {
    id: "jobs.manager.rename.hint",
    defaultMessage: "The job's address follows its title; links to the old address keep working.",
  },
  cancel: { id: "jobs.manager.cancel", defaultMessage: "Cancel" },
  archiveTitle: { id: "jobs.manager.archive.title", defaultMessage: "Archive this job?" },
  archiveText: {
    id: "jobs.manager.archive.text",
    defaultMessage:
      "“{title}” leaves the site and its page answers that it is no longer available. You can republish it later.",
  },
  delete: { id: "jobs.manager.delete", defaultMessage: "Delete" },
  deleteTitle: { id: "jobs.manager.delete.title", defaultMessage: "Delete this job for good?" },
  deleteText: {
    id: "jobs.manager.delete.text",
    defaultMessage:
      "“{title}” leaves your job manager and its page answers that it is gone. This cannot be undone; to keep it for later, archive it instead.",
  },
  title: { id: "jobs.manager.title", defaultMessage: "Job manager" },
  organizationsFailed: {
    id: "jobs.manager.organizationsFailed",
    defaultMessage: "Your organizations could not be loaded. Please try again in a moment.",
  },
  setUp: { id: "jobs.manager.setUp", defaultMessage: "Set up your organization" },
  noOrganization: {
    id: "jobs.manager.noOrganization",
    defaultMessage: "Jobs belong to an organization. Create yours, or ask a colleague to invite you.",
  },
  organization: { id: "jobs.manager.organization", defaultMessage: "Organization" },
});

/** The page's name, for its document title. */
export const JOB_MANAGER_TITLE = messages.title;

const JOB_STATES: JobState[] = ["DRAFT", "AWAITING_SLOT", "NEEDS_REVIEW", "SCHEDULED", "PUBLISHED", "ARCHIVED", "EXPIRED"];

export function StateBadge({ state }: { state: JobState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" tt="none">
      <FormattedMessage {...STATE_LABELS[state]} />
    </Badge>
  );
}

/**
 * Which actions a row offers: edit (not external, not gone), rename (the edit form hides the
 * title, spec 5; the former address redirects to the new one), archive, republish, duplicate, and
 * delete for good (a draft, or a job that ended, that nobody applied to: applications stay with
 * their applicants, so such a job is archived and kept).
 */
export function jobActions(job: Pick<ManagedJobFieldsFragment, "state" | "isExternal" | "canEdit" | "applicationsCount">) {
  const gone = job.state === "ARCHIVED" || job.state === "EXPIRED";
  return {
    edit: job.canEdit && !job.isExternal && !gone,
    rename: job.canEdit && !job.isExternal && !gone,
    duplicate: job.canEdit,
    archive: job.canEdit && !gone && job.state !== "AWAITING_SLOT",
    republish: job.canEdit && gone,
    delete: job.canEdit && (gone || job.state === "DRAFT") && job.applicationsCount === 0,
  };
}

/** The two actions a person confirms first: archive and delete. */
type Confirmed = { job: ManagedJobFieldsFragment; action: "archive" | "delete" };

function JobsTable({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const unavailable = intl.formatMessage(messages.unavailable);
  const filters = [
    { value: "ALL", label: intl.formatMessage(messages.allStates) },
    ...JOB_STATES.map((state) => ({ value: state, label: intl.formatMessage(STATE_LABELS[state]) })),
  ];
  const count = (value: number | null | undefined) => (value == null ? "—" : intl.formatNumber(value));
  const navigate = useNavigate();
  const [filter, setFilter] = useState("ALL");
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<Confirmed | null>(null);
  const [renaming, setRenaming] = useState<{ job: ManagedJobFieldsFragment; title: string; error?: string } | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const variables = {
    organizationId,
    states: filter === "ALL" ? null : [filter as JobState],
    limit: JOB_MANAGER_PAGE_SIZE,
    offset: (page - 1) * JOB_MANAGER_PAGE_SIZE,
  };
  const { data, loading, error, refetch } = useQuery(ORGANIZATION_JOBS, { variables, fetchPolicy: "cache-and-network" });
  const [archive, archiving] = useMutation(ARCHIVE_JOB);
  const [remove, removing] = useMutation(DELETE_JOB);
  const [duplicate] = useMutation(DUPLICATE_JOB);
  const [republish] = useMutation(REPUBLISH_JOB);
  const [rename, renameState] = useMutation(RENAME_JOB);

  const submitRename = async () => {
    if (!renaming) return;
    const title = renaming.title.trim();
    if (!title) {
      setRenaming({ ...renaming, error: intl.formatMessage(messages.titleMissing) });
      return;
    }
    try {
      const answer = (await rename({ variables: { id: renaming.job.id, title } })).data?.renameJob;
      if (answer?.__typename === "JobSaved") {
        setRenaming(null);
        await refetch();
        return;
      }
      const errors = jobErrorsByField(answer as JobResultLike | undefined, ["title"]);
      setRenaming({ ...renaming, error: errors.byField.title ?? errors.general[0] ?? unavailable });
    } catch {
      setRenaming({ ...renaming, error: unavailable });
    }
  };

  const run = async (action: () => Promise<JobResultLike | undefined>, after?: (answer: JobResultLike & { job?: { id: string } }) => void) => {
    setRefusals([]);
    try {
      const answer = await action();
      if (answer?.__typename === "JobSaved" || answer?.__typename === "JobDeleted") {
        after?.(answer);
        await refetch();
      } else {
        setRefusals(jobErrorsByField(answer, []).general);
      }
    } catch {
      setRefusals([unavailable]);
    }
  };

  const jobs = data?.organizationJobs.jobs ?? [];
  // Analytics' counts (visits, apply starts, bookmarks, shares); "—" until they arrive or when
  // analytics has none for a job.
  const stats = useQuery(JOB_STATS, {
    variables: { jobIds: jobs.map((job) => job.id) },
    skip: jobs.length === 0,
  });
  const statsOf = new Map((stats.data?.jobStats ?? []).map((item) => [item.jobId, item]));
  const total = data?.organizationJobs.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / JOB_MANAGER_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label={intl.formatMessage(messages.state)}
          data={filters}
          value={filter}
          onChange={(value) => {
            setFilter(value ?? "ALL");
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
        />
        {data ? (
          <Text size="sm" className="text-muted">
            <FormattedMessage {...messages.count} values={{ total }} />
          </Text>
        ) : null}
      </Group>
      <DangerList messages={refusals} />
      {error && !data ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton h={240} radius="md" /> : null}
      {data && jobs.length === 0 ? (
        <EmptyState
          action={
            <Button component={Link} to="/job/wizard">
              <FormattedMessage {...messages.postJob} />
            </Button>
          }
        >
          <FormattedMessage {...(filter === "ALL" ? messages.noJobs : messages.noJobsInState)} />
        </EmptyState>
      ) : null}
      {jobs.length > 0 ? (
        <Table.ScrollContainer minWidth={1080}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage {...messages.job} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.state} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.published} />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage {...messages.expires} />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage {...messages.views} />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage {...messages.applyStarts} />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage {...messages.applications} />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage {...messages.bookmarks} />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage {...messages.shares} />
                </Table.Th>
                <Table.Th>
                  <VisuallyHidden>
                    <FormattedMessage {...messages.actions} />
                  </VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => {
                const actions = jobActions(job);
                const counts = statsOf.get(job.id);
                return (
                  <Table.Tr key={job.id}>
                    <Table.Td>
                      <Anchor component={Link} to={job.url.path} fw={500}>
                        {job.title}
                      </Anchor>
                      {job.refusal && job.state === "DRAFT" ? (
                        <Text size="xs" c="red">
                          {job.refusal.message}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <StateBadge state={job.state} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{date(job.publishedAt) || "—"}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{date(job.expiresAt) || "—"}</Table.Td>
                    <Table.Td ta="right" data-testid="views">{count(counts?.visits)}</Table.Td>
                    <Table.Td ta="right" data-testid="apply-starts">{count(counts?.applyStarts)}</Table.Td>
                    <Table.Td ta="right">
                      {job.applicationsCount ? (
                        <Anchor
                          component={Link}
                          to={`/recruiter/applications?job=${encodeURIComponent(job.id)}`}
                          aria-label={intl.formatMessage(messages.applicationsTo, {
                            count: job.applicationsCount,
                            title: job.title,
                          })}
                        >
                          {count(job.applicationsCount)}
                        </Anchor>
                      ) : (
                        count(job.applicationsCount)
                      )}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="bookmarks">{count(counts?.bookmarks)}</Table.Td>
                    <Table.Td ta="right" data-testid="shares">{count(counts?.shares)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {actions.edit ? (
                          <Button component={Link} to={`/job/wizard?job=${encodeURIComponent(job.id)}`} size="xs" variant="default">
                            <FormattedMessage {...messages.edit} />
                          </Button>
                        ) : null}
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button
                              size="xs"
                              variant="subtle"
                              aria-label={intl.formatMessage(messages.moreFor, { title: job.title })}
                            >
                              <FormattedMessage {...messages.more} />
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {actions.duplicate ? (
                              <Menu.Item
                                onClick={() =>
                                  void run(
                                    async () => (await duplicate({ variables: { id: job.id } })).data?.duplicateJob,
                                    (answer) => {
                                      if (answer.job) void navigate(`/job/wizard?job=${encodeURIComponent(answer.job.id)}`);
                                    },
                                  )
                                }
                              >
                                <FormattedMessage {...messages.duplicate} />
                              </Menu.Item>
                            ) : null}
                            {actions.rename ? (
                              <Menu.Item onClick={() => setRenaming({ job, title: job.title })}>
                                <FormattedMessage {...messages.rename} />
                              </Menu.Item>
                            ) : null}
                            {actions.republish ? (
                              <Menu.Item onClick={() => void run(async () => (await republish({ variables: { id: job.id } })).data?.republishJob)}>
                                <FormattedMessage {...messages.republish} />
                              </Menu.Item>
                            ) : null}
                            {actions.archive ? (
                              <Menu.Item color="red" onClick={() => setConfirm({ job, action: "archive" })}>
                                <FormattedMessage {...messages.archive} />
                              </Menu.Item>
                            ) : null}
                            {actions.delete ? (
                              <Menu.Item color="red" onClick={() => setConfirm({ job, action: "delete" })}>
                                <FormattedMessage {...messages.delete} />
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <PagePicker pages={pages} page={page} onChange={setPage} label={intl.formatMessage(messages.pages)} />
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={intl.formatMessage(messages.renameTitle)} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submitRename();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={intl.formatMessage(messages.jobTitle)}
              withAsterisk
              data-autofocus
              value={renaming?.title ?? ""}
              onChange={(event) => {
                const title = event.currentTarget.value;
                setRenaming((current) => (current ? { ...current, title, error: undefined } : current));
              }}
              error={renaming?.error}
            />
            <Text size="sm" className="text-muted">
              <FormattedMessage {...messages.renameHint} />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                <FormattedMessage {...messages.cancel} />
              </Button>
              <Button type="submit" loading={renameState.loading}>
                <FormattedMessage {...messages.rename} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={intl.formatMessage(confirm?.action === "delete" ? messages.deleteTitle : messages.archiveTitle)}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            <FormattedMessage {...(confirm?.action === "delete" ? messages.deleteText : messages.archiveText)} values={{ title: confirm?.job.title ?? "" }} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button
              color="red"
              loading={archiving.loading || removing.loading}
              onClick={() => {
                const target = confirm;
                setConfirm(null);
                if (target?.action === "archive") void run(async () => (await archive({ variables: { id: target.job.id } })).data?.archiveJob);
                if (target?.action === "delete") void run(async () => (await remove({ variables: { id: target.job.id } })).data?.deleteJob);
              }}
            >
              <FormattedMessage {...(confirm?.action === "delete" ? messages.delete : messages.archive)} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /job-manager: the active organization's jobs with their state, dates, counts and actions. */
export function JobManagerPage() {
  const intl = useIntl();
  const { options, loaded, loading, error } = usePosterOrganizations();
  const [chosen, setChosen] = useState<string | null>(null);
  const organizationId = chosen ?? options[0]?.value ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>
          <FormattedMessage {...messages.title} />
        </Title>
        <Button component={Link} to="/job/wizard">
          <FormattedMessage {...messages.postJob} />
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.organizationsFailed} />
        </Alert>
      ) : null}
      {loading ? <Skeleton h={240} radius="md" /> : null}
      {loaded && options.length === 0 ? (
        <EmptyState
          action={
            <Button component={Link} to="/dashboard/organization">
              <FormattedMessage {...messages.setUp} />
            </Button>
          }
        >
          <FormattedMessage {...messages.noOrganization} />
        </EmptyState>
      ) : null}
      {options.length > 1 ? (
        <Select
          label={intl.formatMessage(messages.organization)}
          data={options}
          value={organizationId}
          onChange={setChosen}
          allowDeselect={false}
          w={320}
          searchable
        />
      ) : null}
      {organizationId ? <JobsTable key={organizationId} organizationId={organizationId} /> : null}
    </Stack>
  );
}
