import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Card, Group, Modal, Pagination, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import type { ManagedJobFieldsFragment } from "~/lib/graphql/generated/graphql";
import { APPROVE_JOB, JOBS_TO_REVIEW, REJECT_JOB } from "./documents";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages } from "~/lib/i18n/define-messages";
import { jobErrorsByField, type JobResultLike } from "./wizard/job-errors";

const PAGE_SIZE = 20;

const messages = defineMessages({
  unavailable: { id: "jobs.review.unavailable", defaultMessage: "That did not work. Try again in a moment." },
  reasonMissing: { id: "jobs.review.reason.missing", defaultMessage: "Tell the recruiter why." },
  title: { id: "jobs.review.title", defaultMessage: "Jobs to review" },
  failed: { id: "jobs.review.failed", defaultMessage: "The queue could not be loaded. Please try again in a moment." },
  empty: { id: "jobs.review.empty", defaultMessage: "No job waits for review." },
  submitted: { id: "jobs.review.submitted", defaultMessage: "{organization} · submitted {date}" },
  approve: { id: "jobs.review.approve", defaultMessage: "Approve" },
  reject: { id: "jobs.review.reject", defaultMessage: "Reject" },
  rejectTitle: { id: "jobs.review.reject.title", defaultMessage: "Reject this job" },
  rejectText: { id: "jobs.review.reject.text", defaultMessage: "The reason is sent to the recruiter with “{title}”." },
  reason: { id: "jobs.review.reason", defaultMessage: "Reason" },
  cancel: { id: "jobs.review.cancel", defaultMessage: "Cancel" },
  rejectSubmit: { id: "jobs.review.reject.submit", defaultMessage: "Reject the job" },
});

/** The page's name, for its document title. */
export const JOBS_REVIEW_TITLE = messages.title;

/** /admin/jobs-review: the needs_review queue, oldest first; approve, or reject with a reason. */
export function JobsReviewPage() {
  const intl = useIntl();
  const { date } = useLocaleFormat();
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
  const [refusals, setRefusals] = useState<string[]>([]);

  const run = async (action: () => Promise<JobResultLike | undefined>) => {
    setRefusals([]);
    try {
      const answer = await action();
      if (answer?.__typename === "JobSaved") await refetch();
      else setRefusals(jobErrorsByField(answer, []).general);
      return answer?.__typename === "JobSaved";
    } catch {
      setRefusals([intl.formatMessage(messages.unavailable)]);
      return false;
    }
  };

  const jobs = data?.jobsToReview.jobs ?? [];
  const total = data?.jobsToReview.total ?? 0;
  const reasonError = reasonTouched && !reason.trim() ? intl.formatMessage(messages.reasonMissing) : undefined;

  return (
    <Stack gap="lg">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <DangerList messages={refusals} />
      {error && !data ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton h={200} radius="md" /> : null}
      {data && jobs.length === 0 ? (
        <EmptyState>
          <FormattedMessage {...messages.empty} />
        </EmptyState>
      ) : null}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {jobs.map((job) => (
          <Card key={job.id} withBorder radius="md" padding="md" component="li">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Anchor component={Link} to={job.url.path} fw={600}>
                  {job.title}
                </Anchor>
                <Text size="sm" className="text-muted">
                  <FormattedMessage
                    {...messages.submitted}
                    values={{ organization: job.organizationName, date: date(job.createdAt) }}
                  />
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="xs" onClick={() => void run(async () => (await approve({ variables: { id: job.id } })).data?.approveJob)}>
                  <FormattedMessage {...messages.approve} />
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
                  <FormattedMessage {...messages.reject} />
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      {total > PAGE_SIZE ? <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} /> : null}
      <Modal opened={rejectTarget !== null} onClose={() => setRejectTarget(null)} title={intl.formatMessage(messages.rejectTitle)} centered>
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
            <Text size="sm">
              <FormattedMessage {...messages.rejectText} values={{ title: rejectTarget?.title ?? "" }} />
            </Text>
            <Textarea
              label={intl.formatMessage(messages.reason)}
              required
              autosize
              minRows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejectTarget(null)}>
                <FormattedMessage {...messages.cancel} />
              </Button>
              <Button type="submit" color="red" loading={rejecting.loading}>
                <FormattedMessage {...messages.rejectSubmit} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
