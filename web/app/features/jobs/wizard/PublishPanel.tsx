import { Alert, Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "~/components/Link";
import type { JobView } from "../documents";
import { canPublish, STATE_LABELS } from "../job-format";

/** Billing refused a slot, or a reviewer rejected the job: the reason, and where to go next. */
export function RefusalAlert({ refusal }: { refusal: NonNullable<JobView["refusal"]> }) {
  return (
    <Alert color="red" role="alert" title="The job was not published">
      <Stack gap={6}>
        <Text size="sm">{refusal.message}</Text>
        <Text size="sm">
          Get job slots in <Anchor component={Link} to="/my-products">My products</Anchor>, or{" "}
          <Anchor component={Link} to="/contact">contact us</Anchor>.
        </Text>
      </Stack>
    </Alert>
  );
}

/** Before publishing: what Google requires or recommends that the job still lacks. */
export function StructuredDataChecklist({ hints }: { hints: JobView["structuredDataHints"] }) {
  if (hints.length === 0) {
    return (
      <Alert color="green" title="Ready for search engines">
        The job has everything Google requires and recommends for job postings.
      </Alert>
    );
  }
  const required = hints.filter((hint) => hint.level === "required");
  const recommended = hints.filter((hint) => hint.level !== "required");
  return (
    <Stack gap="sm" component="section" aria-labelledby="structured-data-heading">
      <Title order={3} size="h4" id="structured-data-heading">
        Search engine check
      </Title>
      {[
        { label: "Google requires", items: required, color: "red" },
        { label: "Google recommends", items: recommended, color: "yellow" },
      ].map((group) =>
        group.items.length > 0 ? (
          <Stack gap={4} key={group.label}>
            <Text size="sm" fw={600}>
              {group.label}
            </Text>
            <List
              spacing={4}
              size="sm"
              icon={
                <ThemeIcon color={group.color} size={18} radius="xl" aria-hidden="true">
                  !
                </ThemeIcon>
              }
            >
              {group.items.map((hint) => (
                <List.Item key={hint.property}>
                  {hint.message} <Text span size="xs" className="text-muted">({hint.property})</Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null,
      )}
    </Stack>
  );
}

export type PublishPhase = "idle" | "publishing" | "waiting" | "timeout";

/** The review step: the checklist, the refusal if any, and Publish where the state allows it. */
export function PublishPanel({
  job,
  phase,
  errors,
  onPublish,
}: {
  job: JobView;
  phase: PublishPhase;
  errors: string[];
  onPublish: () => void;
}) {
  const busy = phase === "publishing" || phase === "waiting";
  return (
    <Stack gap="md">
      <StructuredDataChecklist hints={job.structuredDataHints} />
      {job.state === "DRAFT" && job.refusal ? <RefusalAlert refusal={job.refusal} /> : null}
      {errors.length > 0 ? (
        <Alert color="red" role="alert" title="Please check the following">
          <List size="sm">
            {errors.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {phase === "waiting" || job.state === "AWAITING_SLOT" ? (
        <Alert color="blue" role="status" title="Waiting for a job slot">
          Your organization&apos;s job slots are being checked. This takes a few seconds.
        </Alert>
      ) : null}
      {phase === "timeout" ? (
        <Alert color="yellow" role="status" title="Still waiting">
          The job publishes as soon as a slot is confirmed. Follow it in the{" "}
          <Anchor component={Link} to="/job-manager">job manager</Anchor>.
        </Alert>
      ) : null}
      <Group>
        {canPublish(job.state) ? (
          <Button onClick={onPublish} loading={busy} data-testid="publish-job">
            Publish the job
          </Button>
        ) : (
          <Text size="sm" className="text-muted">
            State: {STATE_LABELS[job.state]}
          </Text>
        )}
        {job.state !== "DRAFT" && job.state !== "AWAITING_SLOT" ? (
          <Button component={Link} to={job.url.path} variant="default">
            View the job
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
