import { Alert, Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { Link } from "~/components/Link";
import type { JobView } from "../documents";
import { canPublish, STATE_LABELS } from "../job-format";

const messages = defineMessages({
  notPublished: { id: "wizard.publish.refused.title", defaultMessage: "The job was not published" },
  getSlots: {
    id: "wizard.publish.refused.next",
    defaultMessage: "Get job slots in <products>My products</products>, or <contact>contact us</contact>.",
  },
  ready: { id: "wizard.publish.ready.title", defaultMessage: "Ready for search engines" },
  readyText: {
    id: "wizard.publish.ready.text",
    defaultMessage: "The job has everything Google requires and recommends for job postings.",
  },
  check: { id: "wizard.publish.check", defaultMessage: "Search engine check" },
  requires: { id: "wizard.publish.check.requires", defaultMessage: "Google requires" },
  blocks: {
    id: "wizard.publish.check.blocks",
    defaultMessage: "The job can be published once these are done.",
  },
  recommends: { id: "wizard.publish.check.recommends", defaultMessage: "Google recommends" },
  hintProperty: { id: "wizard.publish.check.property", defaultMessage: "({property})" },
  checkErrors: { id: "wizard.publish.errors", defaultMessage: "Please check the following" },
  waiting: { id: "wizard.publish.waiting.title", defaultMessage: "Waiting for a job slot" },
  waitingText: {
    id: "wizard.publish.waiting.text",
    defaultMessage: "Your organization's job slots are being checked. This takes a few seconds.",
  },
  stillWaiting: { id: "wizard.publish.timeout.title", defaultMessage: "Still waiting" },
  stillWaitingText: {
    id: "wizard.publish.timeout.text",
    defaultMessage:
      "Billing has not answered yet. This page keeps checking and moves on by itself as soon as it does; you can also follow the job in the <link>job manager</link>.",
  },
  publish: { id: "wizard.publish.submit", defaultMessage: "Publish the job" },
  state: { id: "wizard.publish.state", defaultMessage: "State: {state}" },
  view: { id: "wizard.publish.view", defaultMessage: "View the job" },
});

/** Billing refused a slot, or a reviewer rejected the job: the reason, and where to go next. */
export function RefusalAlert({ refusal }: { refusal: NonNullable<JobView["refusal"]> }) {
  const intl = useIntl();
  return (
    <Alert color="red" role="alert" title={intl.formatMessage(messages.notPublished)}>
      <Stack gap={6}>
        <Text size="sm">{refusal.message}</Text>
        <Text size="sm">
          <FormattedMessage
            {...messages.getSlots}
            values={{
              products: (chunks) => (
                <Anchor component={Link} to="/my-products">
                  {chunks}
                </Anchor>
              ),
              contact: (chunks) => (
                <Anchor component={Link} to="/contact">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * Before publishing: what Google requires or recommends that the job still lacks, as the jobs
 * service's rule set says (its messages). A required one refuses the publication: publishJob
 * answers the same message, shown in the errors alert.
 */
export function StructuredDataChecklist({ hints }: { hints: JobView["structuredDataHints"] }) {
  const intl = useIntl();
  if (hints.length === 0) {
    return (
      <Alert color="green" title={intl.formatMessage(messages.ready)}>
        <FormattedMessage {...messages.readyText} />
      </Alert>
    );
  }
  const required = hints.filter((hint) => hint.level === "required");
  const recommended = hints.filter((hint) => hint.level !== "required");
  return (
    <Stack gap="sm" component="section" aria-labelledby="structured-data-heading">
      <Title order={3} size="h4" id="structured-data-heading">
        <FormattedMessage {...messages.check} />
      </Title>
      {[
        { key: "required", label: messages.requires, note: messages.blocks, items: required, color: "red" },
        { key: "recommended", label: messages.recommends, note: null, items: recommended, color: "yellow" },
      ].map((group) =>
        group.items.length > 0 ? (
          <Stack gap={4} key={group.key}>
            <Text size="sm" fw={600}>
              <FormattedMessage {...group.label} />
            </Text>
            {group.note ? (
              <Text size="sm">
                <FormattedMessage {...group.note} />
              </Text>
            ) : null}
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
                  {hint.message}{" "}
                  <Text span size="xs" className="text-muted">
                    <FormattedMessage {...messages.hintProperty} values={{ property: hint.property }} />
                  </Text>
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
  const intl = useIntl();
  const busy = phase === "publishing" || phase === "waiting";
  return (
    <Stack gap="md">
      <StructuredDataChecklist hints={job.structuredDataHints} />
      {job.state === "DRAFT" && job.refusal ? <RefusalAlert refusal={job.refusal} /> : null}
      {errors.length > 0 ? (
        <Alert color="red" role="alert" title={intl.formatMessage(messages.checkErrors)}>
          <List size="sm">
            {errors.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {phase === "waiting" || job.state === "AWAITING_SLOT" ? (
        <Alert color="blue" role="status" title={intl.formatMessage(messages.waiting)}>
          <FormattedMessage {...messages.waitingText} />
        </Alert>
      ) : null}
      {phase === "timeout" ? (
        <Alert color="yellow" role="status" title={intl.formatMessage(messages.stillWaiting)}>
          <FormattedMessage
            {...messages.stillWaitingText}
            values={{
              link: (chunks) => (
                <Anchor component={Link} to="/job-manager">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Alert>
      ) : null}
      <Group>
        {canPublish(job.state) ? (
          <Button onClick={onPublish} loading={busy} data-testid="publish-job">
            <FormattedMessage {...messages.publish} />
          </Button>
        ) : (
          <Text size="sm" className="text-muted">
            <FormattedMessage {...messages.state} values={{ state: intl.formatMessage(STATE_LABELS[job.state]) }} />
          </Text>
        )}
        {job.state !== "DRAFT" && job.state !== "AWAITING_SLOT" ? (
          <Button component={Link} to={job.url.path} variant="default">
            <FormattedMessage {...messages.view} />
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
