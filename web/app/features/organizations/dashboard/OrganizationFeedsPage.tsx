import { useMutation, useQuery } from "@apollo/client/react";
import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  List,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import {
  IconHistory,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRefresh,
  IconRss,
  IconTrash,
} from "@tabler/icons-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { BackLink } from "~/components/BackLink";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import { NavLink } from "~/components/Link";
import type {
  FeedFormat,
  FeedIssueOutcome,
  FeedRunFieldsFragment,
  FeedRunStatus,
  FeedRunTrigger,
  FeedSourceFieldsFragment,
} from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import {
  CREATE_FEED_SOURCE,
  DELETE_FEED_SOURCE,
  FEED_RUNS,
  ORGANIZATION_FEED_SOURCES,
  ORGANIZATION_FEEDS_PAGE,
  RUN_FEED_SOURCE,
  UPDATE_FEED_SOURCE,
} from "./documents";
import { FORM_MESSAGES, groupErrors, type GroupAnswer } from "./form-kit";

const messages = defineMessages({
  feeds: { id: "organizations.feeds.feeds", defaultMessage: "Job feeds" },
  feedsOf: { id: "organizations.feeds.feedsOf", defaultMessage: "Job feeds of {name}" },
  intro: {
    id: "organizations.feeds.intro",
    defaultMessage:
      "The board imports {name}'s jobs from the feeds below, each on its own schedule: new jobs are posted, changed ones updated, and the ones that left the feed closed. The jobs a feed creates belong to the person who added it.",
  },
  myOrganizations: { id: "organizations.feeds.myOrganizations", defaultMessage: "My organizations" },
  editProfile: { id: "organizations.feeds.editProfile", defaultMessage: "Edit the profile" },
  members: { id: "organizations.feeds.members", defaultMessage: "Members" },
  apiKeys: { id: "organizations.feeds.apiKeys", defaultMessage: "API keys" },
  organizationFailed: {
    id: "organizations.feeds.organizationFailed",
    defaultMessage: "The organization could not be loaded. Please try again in a moment.",
  },
  loading: { id: "organizations.feeds.loading", defaultMessage: "Loading…" },
  notFound: { id: "organizations.feeds.notFound", defaultMessage: "This organization does not exist or is not yours." },
  sources: { id: "organizations.feeds.sources", defaultMessage: "Feeds" },
  sourcesFailed: {
    id: "organizations.feeds.sourcesFailed",
    defaultMessage: "The feeds could not be loaded. Please try again in a moment.",
  },
  noSources: { id: "organizations.feeds.noSources", defaultMessage: "No job feeds yet." },
  noSourcesText: {
    id: "organizations.feeds.noSourcesText",
    defaultMessage:
      "A feed is an address where your careers site or applicant tracking system lists your open jobs: either the XML job feed that job aggregators read, or schema.org JobPosting JSON. Add one below. The board then creates, updates and closes jobs to follow the feed, and a job that also arrives from another feed or was posted by hand is listed once.",
  },
  formatXml: { id: "organizations.feeds.formatXml", defaultMessage: "XML" },
  formatJson: { id: "organizations.feeds.formatJson", defaultMessage: "JSON" },
  formatXmlOption: {
    id: "organizations.feeds.formatXmlOption",
    defaultMessage: "XML: the job feed format aggregators read",
  },
  formatJsonOption: { id: "organizations.feeds.formatJsonOption", defaultMessage: "JSON: schema.org JobPosting" },
  active: { id: "organizations.feeds.active", defaultMessage: "Active" },
  paused: { id: "organizations.feeds.paused", defaultMessage: "Paused" },
  every: {
    id: "organizations.feeds.every",
    defaultMessage: "Every {minutes, plural, one {# minute} other {# minutes}}",
  },
  schedule: { id: "organizations.feeds.schedule", defaultMessage: "Schedule" },
  nextRun: { id: "organizations.feeds.nextRun", defaultMessage: "Next run" },
  nextRunPaused: {
    id: "organizations.feeds.nextRunPaused",
    defaultMessage: "None while paused (Run now still imports it)",
  },
  addedBy: { id: "organizations.feeds.addedBy", defaultMessage: "Added" },
  addedByOn: { id: "organizations.feeds.addedByOn", defaultMessage: "{date} by {email}" },
  lastRun: { id: "organizations.feeds.lastRun", defaultMessage: "Last run" },
  neverRun: { id: "organizations.feeds.neverRun", defaultMessage: "Not imported yet" },
  issuesHint: {
    id: "organizations.feeds.issuesHint",
    defaultMessage:
      "{count, plural, one {# job was} other {# jobs were}} refused or not published: the run history has the reasons.",
  },
  statusRunning: { id: "organizations.feeds.statusRunning", defaultMessage: "Running" },
  statusSucceeded: { id: "organizations.feeds.statusSucceeded", defaultMessage: "Succeeded" },
  statusFailed: { id: "organizations.feeds.statusFailed", defaultMessage: "Failed" },
  triggerSchedule: { id: "organizations.feeds.triggerSchedule", defaultMessage: "On schedule" },
  triggerManual: { id: "organizations.feeds.triggerManual", defaultMessage: "Run by hand" },
  items: {
    id: "organizations.feeds.items",
    defaultMessage: "{count, plural, one {# job} other {# jobs}} in the feed",
  },
  countCreated: { id: "organizations.feeds.countCreated", defaultMessage: "{count, number} created" },
  countUpdated: { id: "organizations.feeds.countUpdated", defaultMessage: "{count, number} updated" },
  countUnchanged: { id: "organizations.feeds.countUnchanged", defaultMessage: "{count, number} unchanged" },
  countDuplicate: { id: "organizations.feeds.countDuplicate", defaultMessage: "{count, number} duplicate" },
  countClosed: { id: "organizations.feeds.countClosed", defaultMessage: "{count, number} closed" },
  countRejected: { id: "organizations.feeds.countRejected", defaultMessage: "{count, number} rejected" },
  counts: { id: "organizations.feeds.counts", defaultMessage: "What the run did" },
  started: { id: "organizations.feeds.started", defaultMessage: "Started" },
  finished: { id: "organizations.feeds.finished", defaultMessage: "Finished" },
  notFinished: { id: "organizations.feeds.notFinished", defaultMessage: "Still running" },
  runError: { id: "organizations.feeds.runError", defaultMessage: "The feed could not be imported; nothing was changed" },
  issues: { id: "organizations.feeds.issues", defaultMessage: "Jobs refused or not published" },
  issueUntitled: { id: "organizations.feeds.issueUntitled", defaultMessage: "Job {position, number} of the feed" },
  issueReference: { id: "organizations.feeds.issueReference", defaultMessage: "Reference {reference}" },
  issuePosition: { id: "organizations.feeds.issuePosition", defaultMessage: "Position {position, number}" },
  outcomeRejected: { id: "organizations.feeds.outcomeRejected", defaultMessage: "Rejected" },
  outcomeNotPublished: { id: "organizations.feeds.outcomeNotPublished", defaultMessage: "Not published" },
  outcomeRejectedText: {
    id: "organizations.feeds.outcomeRejectedText",
    defaultMessage: "Nothing of this job was saved.",
  },
  outcomeNotPublishedText: {
    id: "organizations.feeds.outcomeNotPublishedText",
    defaultMessage: "Saved as a draft; its publication was refused.",
  },
  runNow: { id: "organizations.feeds.runNow", defaultMessage: "Run now" },
  runNowName: { id: "organizations.feeds.runNowName", defaultMessage: "Run {name} now" },
  runFailed: { id: "organizations.feeds.runFailed", defaultMessage: "The feed could not be run. Try again in a moment." },
  reportSucceeded: { id: "organizations.feeds.reportSucceeded", defaultMessage: "{name} was imported" },
  reportFailed: { id: "organizations.feeds.reportFailed", defaultMessage: "{name} could not be imported" },
  reportRunning: { id: "organizations.feeds.reportRunning", defaultMessage: "{name} is being imported" },
  closeReport: { id: "organizations.feeds.closeReport", defaultMessage: "Close the report" },
  history: { id: "organizations.feeds.history", defaultMessage: "Run history" },
  historyOf: { id: "organizations.feeds.historyOf", defaultMessage: "Run history of {name}" },
  historyFailed: {
    id: "organizations.feeds.historyFailed",
    defaultMessage: "The run history could not be loaded. Please try again in a moment.",
  },
  noRuns: { id: "organizations.feeds.noRuns", defaultMessage: "This feed has not been imported yet." },
  historyNote: {
    id: "organizations.feeds.historyNote",
    defaultMessage: "The newest {count, number} runs; a feed keeps its newest 100 reports.",
  },
  editName: { id: "organizations.feeds.editName", defaultMessage: "Edit {name}" },
  pauseName: { id: "organizations.feeds.pauseName", defaultMessage: "Pause {name}" },
  resumeName: { id: "organizations.feeds.resumeName", defaultMessage: "Resume {name}" },
  deleteName: { id: "organizations.feeds.deleteName", defaultMessage: "Delete {name}" },
  deleteTitle: { id: "organizations.feeds.deleteTitle", defaultMessage: "Delete {name}?" },
  deleteText: {
    id: "organizations.feeds.deleteText",
    defaultMessage:
      "The feed is no longer imported and its run reports are deleted. The jobs it imported stay on the board as they are; the feed no longer updates or closes them.",
  },
  cancel: { id: "organizations.feeds.cancel", defaultMessage: "Cancel" },
  deleteSubmit: { id: "organizations.feeds.deleteSubmit", defaultMessage: "Delete the feed" },
  addSource: { id: "organizations.feeds.addSource", defaultMessage: "Add a feed" },
  name: { id: "organizations.feeds.name", defaultMessage: "Name" },
  nameHint: {
    id: "organizations.feeds.nameHint",
    defaultMessage: "Say where the feed comes from, e.g. “Careers site”.",
  },
  url: { id: "organizations.feeds.url", defaultMessage: "Feed address" },
  urlHint: {
    id: "organizations.feeds.urlHint",
    defaultMessage: "The full address the board fetches the feed from, starting with https://.",
  },
  format: { id: "organizations.feeds.format", defaultMessage: "Format" },
  interval: { id: "organizations.feeds.interval", defaultMessage: "Import every (minutes)" },
  intervalHint: {
    id: "organizations.feeds.intervalHint",
    defaultMessage: "At least {min, number} minutes, at most {max, number} (a week).",
  },
  enabled: { id: "organizations.feeds.enabled", defaultMessage: "Import on schedule" },
  enabledHint: {
    id: "organizations.feeds.enabledHint",
    defaultMessage: "When off, the feed is paused: it is imported only when you press Run now.",
  },
  submit: { id: "organizations.feeds.submit", defaultMessage: "Add feed" },
  save: { id: "organizations.feeds.save", defaultMessage: "Save changes" },
  nameRequired: { id: "organizations.feeds.nameRequired", defaultMessage: "Give the feed a name." },
  nameTooLong: {
    id: "organizations.feeds.nameTooLong",
    defaultMessage: "Keep the name to {max, number} characters or fewer.",
  },
  urlRequired: { id: "organizations.feeds.urlRequired", defaultMessage: "Give the feed's address." },
  urlTooLong: {
    id: "organizations.feeds.urlTooLong",
    defaultMessage: "An address has at most {max, number} characters.",
  },
  intervalRange: {
    id: "organizations.feeds.intervalRange",
    defaultMessage: "Choose a number of minutes from {min, number} to {max, number}.",
  },
  addFailed: { id: "organizations.feeds.addFailed", defaultMessage: "The feed could not be added. Try again in a moment." },
  added: {
    id: "organizations.feeds.added",
    defaultMessage: "{name} was added. Its first import starts within a minute, or press Run now.",
  },
  addedPaused: { id: "organizations.feeds.addedPaused", defaultMessage: "{name} was added, paused." },
});

