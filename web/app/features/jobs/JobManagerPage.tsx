import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useState } from "react";
import { Link } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type { JobState, ManagedJobFieldsFragment } from "~/lib/graphql/generated/graphql";
import {
  ARCHIVE_JOB,
  DUPLICATE_JOB,
  JOB_STATS,
  ORGANIZATION_JOBS,
  RENAME_JOB,
  REPUBLISH_JOB,
} from "./documents";
import { formatDate } from "~/lib/format";
import { STATE_COLORS, STATE_LABELS } from "./job-format";
import { usePosterOrganizations } from "./poster-organizations";
import { jobErrorsByField, type JobResultLike } from "./wizard/job-errors";

export const JOB_MANAGER_PAGE_SIZE = 20;
const UNAVAILABLE = "That did not work. Try again in a moment.";

const FILTERS: { value: string; label: string }[] = [
  { value: "ALL", label: "All states" },
  ...(["DRAFT", "AWAITING_SLOT", "NEEDS_REVIEW", "SCHEDULED", "PUBLISHED", "ARCHIVED", "EXPIRED"] as JobState[]).map((state) => ({
    value: state,
    label: STATE_LABELS[state],
  })),
];

export function StateBadge({ state }: { state: JobState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" tt="none" style={{ overflow: "visible" }}>
      {STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * Which actions a row offers: edit (not external, not gone), rename (the edit form hides the
 * title, spec 5; the former address redirects to the new one), archive, republish, duplicate.
 */
export function jobActions(job: Pick<ManagedJobFieldsFragment, "state" | "isExternal" | "canEdit">) {
  const gone = job.state === "ARCHIVED" || job.state === "EXPIRED";
  return {
    edit: job.canEdit && !job.isExternal && !gone,
    rename: job.canEdit && !job.isExternal && !gone,
    duplicate: job.canEdit,
    archive: job.canEdit && !gone && job.state !== "AWAITING_SLOT",
    republish: job.canEdit && gone,
  };
}

function JobsTable({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState("ALL");
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<ManagedJobFieldsFragment | null>(null);
  const [renaming, setRenaming] = useState<{ job: ManagedJobFieldsFragment; title: string; error?: string } | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const variables = {
    organizationId,
    states: filter === "ALL" ? null : [filter as JobState],
    limit: JOB_MANAGER_PAGE_SIZE,
    offset: (page - 1) * JOB_MANAGER_PAGE_SIZE,
  };
  const { data, loading, error, refetch } = useQuery(ORGANIZATION_JOBS, { variables, fetchPolicy: "cache-and-network" });
  const [archive, archiving] = useMutation(ARCHIVE_JOB);
  const [duplicate] = useMutation(DUPLICATE_JOB);
  const [republish] = useMutation(REPUBLISH_JOB);
  const [rename, renameState] = useMutation(RENAME_JOB);

  const submitRename = async () => {
    if (!renaming) return;
    const title = renaming.title.trim();
    if (!title) {
      setRenaming({ ...renaming, error: "Enter the job title." });
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
      setRenaming({ ...renaming, error: errors.byField.title ?? errors.general[0] ?? UNAVAILABLE });
    } catch {
      setRenaming({ ...renaming, error: UNAVAILABLE });
    }
  };

  const run = async (action: () => Promise<JobResultLike | undefined>, after?: (answer: JobResultLike & { job?: { id: string } }) => void) => {
    setMessages([]);
    try {
      const answer = await action();
      if (answer?.__typename === "JobSaved") {
        after?.(answer);
        await refetch();
      } else {
        setMessages(jobErrorsByField(answer, []).general);
      }
    } catch {
      setMessages([UNAVAILABLE]);
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
          label="State"
          data={FILTERS}
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
            {total} {total === 1 ? "job" : "jobs"}
          </Text>
        ) : null}
      </Group>
      <DangerList messages={messages} />
      {error && !data ? <Alert color="red" role="alert">The jobs could not be loaded. Please try again in a moment.</Alert> : null}
      {loading && !data ? <Skeleton h={240} radius="md" /> : null}
      {data && jobs.length === 0 ? (
        <EmptyState action={<Button component={Link} to="/job/wizard">Post a job</Button>}>
          {filter === "ALL" ? "Your organization has no jobs yet." : "No jobs in this state."}
        </EmptyState>
      ) : null}
      {jobs.length > 0 ? (
        <Table.ScrollContainer minWidth={1080}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
                <Table.Th ta="right">Apply starts</Table.Th>
                <Table.Th ta="right">Applications</Table.Th>
                <Table.Th ta="right">Bookmarks</Table.Th>
                <Table.Th ta="right">Shares</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
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
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(job.publishedAt) || "—"}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(job.expiresAt) || "—"}</Table.Td>
                    <Table.Td ta="right" data-testid="views">{counts?.visits ?? "—"}</Table.Td>
                    <Table.Td ta="right" data-testid="apply-starts">{counts?.applyStarts ?? "—"}</Table.Td>
                    <Table.Td ta="right">
                      {job.applicationsCount ? (
                        <Anchor
                          component={Link}
                          to={`/recruiter/applications?job=${encodeURIComponent(job.id)}`}
                          aria-label={`${job.applicationsCount} applications to ${job.title}`}
                        >
                          {job.applicationsCount}
                        </Anchor>
                      ) : (
                        (job.applicationsCount ?? "—")
                      )}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="bookmarks">{counts?.bookmarks ?? "—"}</Table.Td>
                    <Table.Td ta="right" data-testid="shares">{counts?.shares ?? "—"}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {actions.edit ? (
                          <Button component={Link} to={`/job/wizard?job=${encodeURIComponent(job.id)}`} size="xs" variant="default">
                            Edit
                          </Button>
                        ) : null}
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button size="xs" variant="subtle" aria-label={`More actions for ${job.title}`}>
                              More
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
                                Duplicate
                              </Menu.Item>
                            ) : null}
                            {actions.rename ? (
                              <Menu.Item onClick={() => setRenaming({ job, title: job.title })}>Rename</Menu.Item>
                            ) : null}
                            {actions.republish ? (
                              <Menu.Item onClick={() => void run(async () => (await republish({ variables: { id: job.id } })).data?.republishJob)}>
                                Republish
                              </Menu.Item>
                            ) : null}
                            {actions.archive ? (
                              <Menu.Item color="red" onClick={() => setConfirm(job)}>
                                Archive
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
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename this job" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submitRename();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Job title"
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
              The job&apos;s address follows its title; links to the old address keep working.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={renameState.loading}>
                Rename
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Archive this job?" centered>
        <Stack gap="md">
          <Text size="sm">
            &ldquo;{confirm?.title}&rdquo; leaves the site and its page answers that it is no longer available. You can republish it later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={archiving.loading}
              onClick={() => {
                const target = confirm;
                setConfirm(null);
                if (target) void run(async () => (await archive({ variables: { id: target.id } })).data?.archiveJob);
              }}
            >
              Archive
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /job-manager: the active organization's jobs with their state, dates, counts and actions. */
export function JobManagerPage() {
  const { options, loaded, loading, error } = usePosterOrganizations();
  const [chosen, setChosen] = useState<string | null>(null);
  const organizationId = chosen ?? options[0]?.value ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Job manager</Title>
        <Button component={Link} to="/job/wizard">
          Post a job
        </Button>
      </Group>
      {error ? <Alert color="red" role="alert">Your organizations could not be loaded. Please try again in a moment.</Alert> : null}
      {loading ? <Skeleton h={240} radius="md" /> : null}
      {loaded && options.length === 0 ? (
        <EmptyState action={<Button component={Link} to="/dashboard/organization">Set up your organization</Button>}>
          Jobs belong to an organization. Create yours, or ask a colleague to invite you.
        </EmptyState>
      ) : null}
      {options.length > 1 ? (
        <Select label="Organization" data={options} value={organizationId} onChange={setChosen} allowDeselect={false} w={320} searchable />
      ) : null}
      {organizationId ? <JobsTable key={organizationId} organizationId={organizationId} /> : null}
    </Stack>
  );
}
