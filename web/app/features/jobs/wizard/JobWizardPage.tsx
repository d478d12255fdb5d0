import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import { track } from "~/lib/analytics";
import type { JobState, JobType } from "~/lib/graphql/generated/graphql";
import {
  CREATE_JOB,
  JOB_BY_ID,
  PUBLISH_JOB,
  UPDATE_JOB_APPLICATION_OPTIONS,
  UPDATE_JOB_CATEGORIZATION,
  UPDATE_JOB_COMPANY_INFO,
  UPDATE_JOB_INFO,
  UPDATE_JOB_LOCATION,
  UPDATE_JOB_SCHEDULE,
  type JobView,
} from "../documents";
import { useLocaleFormat } from "~/lib/format";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { STATE_COLORS, STATE_LABELS } from "../job-format";
import { JobBody } from "../JobBody";
import { usePosterOrganizations } from "../poster-organizations";
import { jobErrorsByField, type JobResultLike } from "./job-errors";
import { PublishPanel, type PublishPhase } from "./PublishPanel";
import { SharingPanel } from "./SharingPanel";
import {
  applicationInput,
  categorizationInput,
  companyInfoInput,
  draftsFromJob,
  GROUP_STEPS,
  jobInfoInput,
  locationInput,
  previewJob,
  scheduleInput,
  STEP_FIELDS,
  STEP_TITLES,
  validateStep,
  WIZARD_STEPS,
  type Drafts,
  type GroupStep,
} from "./steps";
import {
  ApplicationOptionsForm,
  CategorizationForm,
  CompanyInfoForm,
  JobInfoForm,
  LocationForm,
  ScheduleForm,
} from "./StepForms";

const messages = defineMessages({
  unavailable: { id: "wizard.unavailable", defaultMessage: "We could not save your changes. Try again in a moment." },
  templateLabel: { id: "wizard.type.template", defaultMessage: "Write the ad here" },
  templateHint: { id: "wizard.type.template.hint", defaultMessage: "Fill in our template: the best fit for search engines." },
  linkLabel: { id: "wizard.type.link", defaultMessage: "Link to an ad elsewhere" },
  linkHint: { id: "wizard.type.link.hint", defaultMessage: "Candidates go to your own site to read and apply." },
  fileLabel: { id: "wizard.type.file", defaultMessage: "Upload a PDF" },
  fileHint: { id: "wizard.type.file.hint", defaultMessage: "Your ready-made ad, shown inline on the job page." },
  titleMissing: { id: "wizard.create.title.missing", defaultMessage: "Enter the job title." },
  organizationMissing: {
    id: "wizard.create.organization.missing",
    defaultMessage: "Choose the organization that posts the job.",
  },
  setUp: { id: "wizard.create.setUp", defaultMessage: "Set up your organization" },
  organizationsFailed: {
    id: "wizard.create.organizationsFailed",
    defaultMessage: "Your organizations could not be loaded. Please try again in a moment.",
  },
  noOrganization: {
    id: "wizard.create.noOrganization",
    defaultMessage: "Jobs are posted by an organization. Create yours, or ask a colleague to invite you.",
  },
  start: { id: "wizard.create.label", defaultMessage: "Start a job posting" },
  kind: { id: "wizard.create.kind", defaultMessage: "What kind of ad?" },
  organization: { id: "wizard.create.organization", defaultMessage: "Organization" },
  jobTitle: { id: "wizard.create.title", defaultMessage: "Job title" },
  startAd: { id: "wizard.create.submit", defaultMessage: "Start the job ad" },
  saving: { id: "wizard.status.saving", defaultMessage: "Saving…" },
  unsaved: { id: "wizard.status.unsaved", defaultMessage: "Unsaved changes" },
  failed: { id: "wizard.status.failed", defaultMessage: "Not saved: see the errors" },
  saved: { id: "wizard.status.saved", defaultMessage: "All changes saved" },
  viewJob: { id: "wizard.viewJob", defaultMessage: "View the job" },
  back: { id: "wizard.back", defaultMessage: "Back" },
  saveAndContinue: { id: "wizard.saveAndContinue", defaultMessage: "Save and continue" },
  previewLabel: { id: "wizard.preview.label", defaultMessage: "Preview of the job page" },
  preview: { id: "wizard.preview", defaultMessage: "Preview" },
  loadFailed: { id: "wizard.edit.failed", defaultMessage: "The job could not be loaded. Please try again in a moment." },
  toJobManager: { id: "wizard.toJobManager", defaultMessage: "Go to the job manager" },
  notFound: { id: "wizard.edit.notFound", defaultMessage: "This job does not exist, or you may not edit it." },
  mayNotEdit: { id: "wizard.edit.forbidden.title", defaultMessage: "You may not edit this job" },
  mayNotEditText: {
    id: "wizard.edit.forbidden.text",
    defaultMessage: "Only the organization's recruiters and administrators change a job.",
  },
  external: { id: "wizard.edit.external.title", defaultMessage: "This job cannot be edited" },
  externalText: {
    id: "wizard.edit.external.text",
    defaultMessage:
      "It links to an ad published elsewhere: change it there. You can archive it or duplicate it in the job manager.",
  },
  postedMissing: { id: "wizard.posted.notFound", defaultMessage: "This job could not be found." },
  scheduled: { id: "wizard.posted.scheduled", defaultMessage: "Your job is scheduled for {date}" },
  inReview: { id: "wizard.posted.review", defaultMessage: "Your job was sent for review" },
  live: { id: "wizard.posted.live", defaultMessage: "Your job is live" },
  otherState: {
    id: "wizard.posted.state",
    defaultMessage:
      "{state, select, DRAFT {Your job is draft} AWAITING_SLOT {Your job is waiting for a job slot} ARCHIVED {Your job is archived} EXPIRED {Your job is expired} other {Your job is {state}}}",
  },
  postedTitle: { id: "wizard.posted.jobTitle", defaultMessage: "“{title}”" },
  postedReview: { id: "wizard.posted.jobTitle.review", defaultMessage: "“{title}” goes live once an editor approves it." },
  postAnother: { id: "wizard.posted.another", defaultMessage: "Post another job" },
  titleDone: { id: "wizard.title.done", defaultMessage: "Job posted" },
  titleEdit: { id: "wizard.title.edit", defaultMessage: "Your job ad" },
  titleNew: { id: "wizard.title.new", defaultMessage: "Post a job" },
});