/** The page's name, for its document title. */
export const FEEDS_TITLE = messages.feeds;

/** The limits the API checks too (services/jobs domain/feed_sources.py). */
const MAX_NAME = 100;
const MAX_URL = 2000;
const MIN_INTERVAL = 15;
const MAX_INTERVAL = 7 * 24 * 60;
const DEFAULT_INTERVAL = 60;
/** How many runs the history asks for. */
const HISTORY_RUNS = 20;
const FIELDS = ["name", "url", "format", "intervalMinutes"] as const;

const FORMATS = {
  XML: { badge: messages.formatXml, option: messages.formatXmlOption },
  JSON: { badge: messages.formatJson, option: messages.formatJsonOption },
} as const satisfies Record<FeedFormat, { badge: Message; option: Message }>;

const STATUSES = {
  RUNNING: { label: messages.statusRunning, color: "blue" },
  SUCCEEDED: { label: messages.statusSucceeded, color: "green" },
  FAILED: { label: messages.statusFailed, color: "red" },
} as const satisfies Record<FeedRunStatus, { label: Message; color: string }>;

const TRIGGERS = {
  SCHEDULE: messages.triggerSchedule,
  MANUAL: messages.triggerManual,
} as const satisfies Record<FeedRunTrigger, Message>;

const OUTCOMES = {
  REJECTED: { label: messages.outcomeRejected, text: messages.outcomeRejectedText, color: "red" },
  NOT_PUBLISHED: { label: messages.outcomeNotPublished, text: messages.outcomeNotPublishedText, color: "orange" },
} as const satisfies Record<FeedIssueOutcome, { label: Message; text: Message; color: string }>;

