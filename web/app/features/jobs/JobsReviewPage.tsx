import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Card, Group, List, Modal, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import { VerifiedBadge } from "~/components/VerifiedBadge";
import type { JobsToReviewQuery } from "~/lib/graphql/generated/graphql";
import {
  APPROVE_JOB,
  ARCHIVE_REPORTED_JOB,
  DISMISS_JOB_REPORTS,
  JOBS_TO_REVIEW,
  REJECT_JOB,
  SET_ORGANIZATION_VERIFIED,
} from "./documents";
import { REPORT_REASONS } from "./ReportJob";
import { useLocaleFormat } from "~/lib/format";
import { PagePicker } from "~/components/Pagination";
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
  reported: { id: "jobs.review.reported", defaultMessage: "{count, plural, one {# report} other {# reports}}" },
  hidden: { id: "jobs.review.hidden", defaultMessage: "Hidden until you decide" },
  reportReason: { id: "jobs.review.report.reason", defaultMessage: "{reason}: {count}" },
  dismiss: { id: "jobs.review.dismiss", defaultMessage: "Dismiss the reports" },
  archive: { id: "jobs.review.archive", defaultMessage: "Archive" },
  archiveTitle: { id: "jobs.review.archive.title", defaultMessage: "Archive this job" },
  archiveText: {
    id: "jobs.review.archive.text",
    defaultMessage: "“{title}” goes offline and its reports are closed. The reason is sent to its recruiter.",
  },
  archiveSubmit: { id: "jobs.review.archive.submit", defaultMessage: "Archive the job" },
  verify: { id: "jobs.review.verify", defaultMessage: "Verify the organization" },
  unverify: { id: "jobs.review.unverify", defaultMessage: "Remove the verification" },
});

type ReviewJob = JobsToReviewQuery["jobsToReview"]["jobs"][number];
type Decision = { kind: "reject" | "archive"; job: ReviewJob };

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
  const [dismiss] = useMutation(DISMISS_JOB_REPORTS);
  const [archive, archiving] = useMutation(ARCHIVE_REPORTED_JOB);
  const [setVerified] = useMutation(SET_ORGANIZATION_VERIFIED);
  const [decision, setDecision] = useState<Decision | null>(null);
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

  const open = (next: Decision) => {
    setReason("");
    setReasonTouched(false);
    setDecision(next);
  };

  const verify = async (organizationId: string, verified: boolean) => {
    setRefusals([]);
    try {
      const answer = (await setVerified({ variables: { organizationId, verified } })).data?.setOrganizationVerified;
      if (answer?.__typename === "MembershipChanged") await refetch();
      else if (answer) setRefusals(answer.errors.map((e) => e.message));
    } catch {
      setRefusals([intl.formatMessage(messages.unavailable)]);
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
                {job.organization?.verified ? (
                  <Group>
                    <VerifiedBadge size="xs" />
                  </Group>
                ) : null}
              </Stack>
              <Group gap="xs">
                {job.reports && (job.reports.count > 0 || job.reports.hidden) ? (
                  <>
                    <Button size="xs" variant="light" onClick={() => void run(async () => (await dismiss({ variables: { id: job.id } })).data?.dismissJobReports)}>
                      <FormattedMessage {...messages.dismiss} />
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => open({ kind: "archive", job })}>
                      <FormattedMessage {...messages.archive} />
                    </Button>
                  </>
                ) : (
                  <>
                    <Button size="xs" onClick={() => void run(async () => (await approve({ variables: { id: job.id } })).data?.approveJob)}>
                      <FormattedMessage {...messages.approve} />
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => open({ kind: "reject", job })}>
                      <FormattedMessage {...messages.reject} />
                    </Button>
                  </>
                )}
                {job.organization ? <VerifyButton organization={job.organization} onVerify={verify} /> : null}
              </Group>
            </Group>
            {job.reports && job.reports.count > 0 ? <Reports reports={job.reports} /> : null}
          </Card>
        ))}
      </Stack>
      <PagePicker pages={Math.ceil(total / PAGE_SIZE)} page={page} onChange={setPage} />
      <Modal
        opened={decision !== null}
        onClose={() => setDecision(null)}
        title={intl.formatMessage(decision?.kind === "archive" ? messages.archiveTitle : messages.rejectTitle)}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setReasonTouched(true);
            const target = decision;
            if (!target || !reason.trim()) return;
            const variables = { id: target.job.id, reason: reason.trim() };
            void run(async () =>
              target.kind === "archive"
                ? (await archive({ variables })).data?.archiveReportedJob
                : (await reject({ variables })).data?.rejectJob,
            ).then((ok) => {
              if (ok) setDecision(null);
            });
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">
              <FormattedMessage
                {...(decision?.kind === "archive" ? messages.archiveText : messages.rejectText)}
                values={{ title: decision?.job.title ?? "" }}
              />
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
              <Button variant="default" onClick={() => setDecision(null)}>
                <FormattedMessage {...messages.cancel} />
              </Button>
              <Button type="submit" color="red" loading={rejecting.loading || archiving.loading}>
                <FormattedMessage {...(decision?.kind === "archive" ? messages.archiveSubmit : messages.rejectSubmit)} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** A job's open reports: the count, the reasons with their counts, and each report's details. */
function Reports({ reports }: { reports: NonNullable<ReviewJob["reports"]> }) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const label = (reason: string) => {
    const option = REPORT_REASONS.find((candidate) => candidate.value === reason);
    return option ? intl.formatMessage(option.label) : reason;
  };
  return (
    <Stack gap={4} mt="sm" data-testid="job-reports">
      <Group gap="xs">
        <Badge color="red" variant="light">
          <FormattedMessage {...messages.reported} values={{ count: reports.count }} />
        </Badge>
        {reports.hidden ? (
          <Badge color="orange" variant="outline">
            <FormattedMessage {...messages.hidden} />
          </Badge>
        ) : null}
        {reports.reasons.map((entry) => (
          <Text key={entry.reason} size="sm">
            <FormattedMessage {...messages.reportReason} values={{ reason: label(entry.reason), count: entry.count }} />
          </Text>
        ))}
      </Group>
      <List size="sm" spacing={2}>
        {reports.reports
          .filter((report) => report.details)
          .map((report, index) => (
            <List.Item key={index}>
              {date(report.createdAt)} · {label(report.reason)}: {report.details}
            </List.Item>
          ))}
      </List>
    </Stack>
  );
}

/** The administrator's control of an organization's verified flag (ADR 0030). */
function VerifyButton({
  organization,
  onVerify,
}: {
  organization: { id: string; verified: boolean };
  onVerify: (organizationId: string, verified: boolean) => Promise<void>;
}) {
  return (
    <Button size="xs" variant="default" onClick={() => void onVerify(organization.id, !organization.verified)}>
      <FormattedMessage {...(organization.verified ? messages.unverify : messages.verify)} />
    </Button>
  );
}
