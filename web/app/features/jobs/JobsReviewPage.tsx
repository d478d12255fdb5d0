import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Card, Group, Modal, Pagination, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type { ManagedJobFieldsFragment } from "~/lib/graphql/generated/graphql";
import { APPROVE_JOB, JOBS_TO_REVIEW, REJECT_JOB } from "./documents";
import { formatDate } from "~/lib/format";
import { jobErrorsByField, type JobResultLike } from "./wizard/job-errors";

const PAGE_SIZE = 20;
const UNAVAILABLE = "That did not work. Try again in a moment.";

/** /admin/jobs-review: the needs_review queue, oldest first; approve, or reject with a reason. */
export function JobsReviewPage() {
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useQuery(JOBS_TO_REVIEW, {
    variables: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const [approve] = useMutation(APPROVE_JOB);
  const [reject, rejecting] = useMutation(REJECT_JOB);
  const [rejectTarget, setRejectTarget] = useState<ManagedJobFieldsFragment | null>(null);
  const [reason, setReason] = useState("");
  const [reasonTouched, setReasonTouched] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const run = async (action: () => Promise<JobResultLike | undefined>) => {
    setMessages([]);
    try {
      const answer = await action();
      if (answer?.__typename === "JobSaved") await refetch();
      else setMessages(jobErrorsByField(answer, []).general);
      return answer?.__typename === "JobSaved";
    } catch {
      setMessages([UNAVAILABLE]);
      return false;
    }
  };

  const jobs = data?.jobsToReview.jobs ?? [];
  const total = data?.jobsToReview.total ?? 0;
  const reasonError = reasonTouched && !reason.trim() ? "Tell the recruiter why." : undefined;

  return (
    <Stack gap="lg">
      <Title order={1}>Jobs to review</Title>
      <DangerList messages={messages} />
      {error && !data ? <Alert color="red" role="alert">The queue could not be loaded. Please try again in a moment.</Alert> : null}
      {loading && !data ? <Skeleton h={200} radius="md" /> : null}
      {data && jobs.length === 0 ? <EmptyState>No job waits for review.</EmptyState> : null}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {jobs.map((job) => (
          <Card key={job.id} withBorder radius="md" padding="md" component="li">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Anchor component={Link} to={job.url.path} fw={600}>
                  {job.title}
                </Anchor>
                <Text size="sm" className="text-muted">
                  {job.organizationName} · submitted {formatDate(job.createdAt)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="xs" onClick={() => void run(async () => (await approve({ variables: { id: job.id } })).data?.approveJob)}>
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => {
                    setReason("");
                    setReasonTouched(false);
                    setRejectTarget(job);
                  }}
                >
                  Reject
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      {total > PAGE_SIZE ? <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} /> : null}
      <Modal opened={rejectTarget !== null} onClose={() => setRejectTarget(null)} title="Reject this job" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setReasonTouched(true);
            const target = rejectTarget;
            if (!target || !reason.trim()) return;
            void run(async () => (await reject({ variables: { id: target.id, reason: reason.trim() } })).data?.rejectJob).then((ok) => {
              if (ok) setRejectTarget(null);
            });
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">The reason is sent to the recruiter with &ldquo;{rejectTarget?.title}&rdquo;.</Text>
            <Textarea label="Reason" required autosize minRows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejectTarget(null)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={rejecting.loading}>
                Reject the job
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