type Source = FeedSourceFieldsFragment;
type Run = FeedRunFieldsFragment;

/** A date and time in UTC, marked as such (the same on the server and in the browser). */
function when(value: unknown, intl: IntlShape): string {
  if (typeof value !== "string" || !value) return "";
  return intl.formatDate(new Date(value), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** JobErrors have the shape of the editor's OrganizationErrors: form-kit sorts them onto the fields shown. */
function sourceErrors(answer: GroupAnswer | undefined) {
  const errors = answer?.__typename === "JobErrors" ? { ...answer, __typename: "OrganizationErrors" } : undefined;
  return groupErrors(errors, FIELDS);
}

/** The messages of a JobErrors answer (for actions without fields), or the network's failure. */
function refusals(answer: GroupAnswer | undefined, failed: boolean, intl: IntlShape): string[] {
  if (failed) return [intl.formatMessage(FORM_MESSAGES.unavailable)];
  const sorted = sourceErrors(answer);
  return [...sorted.general, ...Object.values(sorted.byField)];
}

/** A label and its value, one line of a source's card (the value flows on under its label on a phone). */
function Fact({ label, children }: { label: Message; children: ReactNode }) {
  return (
    <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
      <Text span size="sm" fw={600} mr={6}>
        <FormattedMessage {...label} />
      </Text>
      {children}
    </Text>
  );
}

function StatusBadge({ status }: { status: FeedRunStatus }) {
  return (
    <Badge color={STATUSES[status].color} variant="light" style={{ verticalAlign: "middle" }}>
      <FormattedMessage {...STATUSES[status].label} />
    </Badge>
  );
}

/** The counts of a run: every job of the feed is one of created … rejected; closed left the feed. */
function RunCounts({ run }: { run: Run }) {
  const intl = useIntl();
  const counts: [Message, number, string?][] = [
    // the scheme's text shade of the colour: legible on the report's tinted background in dark mode too
    [messages.countCreated, run.created, "var(--mantine-color-green-text)"],
    [messages.countUpdated, run.updated],
    [messages.countUnchanged, run.unchanged],
    [messages.countDuplicate, run.duplicate],
    [messages.countClosed, run.closed],
    [messages.countRejected, run.rejected, "var(--mantine-color-red-text)"],
  ];
  return (
    <Group
      component="ul"
      aria-label={intl.formatMessage(messages.counts)}
      style={{ listStyle: "none", padding: 0, margin: 0, rowGap: 2, columnGap: "var(--mantine-spacing-md)" }}
    >
      <Text component="li" size="sm" fw={600}>
        <FormattedMessage {...messages.items} values={{ count: run.items }} />
      </Text>
      {counts.map(([label, count, color]) => (
        <Text
          key={label.id}
          component="li"
          size="sm"
          c={count > 0 ? color : "dimmed"}
          fw={count > 0 && color ? 600 : undefined}
        >
          <FormattedMessage {...label} values={{ count }} />
        </Text>
      ))}
    </Group>
  );
}

/** The jobs a run refused or could not publish, each with the wizard's reasons. */
function RunIssues({ issues }: { issues: Run["issues"] }) {
  const intl = useIntl();
  const headingId = useId();
  if (issues.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={600}>
        <FormattedMessage {...messages.issues} />
      </Text>
      {issues.map((issue) => {
        const outcome = OUTCOMES[issue.outcome];
        return (
          <Paper key={`${issue.position}-${issue.reference ?? ""}`} withBorder radius="sm" p="xs" component="article">
            <Stack gap={4}>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {issue.title || intl.formatMessage(messages.issueUntitled, { position: issue.position })}
                </Text>
                <Badge color={outcome.color} variant="light">
                  <FormattedMessage {...outcome.label} />
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {issue.reference ? (
                  <>
                    <FormattedMessage {...messages.issueReference} values={{ reference: issue.reference }} />
                    {" · "}
                  </>
                ) : null}
                <FormattedMessage {...messages.issuePosition} values={{ position: issue.position }} />
                {" · "}
                <FormattedMessage {...outcome.text} />
              </Text>
              {issue.errors.length > 0 ? (
                <List size="sm" spacing={2}>
                  {issue.errors.map((error, index) => (
                    <List.Item key={`${error.field ?? ""}-${index}`}>{error.message}</List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** A run's whole report: its times, counts, error and issues. */
function RunReport({ run }: { run: Run }) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      <Group wrap="wrap" style={{ rowGap: 4, columnGap: "var(--mantine-spacing-lg)" }}>
        <Fact label={messages.started}>
          {when(run.startedAt, intl)}{" "}
          <Text span size="sm" c="dimmed">
            (<FormattedMessage {...TRIGGERS[run.trigger]} />)
          </Text>
        </Fact>
        <Fact label={messages.finished}>
          {run.finishedAt ? when(run.finishedAt, intl) : intl.formatMessage(messages.notFinished)}
        </Fact>
      </Group>
      <RunCounts run={run} />
      {run.error ? (
        <Alert color="red" variant="light" title={intl.formatMessage(messages.runError)}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {run.error}
          </Text>
        </Alert>
      ) : null}
      <RunIssues issues={run.issues} />
    </Stack>
  );
}

/** The runs of a source, newest first, each opening onto its report. */
function RunHistory({ source }: { source: Source }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(FEED_RUNS, { variables: { sourceId: source.id, limit: HISTORY_RUNS } });
  const runs = data?.feedRuns ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={intl.formatMessage(messages.historyOf, { name: source.name })}>
      <Title order={4} size="h5">
        <FormattedMessage {...messages.history} />
      </Title>
      {error ? (
        <Text role="alert" size="sm">
          <FormattedMessage {...messages.historyFailed} />
        </Text>
      ) : null}
      {loading && !data ? <Skeleton height={48} radius="md" /> : null}
      {data && runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage {...messages.noRuns} />
        </Text>
      ) : null}
      {runs.length > 0 ? (
        <>
          <Accordion variant="separated" multiple chevronPosition="left">
            {runs.map((run) => (
              <Accordion.Item key={run.id} value={run.id}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {when(run.startedAt, intl)}
                    </Text>
                    <StatusBadge status={run.status} />
                    <Text size="sm" c="dimmed">
                      <FormattedMessage {...TRIGGERS[run.trigger]} />
                    </Text>
                    <Text size="sm" c="dimmed">
                      <FormattedMessage {...messages.countCreated} values={{ count: run.created }} />
                      {" · "}
                      <FormattedMessage {...messages.countRejected} values={{ count: run.rejected }} />
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <RunReport run={run} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <Text size="xs" c="dimmed">
            <FormattedMessage {...messages.historyNote} values={{ count: runs.length }} />
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

interface Draft {
  name: string;
  url: string;
  format: FeedFormat;
  intervalMinutes: number | string;
  enabled: boolean;
}

const EMPTY_DRAFT: Draft = { name: "", url: "", format: "JSON", intervalMinutes: DEFAULT_INTERVAL, enabled: true };

function draftOf(source: Source): Draft {
  return {
    name: source.name,
    url: source.url,
    format: source.format,
    intervalMinutes: source.intervalMinutes,
    enabled: source.enabled,
  };
}

/** What the form checks before asking the API (which checks the same, and whether the address may be fetched). */
function draftChecks(draft: Draft, intl: IntlShape): Partial<Record<(typeof FIELDS)[number], string>> {
  const name = draft.name.trim();
  const url = draft.url.trim();
  const interval = typeof draft.intervalMinutes === "number" ? draft.intervalMinutes : Number.NaN;
  return {
    name: !name
      ? intl.formatMessage(messages.nameRequired)
      : name.length > MAX_NAME
        ? intl.formatMessage(messages.nameTooLong, { max: MAX_NAME })
        : undefined,
    url: !url
      ? intl.formatMessage(messages.urlRequired)
      : url.length > MAX_URL
        ? intl.formatMessage(messages.urlTooLong, { max: MAX_URL })
        : undefined,
    intervalMinutes:
      !Number.isInteger(interval) || interval < MIN_INTERVAL || interval > MAX_INTERVAL
        ? intl.formatMessage(messages.intervalRange, { min: MIN_INTERVAL, max: MAX_INTERVAL })
        : undefined,
  };
}

/** The values the API takes, trimmed. */
function draftVariables(draft: Draft) {
  return {
    name: draft.name.trim(),
    url: draft.url.trim(),
    format: draft.format,
    intervalMinutes: Number(draft.intervalMinutes),
    enabled: draft.enabled,
  };
}

/** The fields of a source, for adding one and for editing it. */
function SourceFields({
  draft,
  onChange,
  errors,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: Partial<Record<(typeof FIELDS)[number], string>>;
}) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        label={intl.formatMessage(messages.name)}
        description={intl.formatMessage(messages.nameHint)}
        autoComplete="off"
        required
        value={draft.name}
        onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
        error={errors.name}
      />
      <TextInput
        label={intl.formatMessage(messages.url)}
        description={intl.formatMessage(messages.urlHint)}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        placeholder="https://"
        value={draft.url}
        onChange={(event) => onChange({ ...draft, url: event.currentTarget.value })}
        error={errors.url}
      />
      <NativeSelect
        label={intl.formatMessage(messages.format)}
        required
        data={(Object.keys(FORMATS) as FeedFormat[]).map((value) => ({
          value,
          label: intl.formatMessage(FORMATS[value].option),
        }))}
        value={draft.format}
        onChange={(event) => onChange({ ...draft, format: event.currentTarget.value as FeedFormat })}
        error={errors.format}
      />
      <NumberInput
        label={intl.formatMessage(messages.interval)}
        description={intl.formatMessage(messages.intervalHint, { min: MIN_INTERVAL, max: MAX_INTERVAL })}
        required
        min={MIN_INTERVAL}
        max={MAX_INTERVAL}
        step={15}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={draft.intervalMinutes}
        onChange={(value) => onChange({ ...draft, intervalMinutes: value })}
        error={errors.intervalMinutes}
        maw={320}
      />
      <Switch
        label={intl.formatMessage(messages.enabled)}
        description={intl.formatMessage(messages.enabledHint)}
        checked={draft.enabled}
        onChange={(event) => onChange({ ...draft, enabled: event.currentTarget.checked })}
      />
    </>
  );
}

function AddSourceForm({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);
  const [added, setAdded] = useState<{ name: string; enabled: boolean } | null>(null);
  const [create, { data, loading, error }] = useMutation(CREATE_FEED_SOURCE, {
    refetchQueries: ({ data: made }) =>
      made?.createFeedSource.__typename === "FeedSourceSaved" ? [ORGANIZATION_FEED_SOURCES] : [],
  });
  const checks = draftChecks(draft, intl);
  const server = sourceErrors(data?.createFeedSource);
  const errors = Object.fromEntries(
    FIELDS.map((field) => [field, (touched ? checks[field] : undefined) ?? server.byField[field]]),
  ) as Partial<Record<(typeof FIELDS)[number], string>>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setAdded(null);
    if (Object.values(checks).some(Boolean)) return;
    void create({ variables: { organizationId, ...draftVariables(draft) } })
      .then((result) => {
        const answer = result.data?.createFeedSource;
        if (answer?.__typename !== "FeedSourceSaved") return;
        setAdded({ name: answer.source.name, enabled: answer.source.enabled });
        setTouched(false);
        setDraft(EMPTY_DRAFT);
      })
      .catch(() => undefined);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label={intl.formatMessage(messages.addSource)}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.addSource} />
        </Title>
        {added ? (
          <Alert color="green" role="status" withCloseButton closeButtonLabel={intl.formatMessage(messages.closeReport)} onClose={() => setAdded(null)}>
            <FormattedMessage {...(added.enabled ? messages.added : messages.addedPaused)} values={{ name: added.name }} />
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <DangerList messages={error ? [intl.formatMessage(messages.addFailed)] : server.general} />
            <SourceFields
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                setAdded(null);
              }}
              errors={errors}
            />
            <Group>
              <Button type="submit" loading={loading} leftSection={<IconPlus size={16} stroke={1.75} aria-hidden="true" />}>
                <FormattedMessage {...messages.submit} />
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

/** Editing a source in a dialog: the same fields, saved with updateFeedSource. */
function EditSourceModal({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      centered
      size="lg"
      title={intl.formatMessage(messages.editName, { name: source?.name ?? "" })}
    >
      {source ? <EditSourceForm key={source.id} source={source} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditSourceForm({ source, onDone }: { source: Source; onDone: () => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft>(() => draftOf(source));
  const [touched, setTouched] = useState(false);
  const [update, { data, loading, error }] = useMutation(UPDATE_FEED_SOURCE);
  const checks = draftChecks(draft, intl);
  const server = sourceErrors(data?.updateFeedSource);
  const errors = Object.fromEntries(
    FIELDS.map((field) => [field, (touched ? checks[field] : undefined) ?? server.byField[field]]),
  ) as Partial<Record<(typeof FIELDS)[number], string>>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(checks).some(Boolean)) return;
    void update({ variables: { id: source.id, ...draftVariables(draft) } })
      .then((result) => {
        if (result.data?.updateFeedSource.__typename === "FeedSourceSaved") onDone();
      })
      .catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <DangerList messages={error ? [intl.formatMessage(FORM_MESSAGES.unavailable)] : server.general} />
        <SourceFields draft={draft} onChange={setDraft} errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <FormattedMessage {...messages.cancel} />
          </Button>
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.save} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An icon-only action: its name for screen readers and as a tooltip. */
function IconAction({
  label,
  color,
  loading,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <HintTooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color ?? "gray"} size="lg" aria-label={label} loading={loading} onClick={onClick}>
        {children}
      </ActionIcon>
    </HintTooltip>
  );
}

function SourceCard({
  source,
  onEdit,
  onDelete,
}: {
  source: Source;
  onEdit: (source: Source) => void;
  onDelete: (source: Source) => void;
}) {
  const intl = useIntl();
  const historyId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [report, setReport] = useState<Run | null>(null);
  const [run, running] = useMutation(RUN_FEED_SOURCE, {
    // the source (and its last run) come back in the answer; the history, when open, is asked again
    refetchQueries: ({ data: ran }) =>
      ran?.runFeedSource.__typename === "FeedSourceRan" && historyOpen ? [FEED_RUNS] : [],
  });
  const [toggle, toggling] = useMutation(UPDATE_FEED_SOURCE);
  const lastRun = source.lastRun;

  const runNow = () => {
    setReport(null);
    void run({ variables: { id: source.id } })
      .then((result) => {
        const answer = result.data?.runFeedSource;
        if (answer?.__typename === "FeedSourceRan") setReport(answer.run);
      })
      .catch(() => undefined);
  };
  const toggleEnabled = () => {
    void toggle({ variables: { id: source.id, enabled: !source.enabled } }).catch(() => undefined);
  };
  const problems = [
    ...(running.error ? [intl.formatMessage(messages.runFailed)] : refusals(running.data?.runFeedSource, false, intl)),
    ...refusals(toggling.data?.updateFeedSource, Boolean(toggling.error), intl),
  ];
  const reportTitle =
    report?.status === "SUCCEEDED"
      ? messages.reportSucceeded
      : report?.status === "FAILED"
        ? messages.reportFailed
        : messages.reportRunning;

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={source.name} data-enabled={source.enabled || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
                {source.name}
              </Title>
              <Badge variant="outline" color="gray">
                <FormattedMessage {...FORMATS[source.format].badge} />
              </Badge>
              <Badge variant="light" color={source.enabled ? "green" : "gray"}>
                <FormattedMessage {...(source.enabled ? messages.active : messages.paused)} />
              </Badge>
            </Group>
            <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {source.url}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <IconAction label={intl.formatMessage(messages.editName, { name: source.name })} onClick={() => onEdit(source)}>
              <IconPencil size={18} stroke={1.75} aria-hidden="true" />
            </IconAction>
            <IconAction
              label={intl.formatMessage(source.enabled ? messages.pauseName : messages.resumeName, { name: source.name })}
              loading={toggling.loading}
              onClick={toggleEnabled}
            >
              {source.enabled ? (
                <IconPlayerPause size={18} stroke={1.75} aria-hidden="true" />
              ) : (
                <IconPlayerPlay size={18} stroke={1.75} aria-hidden="true" />
              )}
            </IconAction>
            <IconAction
              label={intl.formatMessage(messages.deleteName, { name: source.name })}
              color="red"
              onClick={() => onDelete(source)}
            >
              <IconTrash size={18} stroke={1.75} aria-hidden="true" />
            </IconAction>
          </Group>
        </Group>

        <Stack gap={4}>
          <Fact label={messages.schedule}>
            <FormattedMessage {...messages.every} values={{ minutes: source.intervalMinutes }} />
          </Fact>
          <Fact label={messages.nextRun}>
            {source.enabled && source.nextRunAt ? when(source.nextRunAt, intl) : intl.formatMessage(messages.nextRunPaused)}
          </Fact>
          <Fact label={messages.addedBy}>
            {source.createdByEmail
              ? intl.formatMessage(messages.addedByOn, { date: when(source.createdAt, intl), email: source.createdByEmail })
              : when(source.createdAt, intl)}
          </Fact>
          <Fact label={messages.lastRun}>
            {lastRun ? (
              <>
                <StatusBadge status={lastRun.status} /> {when(lastRun.startedAt, intl)}{" "}
                <Text span size="sm" c="dimmed">
                  (<FormattedMessage {...TRIGGERS[lastRun.trigger]} />)
                </Text>
              </>
            ) : (
              <FormattedMessage {...messages.neverRun} />
            )}
          </Fact>
          {lastRun ? (
            <Stack gap={4} data-testid="last-run">
              <RunCounts run={lastRun} />
              {lastRun.error ? (
                <Text size="sm" c="var(--mantine-color-red-text)" style={{ overflowWrap: "anywhere" }}>
                  {lastRun.error}
                </Text>
              ) : null}
              {lastRun.issues.length > 0 ? (
                <Text size="sm" c="dimmed">
                  <FormattedMessage {...messages.issuesHint} values={{ count: lastRun.issues.length }} />
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Stack>

        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            loading={running.loading}
            leftSection={<IconRefresh size={16} stroke={1.75} aria-hidden="true" />}
            aria-label={intl.formatMessage(messages.runNowName, { name: source.name })}
            onClick={runNow}
          >
            <FormattedMessage {...messages.runNow} />
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={16} stroke={1.75} aria-hidden="true" />}
            aria-expanded={historyOpen}
            aria-controls={historyId}
            onClick={() => setHistoryOpen((open) => !open)}
          >
            <FormattedMessage {...messages.history} />
          </Button>
        </Group>

        <DangerList messages={problems} />

        {report ? (
          <Alert
            color={STATUSES[report.status].color}
            // outlined, not tinted: the coloured counts inside keep their contrast in dark mode
            variant="outline"
            role="status"
            title={intl.formatMessage(reportTitle, { name: source.name })}
            withCloseButton
            closeButtonLabel={intl.formatMessage(messages.closeReport)}
            onClose={() => setReport(null)}
          >
            <RunReport run={report} />
          </Alert>
        ) : null}

        <Collapse in={historyOpen} id={historyId}>
          {historyOpen ? <RunHistory source={source} /> : null}
        </Collapse>
      </Stack>
    </Card>
  );
}

function SourceList({ organizationId }: { organizationId: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ORGANIZATION_FEED_SOURCES, { variables: { organizationId } });
  const [editing, setEditing] = useState<Source | null>(null);
  const [confirming, setConfirming] = useState<Source | null>(null);
  const [remove, removing] = useMutation(DELETE_FEED_SOURCE, {
    refetchQueries: ({ data: done }) =>
      done?.deleteFeedSource.__typename === "FeedSourceDeleted" ? [ORGANIZATION_FEED_SOURCES] : [],
  });
  const deleteRefusals = refusals(removing.data?.deleteFeedSource, Boolean(removing.error), intl);

  const closeDelete = () => {
    setConfirming(null);
    removing.reset();
  };
  const confirmDelete = () => {
    if (!confirming) return;
    void remove({ variables: { id: confirming.id } })
      .then((result) => {
        if (result.data?.deleteFeedSource.__typename === "FeedSourceDeleted") closeDelete();
      })
      .catch(() => undefined);
  };

  const sources = data?.feedSources ?? [];
  return (
    <Stack gap="sm" component="section" aria-label={intl.formatMessage(messages.sources)}>
      <Title order={2} size="h3">
        <FormattedMessage {...messages.sources} />
      </Title>
      {error ? (
        <Text role="alert">
          <FormattedMessage {...messages.sourcesFailed} />
        </Text>
      ) : null}
      {loading && !data ? <Skeleton height={120} radius="md" /> : null}
      {data && sources.length === 0 ? (
        <EmptyState
          action={
            <Text size="sm" ta="center" maw={640}>
              <FormattedMessage {...messages.noSourcesText} />
            </Text>
          }
        >
          <IconRss size={28} stroke={1.5} aria-hidden="true" style={{ display: "block", margin: "0 auto 0.5rem" }} />
          <FormattedMessage {...messages.noSources} />
        </EmptyState>
      ) : null}
      {sources.map((source) => (
        <SourceCard key={source.id} source={source} onEdit={setEditing} onDelete={setConfirming} />
      ))}
      <EditSourceModal source={editing} onClose={() => setEditing(null)} />
      <Modal
        opened={confirming !== null}
        onClose={closeDelete}
        centered
        title={intl.formatMessage(messages.deleteTitle, { name: confirming?.name ?? "" })}
      >
        <Stack gap="sm">
          <Text>
            <FormattedMessage {...messages.deleteText} />
          </Text>
          <DangerList messages={deleteRefusals} />
          <Group justify="flex-end">
            <Button variant="default" onClick={closeDelete}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button color="red" loading={removing.loading} onClick={confirmDelete}>
              <FormattedMessage {...messages.deleteSubmit} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /dashboard/organization/:id/feeds: the organization's job feeds (ADR 0041), their reports, adding and running them. */
export function OrganizationFeedsPage({ id }: { id: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ORGANIZATION_FEEDS_PAGE, { variables: { id } });
  const profile = data?.organizationProfile;
  const organization = profile?.organization;
  return (
    <Stack gap="md" maw={1000}>
      <BackLink to="/dashboard/organization">
        <FormattedMessage {...messages.myOrganizations} />
      </BackLink>
      <Title order={1}>
        {profile ? intl.formatMessage(messages.feedsOf, { name: profile.name }) : intl.formatMessage(messages.feeds)}
      </Title>
      {error ? (
        <Text role="alert">
          <FormattedMessage {...messages.organizationFailed} />
        </Text>
      ) : null}
      {loading && !data ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.loading} />
        </Text>
      ) : null}
      {data && !organization ? (
        <Text role="alert">
          <FormattedMessage {...messages.notFound} />
        </Text>
      ) : null}
      {profile && organization ? (
        <>
          <Group gap="md">
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/edit`}>
              <FormattedMessage {...messages.editProfile} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/members`}>
              <FormattedMessage {...messages.members} />
            </Anchor>
            <Anchor component={NavLink} to={`/dashboard/organization/${profile.id}/api-keys`}>
              <FormattedMessage {...messages.apiKeys} />
            </Anchor>
          </Group>
          <Text>
            <FormattedMessage {...messages.intro} values={{ name: profile.name }} />
          </Text>
          <SourceList organizationId={organization.id} />
          <AddSourceForm organizationId={organization.id} />
        </>
      ) : null}
    </Stack>
  );
}
