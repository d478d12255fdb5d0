import { useApolloClient, useMutation } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  Radio,
  Select,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { Captcha } from "~/components/Captcha";
import { DangerList } from "~/components/DangerList";
import { track } from "~/lib/analytics";
import type { ApplyJobQuery } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { UPLOAD_MESSAGES } from "~/lib/uploads";
import { AppliedNotice } from "./AppliedNotice";
import { APPLY_TO_JOB, MY_RESUME_PDF } from "./documents";
import { answerLabel } from "./status";
import {
  basicInfoErrors,
  checkAttachment,
  draftSnapshot,
  EMPTY_DRAFT,
  fileFromBase64,
  forgetDraft,
  isChangeableStep,
  nextStep,
  pageEvent,
  previousStep,
  subscribeDrafts,
  writeDraft,
  stepOfField,
  stepPath,
  STEP_CHANGE,
  STEP_TITLES,
  STEPS,
  type AttachmentKind,
  type Draft,
  type Step,
} from "./quick-apply";

export type ApplyJob = NonNullable<ApplyJobQuery["job"]>;

const UPLOAD_ENDPOINT = "/api/uploads/jobs/uploads";
const KIND_LABELS: Record<AttachmentKind, Message> = defineMessages({
  CV: { id: "applications.file.kind.cv", defaultMessage: "CV" },
  COVER_LETTER: { id: "applications.file.kind.coverLetter", defaultMessage: "Cover letter" },
  OTHER: { id: "applications.file.kind.other", defaultMessage: "Other document" },
});

const messages = defineMessages({
  applyFor: { id: "applications.apply.for", defaultMessage: "Apply for" },
  steps: { id: "applications.apply.steps", defaultMessage: "Quick apply steps" },
  sentTitle: { id: "applications.apply.sent.title", defaultMessage: "Your application was sent" },
  sentText: { id: "applications.apply.sent.text", defaultMessage: "Thank you. A confirmation is on its way to your inbox." },
  backToJob: { id: "applications.apply.sent.backToJob", defaultMessage: "Back to the job" },
  myApplications: { id: "applications.apply.sent.myApplications", defaultMessage: "My applications" },
  moreJobs: { id: "applications.apply.sent.moreJobs", defaultMessage: "Find more jobs" },
  firstName: { id: "applications.apply.firstName", defaultMessage: "First name" },
  lastName: { id: "applications.apply.lastName", defaultMessage: "Last name" },
  email: { id: "applications.apply.email", defaultMessage: "Email address" },
  phone: { id: "applications.apply.phone", defaultMessage: "Phone" },
  next: { id: "applications.apply.next", defaultMessage: "Next" },
  back: { id: "applications.apply.back", defaultMessage: "Back" },
  noQuestions: { id: "applications.apply.noQuestions", defaultMessage: "This job has no questions for you. Go on." },
  answerMissing: { id: "applications.apply.answerMissing", defaultMessage: "Answer this question." },
  fileHint: { id: "applications.apply.files.hint", defaultMessage: "PDF, JPG, PNG or WebP, up to {size, number} MB each." },
  cvRequired: { id: "applications.apply.files.cvRequired", defaultMessage: "This job asks for your CV." },
  filesOptional: { id: "applications.apply.files.optional", defaultMessage: "Files are optional." },
  fileKind: { id: "applications.apply.files.kind", defaultMessage: "This file is" },
  chooseFile: { id: "applications.apply.files.choose", defaultMessage: "Choose a file" },
  attached: { id: "applications.apply.files.attached", defaultMessage: "Attached files" },
  attachedFile: { id: "applications.apply.files.file", defaultMessage: "{filename} ({kind})" },
  remove: { id: "applications.apply.files.remove", defaultMessage: "Remove" },
  coverLetter: { id: "applications.apply.coverLetter", defaultMessage: "Cover letter" },
  letterRequired: {
    id: "applications.apply.coverLetter.required",
    defaultMessage: "This job asks for a cover letter: write it or attach it.",
  },
  sendFailed: {
    id: "applications.apply.sendFailed",
    defaultMessage: "Your application could not be sent. Try again in a moment.",
  },
  name: { id: "applications.apply.review.name", defaultMessage: "Name" },
  fullName: { id: "applications.apply.review.fullName", defaultMessage: "{firstName} {lastName}" },
  files: { id: "applications.apply.review.files", defaultMessage: "Files" },
  send: { id: "applications.apply.send", defaultMessage: "Send application" },
  useResume: { id: "applications.apply.files.useResume", defaultMessage: "Use my resume" },
  useResumeHint: {
    id: "applications.apply.files.useResume.hint",
    defaultMessage: "Attach a PDF made from your resume as your CV, instead of uploading a file.",
  },
  resumeAttached: { id: "applications.apply.files.useResume.attached", defaultMessage: "Your resume is attached" },
  resumeFailed: {
    id: "applications.apply.files.useResume.failed",
    defaultMessage: "Your resume could not be attached. Try again in a moment, or upload your CV as a file.",
  },
  reviewResume: {
    id: "applications.apply.review.resumeAttached",
    defaultMessage: "Your resume is attached as a PDF and goes to the organization with your application.",
  },
  openFile: { id: "applications.apply.review.openFile", defaultMessage: "Open {filename}" },
});