/** The wizard's name, for its document title. */
export const JOB_WIZARD_TITLE = messages.titleNew;
/** Draft autosave: this long after the last change. */
export const AUTOSAVE_DELAY_MS = 1500;
/** Publish waits for billing's answer: polled every second for about 20 seconds, then (the page
 * says it is still waiting) every 5 seconds for 5 more minutes, while the page is open. */
export const PUBLISH_POLL_INTERVAL_MS = 1000;
export const PUBLISH_POLL_ATTEMPTS = 20;
export const PUBLISH_SLOW_INTERVAL_MS = 5000;
export const PUBLISH_SLOW_ATTEMPTS = 60;

const SETTLED: readonly JobState[] = ["PUBLISHED", "SCHEDULED", "NEEDS_REVIEW"];

const TYPE_CHOICES: { value: JobType; label: Message; description: Message }[] = [
  { value: "JOB_PER_TEMPLATE", label: messages.templateLabel, description: messages.templateHint },
  { value: "JOB_PER_LINK", label: messages.linkLabel, description: messages.linkHint },
  { value: "JOB_PER_FILE", label: messages.fileLabel, description: messages.fileHint },
];

/** Step 1: the job's type, organization and title make the DRAFT. */
function CreateJobForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const organizations = usePosterOrganizations();
  const [type, setType] = useState<JobType>("JOB_PER_TEMPLATE");
  const [organizationId, setOrganizationId] = useState<string>("");
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState(false);
  const [create, { data, loading, error }] = useMutation(CREATE_JOB);
  const server = jobErrorsByField(data?.createJob as JobResultLike | undefined, ["title", "type", "organizationId"]);
  const chosenOrganization = organizationId || organizations.activeId;
  const check: Record<string, string> = {};
  if (!title.trim()) check.title = intl.formatMessage(messages.titleMissing);
  if (!chosenOrganization) check.organizationId = intl.formatMessage(messages.organizationMissing);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(check).length > 0) return;
    void create({ variables: { input: { type, organizationId: chosenOrganization, title: title.trim() } } })
      .then((result) => {
        const answer = result.data?.createJob;
        if (answer?.__typename === "JobSaved") void navigate(`/job/wizard?job=${encodeURIComponent(answer.job.id)}`, { replace: true });
      })
      .catch(() => undefined);
  };

  if (organizations.loading) return <Skeleton h={320} radius="md" />;
  if (organizations.options.length === 0) {
    return (
      <EmptyState
        action={
          <Button component={Link} to="/dashboard/organization">
            <FormattedMessage {...messages.setUp} />
          </Button>
        }
      >
        <FormattedMessage {...(organizations.error ? messages.organizationsFailed : messages.noOrganization)} />
      </EmptyState>
    );
  }
  return (
    <Card withBorder padding="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label={intl.formatMessage(messages.start)}>
      <Stack gap="md">
        <DangerList messages={error ? [intl.formatMessage(messages.unavailable)] : server.general} />
        <Radio.Group
          label={intl.formatMessage(messages.kind)}
          value={type}
          onChange={(value) => setType(value as JobType)}
          error={server.byField.type}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            {TYPE_CHOICES.map((choice) => (
              <Radio.Card key={choice.value} value={choice.value} p="md" radius="md" withBorder>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      <FormattedMessage {...choice.label} />
                    </Text>
                    <Text size="xs" className="text-muted">
                      <FormattedMessage {...choice.description} />
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        {organizations.options.length > 1 ? (
          <Select
            label={intl.formatMessage(messages.organization)}
            required
            data={organizations.options}
            value={chosenOrganization || null}
            onChange={(value) => setOrganizationId(value ?? "")}
            error={(touched ? check.organizationId : undefined) ?? server.byField.organizationId}
            allowDeselect={false}
          />
        ) : null}
        <TextInput
          label={intl.formatMessage(messages.jobTitle)}
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={(touched ? check.title : undefined) ?? server.byField.title}
        />
        <Group>
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.startAd} />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Asks `fetchState` every `interval` ms until the job leaves AWAITING_SLOT or `attempts` run out. */
export async function waitWhileAwaitingSlot(
  fetchState: () => Promise<JobState | null | undefined>,
  {
    interval = PUBLISH_POLL_INTERVAL_MS,
    attempts = PUBLISH_POLL_ATTEMPTS,
    slowInterval = PUBLISH_SLOW_INTERVAL_MS,
    slowAttempts = PUBLISH_SLOW_ATTEMPTS,
    sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    onSlow = () => undefined,
    stopped = () => false,
  }: {
    interval?: number;
    attempts?: number;
    slowInterval?: number;
    slowAttempts?: number;
    sleep?: (ms: number) => Promise<void>;
    /** Called once when the quick polls are over (the page says it is still waiting). */
    onSlow?: () => void;
    /** The page was left: stop asking. */
    stopped?: () => boolean;
  } = {},
): Promise<JobState | null> {
  for (let attempt = 0; attempt < attempts + slowAttempts; attempt += 1) {
    if (attempt === attempts) onSlow();
    await sleep(attempt < attempts ? interval : slowInterval);
    if (stopped()) return null;
    const state = await fetchState();
    if (state && state !== "AWAITING_SLOT") return state;
  }
  return null;
}

type StepErrors = Record<GroupStep, { byField: Record<string, string>; general: string[] }>;
const NO_ERRORS = (): StepErrors =>
  Object.fromEntries(GROUP_STEPS.map((step) => [step, { byField: {}, general: [] }])) as unknown as StepErrors;

function WizardForm({
  job,
  richToolbar,
  defaultOrganizationId,
}: {
  job: JobView;
  richToolbar: boolean;
  defaultOrganizationId: string;
}) {
  const intl = useIntl();
  const unavailable = intl.formatMessage(messages.unavailable);
  const navigate = useNavigate();
  const client = useApolloClient();
  const organizations = usePosterOrganizations();
  const editing = job.state !== "DRAFT";
  const [initialDrafts] = useState<Drafts>(() => draftsFromJob(job, defaultOrganizationId));
  const [drafts, setDrafts] = useState<Drafts>(initialDrafts);
  // The latest values for saves started by timers and clicks (set with the state, in handlers).
  const draftsRef = useRef(initialDrafts);
  const dirty = useRef(new Set<GroupStep>());
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<StepErrors>(NO_ERRORS);
  const [status, setStatus] = useState<"saved" | "saving" | "unsaved" | "failed">("saved");
  const [phase, setPhase] = useState<PublishPhase>("idle");
  const [publishErrors, setPublishErrors] = useState<string[]>([]);
  // publishing keeps polling billing's answer while the page is open, not after
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const [updateInfo] = useMutation(UPDATE_JOB_INFO);
  const [updateCompany] = useMutation(UPDATE_JOB_COMPANY_INFO);
  const [updateLocation] = useMutation(UPDATE_JOB_LOCATION);
  const [updateCategorization] = useMutation(UPDATE_JOB_CATEGORIZATION);
  const [updateSchedule] = useMutation(UPDATE_JOB_SCHEDULE);
  const [updateApplication] = useMutation(UPDATE_JOB_APPLICATION_OPTIONS);
  const [publish] = useMutation(PUBLISH_JOB);

  const change = useCallback(<S extends GroupStep>(step: S, patch: Partial<Drafts[S]>) => {
    dirty.current.add(step);
    setStatus("unsaved");
    const next = { ...draftsRef.current, [step]: { ...draftsRef.current[step], ...patch } };
    draftsRef.current = next;
    setDrafts(next);
  }, []);

  const send = useCallback(
    async (step: GroupStep, current: Drafts): Promise<JobResultLike | undefined> => {
      const id = job.id;
      switch (step) {
        case "job_info":
          return (await updateInfo({ variables: { id, input: jobInfoInput(current.job_info, editing) } })).data?.updateJobInfo;
        case "company_info":
          return (await updateCompany({ variables: { id, input: companyInfoInput(current.company_info) } })).data?.updateJobCompanyInfo;
        case "job_location":
          return (await updateLocation({ variables: { id, input: locationInput(current.job_location) } })).data?.updateJobLocation;
        case "job_categorization":
          return (await updateCategorization({ variables: { id, input: categorizationInput(current.job_categorization) } })).data?.updateJobCategorization;
        case "job_schedule":
          return (await updateSchedule({ variables: { id, input: scheduleInput(current.job_schedule) } })).data?.updateJobSchedule;
        case "job_application_options":
          return (await updateApplication({ variables: { id, input: applicationInput(current.job_application_options) } })).data?.updateJobApplicationOptions;
      }
    },
    [job.id, editing, updateInfo, updateCompany, updateLocation, updateCategorization, updateSchedule, updateApplication],
  );

  /** Saves one step if it changed; `quiet` (autosave) leaves the browser's checks unshown. */
  const save = useCallback(
    async (step: GroupStep, { quiet = false } = {}): Promise<boolean> => {
      const current = draftsRef.current;
      const local = validateStep(step, current, { type: job.type, editing }, intl);
      if (Object.keys(local).length > 0) {
        if (!quiet) setErrors((all) => ({ ...all, [step]: { byField: local, general: [] } }));
        return false;
      }
      if (!dirty.current.has(step)) return true;
      dirty.current.delete(step);
      setStatus("saving");
      let answer: JobResultLike | undefined;
      try {
        answer = await send(step, current);
      } catch {
        dirty.current.add(step);
        setStatus("failed");
        setErrors((all) => ({ ...all, [step]: { byField: {}, general: [unavailable] } }));
        return false;
      }
      if (answer?.__typename === "JobSaved") {
        setErrors((all) => ({ ...all, [step]: { byField: {}, general: [] } }));
        setStatus(dirty.current.size > 0 ? "unsaved" : "saved");
        if (editing) track("job_edit", { entity_id: job.id });
        return true;
      }
      dirty.current.add(step);
      setStatus("failed");
      setErrors((all) => ({ ...all, [step]: jobErrorsByField(answer, STEP_FIELDS[step]) }));
      return false;
    },
    [job.id, job.type, editing, send, intl, unavailable],
  );

  const step = WIZARD_STEPS[active] ?? "review";
  const currentGroup = step === "review" ? null : step;

  // Draft autosave: a while after the last change of the step on screen.
  const currentDraft = currentGroup ? drafts[currentGroup] : null;
  useEffect(() => {
    if (!currentGroup || !dirty.current.has(currentGroup)) return undefined;
    const timer = setTimeout(() => void save(currentGroup, { quiet: true }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [currentDraft, currentGroup, save]);

  const goTo = async (next: number) => {
    if (next === active) return;
    if (currentGroup) {
      const ok = await save(currentGroup);
      if (!ok && next > active) return;
    }
    setActive(next);
  };

  const doPublish = async () => {
    setPublishErrors([]);
    for (const group of GROUP_STEPS) {
      if (!(await save(group))) {
        setActive(WIZARD_STEPS.indexOf(group));
        return;
      }
    }
    setPhase("publishing");
    let answer: JobResultLike & { job?: { state: JobState } } | undefined;
    try {
      answer = (await publish({ variables: { id: job.id } })).data?.publishJob;
    } catch {
      setPhase("idle");
      setPublishErrors([unavailable]);
      return;
    }
    if (answer?.__typename !== "JobSaved" || !answer.job) {
      setPhase("idle");
      setPublishErrors(jobErrorsByField(answer, []).general);
      return;
    }
    let state: JobState | null = answer.job.state;
    if (state === "AWAITING_SLOT") {
      setPhase("waiting");
      state = await waitWhileAwaitingSlot(
        async () => {
          const { data } = await client.query({ query: JOB_BY_ID, variables: { id: job.id }, fetchPolicy: "network-only" });
          return data?.job?.state;
        },
        { onSlow: () => setPhase("timeout"), stopped: () => !mounted.current },
      );
      if (!mounted.current) return;
    }
    if (state && SETTLED.includes(state)) {
      void navigate(`/job/wizard?done=${encodeURIComponent(job.id)}`);
      return;
    }
    // Back to DRAFT: the refusal (now in the cache) shows in the panel.
    setPhase(state === null ? "timeout" : "idle");
  };

  const organizationName = organizations.options.find((o) => o.value === drafts.company_info.organizationId)?.label ?? null;
  const preview = useMemo(() => previewJob(job, drafts, organizationName), [job, drafts, organizationName]);
  const stepErrors = currentGroup ? errors[currentGroup] : { byField: {}, general: [] };

  let form: React.ReactNode;
  switch (step) {
    case "job_info":
      form = <JobInfoForm draft={drafts.job_info} onChange={(p) => change("job_info", p)} errors={stepErrors.byField} type={job.type} editing={editing} richToolbar={richToolbar} />;
      break;
    case "company_info":
      form = <CompanyInfoForm draft={drafts.company_info} onChange={(p) => change("company_info", p)} errors={stepErrors.byField} organizations={organizations.options} />;
      break;
    case "job_location":
      form = <LocationForm draft={drafts.job_location} onChange={(p) => change("job_location", p)} errors={stepErrors.byField} />;
      break;
    case "job_categorization":
      form = <CategorizationForm draft={drafts.job_categorization} onChange={(p) => change("job_categorization", p)} errors={stepErrors.byField} />;
      break;
    case "job_schedule":
      form = <ScheduleForm draft={drafts.job_schedule} onChange={(p) => change("job_schedule", p)} errors={stepErrors.byField} />;
      break;
    case "job_application_options":
      form = <ApplicationOptionsForm draft={drafts.job_application_options} onChange={(p) => change("job_application_options", p)} errors={stepErrors.byField} />;
      break;
    case "review":
      form = (
        <Stack gap="lg">
          <SharingPanel job={job} />
          <PublishPanel job={job} phase={phase} errors={publishErrors} onPublish={() => void doPublish()} />
        </Stack>
      );
      break;
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Badge color={STATE_COLORS[job.state]} variant="light">
            <FormattedMessage {...STATE_LABELS[job.state]} />
          </Badge>
          <Text size="sm" className="text-muted" role="status" aria-live="polite">
            <FormattedMessage
              {...(status === "saving"
                ? messages.saving
                : status === "unsaved"
                  ? messages.unsaved
                  : status === "failed"
                    ? messages.failed
                    : messages.saved)}
            />
          </Text>
        </Group>
        {editing ? (
          <Button component={Link} to={job.url.path} variant="default" size="xs">
            <FormattedMessage {...messages.viewJob} />
          </Button>
        ) : null}
      </Group>
      <Stepper active={active} onStepClick={(index) => void goTo(index)} size="sm" allowNextStepsSelect wrap>
        {WIZARD_STEPS.map((key) => (
          <Stepper.Step
            key={key}
            label={intl.formatMessage(STEP_TITLES[key])}
            color={key !== "review" && (Object.keys(errors[key].byField).length > 0 || errors[key].general.length > 0) ? "red" : undefined}
          />
        ))}
      </Stepper>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md" component="section" aria-labelledby="wizard-step-title">
            <Title order={2} size="h3" id="wizard-step-title">
              <FormattedMessage {...STEP_TITLES[step]} />
            </Title>
            <DangerList messages={stepErrors.general} />
            {form}
            <Group justify="space-between">
              <Button variant="default" onClick={() => void goTo(active - 1)} disabled={active === 0}>
                <FormattedMessage {...messages.back} />
              </Button>
              {step !== "review" ? (
                <Button onClick={() => void goTo(active + 1)}>
                  <FormattedMessage {...messages.saveAndContinue} />
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p="md" component="aside" aria-label={intl.formatMessage(messages.previewLabel)} style={{ position: "sticky", top: "var(--mantine-spacing-md)" }}>
            <Text size="xs" className="text-muted" tt="uppercase" fw={700} mb="sm">
              <FormattedMessage {...messages.preview} />
            </Text>
            <JobBody job={preview} headingLevel={2} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function JobEditor({ id, richToolbar }: { id: string; richToolbar: boolean }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(JOB_BY_ID, { variables: { id } });
  const organizations = usePosterOrganizations();
  if ((loading && !data) || organizations.loading) return <Skeleton h={480} radius="md" />;
  if (error) {
    return (
      <Alert color="red" role="alert">
        <FormattedMessage {...messages.loadFailed} />
      </Alert>
    );
  }
  const job = data?.job;
  if (!job) {
    return (
      <EmptyState
        action={
          <Button component={Link} to="/job-manager">
            <FormattedMessage {...messages.toJobManager} />
          </Button>
        }
      >
        <FormattedMessage {...messages.notFound} />
      </EmptyState>
    );
  }
  if (!job.canEdit) {
    return (
      <Alert color="red" role="alert" title={intl.formatMessage(messages.mayNotEdit)}>
        <FormattedMessage {...messages.mayNotEditText} />
      </Alert>
    );
  }
  // Spec 5: external (link and imported) jobs are not editable once posted.
  if (job.isExternal && job.state !== "DRAFT") {
    return (
      <Alert color="yellow" title={intl.formatMessage(messages.external)} role="status">
        <Stack gap="xs">
          <Text size="sm">
            <FormattedMessage {...messages.externalText} />
          </Text>
          <Group>
            <Button component={Link} to="/job-manager" size="xs" variant="default">
              <FormattedMessage {...messages.toJobManager} />
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <WizardForm key={job.id} job={job} richToolbar={richToolbar} defaultOrganizationId={organizations.activeId} />;
}

/** After publishing: where the job went, its link, and the job manager as the next step. */
export function JobPostedView({ id }: { id: string }) {
  const intl = useIntl();
  const { date } = useLocaleFormat();
  const { data, loading } = useQuery(JOB_BY_ID, { variables: { id } });
  if (loading && !data) return <Skeleton h={200} radius="md" />;
  const job = data?.job;
  if (!job) {
    return (
      <EmptyState>
        <FormattedMessage {...messages.postedMissing} />
      </EmptyState>
    );
  }
  const heading =
    job.state === "SCHEDULED"
      ? intl.formatMessage(messages.scheduled, { date: date(job.published) })
      : job.state === "NEEDS_REVIEW"
        ? intl.formatMessage(messages.inReview)
        : job.state === "PUBLISHED"
          ? intl.formatMessage(messages.live)
          : intl.formatMessage(messages.otherState, { state: job.state });
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="md" align="flex-start">
        <Title order={2}>{heading}</Title>
        <Text>
          <FormattedMessage
            {...(job.state === "NEEDS_REVIEW" ? messages.postedReview : messages.postedTitle)}
            values={{ title: job.title }}
          />
        </Text>
        <Group>
          <Button component={Link} to={job.url.path}>
            <FormattedMessage {...messages.viewJob} />
          </Button>
          <Button component={Link} to="/job-manager" variant="default">
            <FormattedMessage {...messages.toJobManager} />
          </Button>
          <Button component={Link} to="/job/wizard" variant="subtle">
            <FormattedMessage {...messages.postAnother} />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /job/wizard: start a job (type, organization, title make the draft), then one step per form
 * group with autosave and a live preview, then review and publish. `?job=<id>` continues or
 * edits a job; `?done=<id>` is the success page.
 */
export function JobWizardPage({ jobId, doneId, richToolbar }: { jobId: string | null; doneId: string | null; richToolbar: boolean }) {
  const title = doneId ? messages.titleDone : jobId ? messages.titleEdit : messages.titleNew;
  return (
    <Stack gap="lg">
      <Title order={1}>
        <FormattedMessage {...title} />
      </Title>
      {doneId ? <JobPostedView id={doneId} /> : jobId ? <JobEditor id={jobId} richToolbar={richToolbar} /> : <CreateJobForm />}
    </Stack>
  );
}