const MAX_FILE_MB = 50;

/** One file to the jobs service (private, checked by content); the id goes into the draft. */
async function uploadAttachment(
  file: File,
  intl: IntlShape,
): Promise<{ id: string; url?: string } | { message: string }> {
  const failed = () => intl.formatMessage(UPLOAD_MESSAGES.unavailable);
  const body = new FormData();
  body.append("file", file, file.name);
  body.append("purpose", "application_attachment");
  try {
    const response = await fetch(UPLOAD_ENDPOINT, {
      method: "POST",
      body,
      credentials: "same-origin",
    });
    const answer = (await response.json().catch(() => null)) as {
      id?: string;
      url?: string;
      message?: string;
    } | null;
    if (response.ok && answer?.id) return { id: answer.id, url: answer.url };
    return { message: answer?.message || failed() };
  } catch {
    return { message: failed() };
  }
}

export interface QuickApplyPageProps {
  job: ApplyJob;
  step: Step;
  prefill: Partial<Draft>;
  /** The signed-in applicant has a resume to apply with (ADR 0033). */
  resume?: boolean;
  captcha: { scriptUrl: string; siteKey: string } | null;
}

/** Quick apply: basic info, questions, file upload, review info, success (spec 1). */
export function QuickApplyPage({
  job,
  step,
  prefill,
  resume = false,
  captcha,
}: QuickApplyPageProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  // Server and hydration render the prefill; then the browser's stored draft (session storage).
  const [serverDraft] = useState(() => ({ ...EMPTY_DRAFT, ...prefill }));
  const draft = useSyncExternalStore(
    subscribeDrafts,
    () => draftSnapshot(job.slug, prefill),
    () => serverDraft,
  );
  const tracked = useRef<string | null>(null);

  useEffect(() => {
    if (tracked.current === step) return;
    tracked.current = step;
    track(pageEvent(step), { entity_id: job.id });
    const current = draftSnapshot(job.slug, prefill);
    if (step === "basic-info" && !current.started) {
      track("job_apply_start", { entity_id: job.id });
      writeDraft(job.slug, { ...current, started: true });
    }
    if (step === "success") track("job_apply_complete", { entity_id: job.id });
  }, [step, job.id, job.slug, prefill]);

  const update = (patch: Partial<Draft>) =>
    writeDraft(job.slug, { ...draftSnapshot(job.slug, prefill), ...patch });
  const go = (target: Step | null) => {
    if (target) void navigate(stepPath(job.slug, target));
  };
  const active = STEPS.indexOf(step);

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          <FormattedMessage {...messages.applyFor} />
        </Text>
        <Title order={1}>{job.title}</Title>
      </Stack>
      <Stepper
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        aria-label={intl.formatMessage(messages.steps)}
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={intl.formatMessage(STEP_TITLES[s])} />
        ))}
      </Stepper>
      <Title order={2} size="h3">
        <FormattedMessage {...STEP_TITLES[step]} />
      </Title>
      {step === "basic-info" && job.myApplication ? <AppliedNotice application={job.myApplication} /> : null}
      {step === "basic-info" ? (
        <BasicInfo
          draft={draft}
          update={update}
          onNext={() => go(nextStep(step))}
        />
      ) : null}
      {step === "questions" ? (
        <Questions
          job={job}
          draft={draft}
          update={update}
          onBack={() => go(previousStep(step))}
          onNext={() => go(nextStep(step))}
        />
      ) : null}
      {step === "file-upload" ? (
        <FileUpload
          job={job}
          resume={resume}
          draft={draft}
          update={update}
          onBack={() => go(previousStep(step))}
          onNext={() => go(nextStep(step))}
        />
      ) : null}
      {step === "review-info" ? (
        <ReviewInfo
          job={job}
          draft={draft}
          captcha={captcha}
          onBack={() => go(previousStep(step))}
          onSent={() => {
            forgetDraft(job.slug);
            go("success");
          }}
        />
      ) : null}
      {step === "success" ? (
        <Stack gap="sm">
          <Alert color="green" title={intl.formatMessage(messages.sentTitle)}>
            <FormattedMessage {...messages.sentText} />
          </Alert>
          <Group>
            <Anchor component={NavLink} to={`/job/${job.slug}`}>
              <FormattedMessage {...messages.backToJob} />
            </Anchor>
            <Anchor component={NavLink} to="/my-applications">
              <FormattedMessage {...messages.myApplications} />
            </Anchor>
            <Anchor component={NavLink} to="/jobs">
              <FormattedMessage {...messages.moreJobs} />
            </Anchor>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

interface StepProps {
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
}

function BasicInfo({
  draft,
  update,
  onNext,
}: StepProps & { onNext: () => void }) {
  const intl = useIntl();
  const [touched, setTouched] = useState(false);
  const errors = touched ? basicInfoErrors(draft, intl) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(basicInfoErrors(draft)).length === 0) onNext();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={intl.formatMessage(messages.firstName)}
            required
            autoComplete="given-name"
            value={draft.firstName}
            error={errors.firstName}
            onChange={(e) => update({ firstName: e.currentTarget.value })}
          />
          <TextInput
            label={intl.formatMessage(messages.lastName)}
            required
            autoComplete="family-name"
            value={draft.lastName}
            error={errors.lastName}
            onChange={(e) => update({ lastName: e.currentTarget.value })}
          />
        </Group>
        <TextInput
          label={intl.formatMessage(messages.email)}
          type="email"
          required
          autoComplete="email"
          value={draft.emailAddress}
          error={errors.emailAddress}
          onChange={(e) => update({ emailAddress: e.currentTarget.value })}
        />
        <TextInput
          label={intl.formatMessage(messages.phone)}
          type="tel"
          autoComplete="tel"
          value={draft.phone}
          onChange={(e) => update({ phone: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit">
            <FormattedMessage {...messages.next} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface NavProps {
  onBack: () => void;
  onNext: () => void;
}

function Questions({
  job,
  draft,
  update,
  onBack,
  onNext,
}: StepProps & NavProps & { job: ApplyJob }) {
  const intl = useIntl();
  const questions = job.applicationQualifyingQuestions;
  const [touched, setTouched] = useState(false);
  const required = job.applicationRequireQualifyingQuestions;
  const missing = (i: number) => required && !(draft.answers[i] ?? "").trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!questions.some((_, i) => missing(i))) onNext();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {questions.length === 0 ? (
          <Text>
            <FormattedMessage {...messages.noQuestions} />
          </Text>
        ) : null}
        {questions.map((q, i) => {
          const error =
            touched && missing(i) ? intl.formatMessage(messages.answerMissing) : undefined;
          const answer = (value: string) => {
            const answers = [...draft.answers];
            while (answers.length < questions.length) answers.push("");
            answers[i] = value;
            update({ answers });
          };
          if (q.type === "FREE_TEXT") {
            return (
              <Textarea
                key={q.question}
                label={q.question}
                required={required}
                autosize
                minRows={2}
                value={draft.answers[i] ?? ""}
                error={error}
                onChange={(e) => answer(e.currentTarget.value)}
              />
            );
          }
          // YES_NO and SINGLE_CHOICE: a radio group, its label the question
          return (
            <Radio.Group
              key={q.question}
              label={q.question}
              required={required}
              value={draft.answers[i] || null}
              onChange={answer}
              error={error}
            >
              <Group gap="lg" mt={4}>
                {q.options.map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={answerLabel(option, intl)}
                  />
                ))}
              </Group>
            </Radio.Group>
          );
        })}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            <FormattedMessage {...messages.back} />
          </Button>
          <Button type="submit">
            <FormattedMessage {...messages.next} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FileUpload({
  job,
  resume,
  draft,
  update,
  onBack,
  onNext,
}: StepProps & NavProps & { job: ApplyJob; resume: boolean }) {
  const intl = useIntl();
  const client = useApolloClient();
  const [kind, setKind] = useState<AttachmentKind>("CV");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const hasCv = draft.attachments.some((a) => a.kind === "CV");
  const hasLetter =
    !!draft.coverLetter.trim() ||
    draft.attachments.some((a) => a.kind === "COVER_LETTER");
  const cvMissing = job.applicationRequireCv && !hasCv;
  const letterMissing = job.applicationRequireCoverLetter && !hasLetter;

  const pick = async (file: File | null) => {
    if (!file) return;
    const refused = checkAttachment(file, intl);
    if (refused) {
      setError(refused);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await uploadAttachment(file, intl);
    setBusy(false);
    if ("message" in answer) {
      setError(answer.message);
      return;
    }
    update({
      attachments: [
        ...draft.attachments,
        { uploadId: answer.id, filename: file.name, kind, url: answer.url },
      ],
    });
  };
  const resumeAttached = draft.attachments.some((a) => a.fromResume);

  /** "Use my resume": the PDF resumes renders, uploaded as a CV like a picked file. */
  const attachResume = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await client.query({ query: MY_RESUME_PDF, fetchPolicy: "no-cache" });
      const pdf = data?.myResumePdf;
      if (pdf?.__typename !== "ResumePdf") {
        setError(pdf?.__typename === "ResumeImportError" ? pdf.message : intl.formatMessage(messages.resumeFailed));
        return;
      }
      const file = fileFromBase64(pdf.contentBase64, pdf.fileName, pdf.mediaType);
      const answer = await uploadAttachment(file, intl);
      if ("message" in answer) {
        setError(answer.message);
        return;
      }
      update({
        attachments: [
          ...draft.attachments,
          { uploadId: answer.id, filename: file.name, kind: "CV", url: answer.url, fromResume: true },
        ],
      });
    } catch {
      setError(intl.formatMessage(messages.resumeFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        <FormattedMessage {...messages.fileHint} values={{ size: MAX_FILE_MB }} />{" "}
        <FormattedMessage {...(job.applicationRequireCv ? messages.cvRequired : messages.filesOptional)} />
      </Text>
      {resume ? (
        <Group align="center">
          <Button
            variant={resumeAttached ? "default" : "filled"}
            loading={busy}
            disabled={resumeAttached}
            onClick={() => void attachResume()}
          >
            <FormattedMessage {...(resumeAttached ? messages.resumeAttached : messages.useResume)} />
          </Button>
          <Text size="sm" c="dimmed">
            <FormattedMessage {...messages.useResumeHint} />
          </Text>
        </Group>
      ) : null}
      <Group align="flex-end">
        <Select
          label={intl.formatMessage(messages.fileKind)}
          data={(Object.keys(KIND_LABELS) as AttachmentKind[]).map((value) => ({
            value,
            label: intl.formatMessage(KIND_LABELS[value]),
          }))}
          value={kind}
          allowDeselect={false}
          onChange={(value) => setKind((value as AttachmentKind) ?? "OTHER")}
        />
        <FileButton
          onChange={(file) => void pick(file)}
          accept="application/pdf,image/jpeg,image/png,image/webp"
        >
          {(props) => (
            <Button {...props} loading={busy} variant="light">
              <FormattedMessage {...messages.chooseFile} />
            </Button>
          )}
        </FileButton>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {touched && cvMissing ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.cvRequired} />
        </Alert>
      ) : null}
      {draft.attachments.length > 0 ? (
        <List aria-label={intl.formatMessage(messages.attached)}>
          {draft.attachments.map((a) => (
            <List.Item key={a.uploadId}>
              <Group gap="xs">
                <Text size="sm">
                  <FormattedMessage
                    {...messages.attachedFile}
                    values={{ filename: a.filename, kind: intl.formatMessage(KIND_LABELS[a.kind]) }}
                  />
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    update({
                      attachments: draft.attachments.filter(
                        (x) => x.uploadId !== a.uploadId,
                      ),
                    })
                  }
                >
                  <FormattedMessage {...messages.remove} />
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Textarea
        label={intl.formatMessage(messages.coverLetter)}
        required={job.applicationRequireCoverLetter}
        autosize
        minRows={5}
        value={draft.coverLetter}
        error={
          touched && letterMissing
            ? intl.formatMessage(messages.letterRequired)
            : undefined
        }
        onChange={(e) => update({ coverLetter: e.currentTarget.value })}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          <FormattedMessage {...messages.back} />
        </Button>
        <Button
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (!cvMissing && !letterMissing) onNext();
          }}
        >
          <FormattedMessage {...messages.next} />
        </Button>
      </Group>
    </Stack>
  );
}

function ReviewInfo({
  job,
  draft,
  captcha,
  onBack,
  onSent,
}: {
  job: ApplyJob;
  draft: Draft;
  captcha: QuickApplyPageProps["captcha"];
  onBack: () => void;
  onSent: () => void;
}) {
  const intl = useIntl();
  const [apply, { loading }] = useMutation(APPLY_TO_JOB);
  const [refusals, setRefusals] = useState<{ message: string; step: Step }[]>(
    [],
  );
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaOn = job.applicationCaptchaRequired;

  const send = async () => {
    setRefusals([]);
    try {
      const { data } = await apply({
        variables: {
          input: {
            jobId: job.id,
            firstName: draft.firstName,
            lastName: draft.lastName,
            emailAddress: draft.emailAddress,
            phone: draft.phone || null,
            coverLetter: draft.coverLetter || null,
            answers: draft.answers,
            attachments: draft.attachments.map((a) => ({
              uploadId: a.uploadId,
              kind: a.kind,
            })),
            captchaToken,
          },
        },
      });
      const answer = data?.applyToJob;
      if (answer?.__typename === "ApplicationReceived") {
        onSent();
        return;
      }
      if (answer?.__typename === "JobErrors") {
        setRefusals(
          answer.errors.map((e) => ({
            message: e.message,
            step: stepOfField(e.field),
          })),
        );
      }
    } catch {
      setRefusals([
        {
          message: intl.formatMessage(messages.sendFailed),
          step: "review-info",
        },
      ]);
    }
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  const row = (label: string, value: ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fw={600} size="sm" w={140}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: "pre-wrap" }}>
        {value || "–"}
      </Text>
    </Group>
  );

  return (
    <Stack gap="sm">
      <DangerList messages={refusals.map((m) => m.message)} />
      {refusals.some((m) => isChangeableStep(m.step)) ? (
        <Group gap="xs">
          {[...new Set(refusals.map((m) => m.step))]
            .filter(isChangeableStep)
            .map((s) => (
              <Anchor key={s} component={NavLink} to={stepPath(job.slug, s)}>
                <FormattedMessage {...STEP_CHANGE[s]} />
              </Anchor>
            ))}
        </Group>
      ) : null}
      {row(
        intl.formatMessage(messages.name),
        intl.formatMessage(messages.fullName, { firstName: draft.firstName, lastName: draft.lastName }),
      )}
      {row(intl.formatMessage(messages.email), draft.emailAddress)}
      {row(intl.formatMessage(messages.phone), draft.phone)}
      {job.applicationQualifyingQuestions.map((q, i) => (
        <div key={q.question}>
          {row(
            q.question,
            answerLabel(draft.answers[i] ?? "", intl),
          )}
        </div>
      ))}
      {row(
        intl.formatMessage(messages.files),
        draft.attachments.length > 0 ? (
          <Stack gap={2}>
            {draft.attachments.map((a) => (
              <Group key={a.uploadId} gap="xs">
                <span>
                  {intl.formatMessage(messages.attachedFile, {
                    filename: a.filename,
                    kind: intl.formatMessage(KIND_LABELS[a.kind]),
                  })}
                </span>
                {/* the resume's PDF (a signed-in applicant's own upload, which jobs serves
                    them); a visitor's upload is not served back (ADR 0011) */}
                {a.fromResume && a.url ? (
                  <Anchor href={a.url} target="_blank" rel="noopener" size="sm">
                    <FormattedMessage {...messages.openFile} values={{ filename: a.filename }} />
                  </Anchor>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : null,
      )}
      {draft.attachments.some((a) => a.fromResume) ? (
        <Alert color="blue">
          <FormattedMessage {...messages.reviewResume} />
        </Alert>
      ) : null}
      {row(intl.formatMessage(messages.coverLetter), draft.coverLetter)}
      {captchaOn && captcha ? (
        <Captcha key={captchaRound} {...captcha} onToken={setCaptchaToken} />
      ) : null}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          <FormattedMessage {...messages.back} />
        </Button>
        <Button
          onClick={() => void send()}
          loading={loading}
          disabled={captchaOn && !captchaToken}
        >
          <FormattedMessage {...messages.send} />
        </Button>
      </Group>
    </Stack>
  );
}
