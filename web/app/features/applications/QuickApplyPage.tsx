import { useMutation } from "@apollo/client/react";
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
} from "react";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { Captcha } from "~/components/Captcha";
import { DangerList } from "~/components/DangerList";
import { track } from "~/lib/analytics";
import type { ApplyJobQuery } from "~/lib/graphql/generated/graphql";
import { APPLY_TO_JOB } from "./documents";
import {
  basicInfoErrors,
  checkAttachment,
  draftSnapshot,
  EMPTY_DRAFT,
  forgetDraft,
  nextStep,
  pageEvent,
  previousStep,
  subscribeDrafts,
  writeDraft,
  stepOfField,
  stepPath,
  STEP_TITLES,
  STEPS,
  type AttachmentKind,
  type Draft,
  type Step,
} from "./quick-apply";

export type ApplyJob = NonNullable<ApplyJobQuery["job"]>;

const UPLOAD_ENDPOINT = "/api/uploads/jobs/uploads";
const UPLOAD_FAILED = "The file could not be uploaded. Try again in a moment.";
/** How yes/no answers read (the API's values are "yes" and "no"). */
const ANSWER_LABELS: Record<string, string> = { yes: "Yes", no: "No" };
const KIND_LABELS: Record<AttachmentKind, string> = {
  CV: "CV",
  COVER_LETTER: "Cover letter",
  OTHER: "Other document",
};

/** One file to the jobs service (private, checked by content); the id goes into the draft. */
async function uploadAttachment(
  file: File,
): Promise<{ id: string } | { message: string }> {
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
      message?: string;
    } | null;
    if (response.ok && answer?.id) return { id: answer.id };
    return { message: answer?.message || UPLOAD_FAILED };
  } catch {
    return { message: UPLOAD_FAILED };
  }
}

export interface QuickApplyPageProps {
  job: ApplyJob;
  step: Step;
  prefill: Partial<Draft>;
  captcha: { scriptUrl: string; siteKey: string } | null;
}

/** Quick apply: basic info, questions, file upload, review info, success (spec 1). */
export function QuickApplyPage({
  job,
  step,
  prefill,
  captcha,
}: QuickApplyPageProps) {
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
          Apply for
        </Text>
        <Title order={1}>{job.title}</Title>
      </Stack>
      <Stepper
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        aria-label="Quick apply steps"
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={STEP_TITLES[s]} />
        ))}
      </Stepper>
      <Title order={2} size="h3">
        {STEP_TITLES[step]}
      </Title>
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
          <Alert color="green" title="Your application was sent">
            Thank you. A confirmation is on its way to your inbox.
          </Alert>
          <Group>
            <Anchor component={NavLink} to={`/job/${job.slug}`}>
              Back to the job
            </Anchor>
            <Anchor component={NavLink} to="/my-applications">
              My applications
            </Anchor>
            <Anchor component={NavLink} to="/jobs">
              Find more jobs
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
  const [touched, setTouched] = useState(false);
  const errors = touched ? basicInfoErrors(draft) : {};
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
            label="First name"
            required
            autoComplete="given-name"
            value={draft.firstName}
            error={errors.firstName}
            onChange={(e) => update({ firstName: e.currentTarget.value })}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            value={draft.lastName}
            error={errors.lastName}
            onChange={(e) => update({ lastName: e.currentTarget.value })}
          />
        </Group>
        <TextInput
          label="Email address"
          type="email"
          required
          autoComplete="email"
          value={draft.emailAddress}
          error={errors.emailAddress}
          onChange={(e) => update({ emailAddress: e.currentTarget.value })}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={draft.phone}
          onChange={(e) => update({ phone: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit">Next</Button>
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
          <Text>This job has no questions for you. Go on.</Text>
        ) : null}
        {questions.map((q, i) => {
          const error =
            touched && missing(i) ? "Answer this question." : undefined;
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
                    label={ANSWER_LABELS[option] ?? option}
                  />
                ))}
              </Group>
            </Radio.Group>
          );
        })}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Next</Button>
        </Group>
      </Stack>
    </form>
  );
}

function FileUpload({
  job,
  draft,
  update,
  onBack,
  onNext,
}: StepProps & NavProps & { job: ApplyJob }) {
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
    const refused = checkAttachment(file);
    if (refused) {
      setError(refused);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await uploadAttachment(file);
    setBusy(false);
    if ("message" in answer) {
      setError(answer.message);
      return;
    }
    update({
      attachments: [
        ...draft.attachments,
        { uploadId: answer.id, filename: file.name, kind },
      ],
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        PDF, JPG, PNG or WebP, up to 50 MB each.{" "}
        {job.applicationRequireCv
          ? "This job asks for your CV."
          : "Files are optional."}
      </Text>
      <Group align="flex-end">
        <Select
          label="This file is"
          data={(Object.keys(KIND_LABELS) as AttachmentKind[]).map((value) => ({
            value,
            label: KIND_LABELS[value],
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
              Choose a file
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
          This job asks for your CV.
        </Alert>
      ) : null}
      {draft.attachments.length > 0 ? (
        <List aria-label="Attached files">
          {draft.attachments.map((a) => (
            <List.Item key={a.uploadId}>
              <Group gap="xs">
                <Text size="sm">
                  {a.filename} ({KIND_LABELS[a.kind]})
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
                  Remove
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Textarea
        label="Cover letter"
        required={job.applicationRequireCoverLetter}
        autosize
        minRows={5}
        value={draft.coverLetter}
        error={
          touched && letterMissing
            ? "This job asks for a cover letter: write it or attach it."
            : undefined
        }
        onChange={(e) => update({ coverLetter: e.currentTarget.value })}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (!cvMissing && !letterMissing) onNext();
          }}
        >
          Next
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
  const [apply, { loading }] = useMutation(APPLY_TO_JOB);
  const [messages, setMessages] = useState<{ message: string; step: Step }[]>(
    [],
  );
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaOn = job.applicationCaptchaRequired;

  const send = async () => {
    setMessages([]);
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
        setMessages(
          answer.errors.map((e) => ({
            message: e.message,
            step: stepOfField(e.field),
          })),
        );
      }
    } catch {
      setMessages([
        {
          message: "Your application could not be sent. Try again in a moment.",
          step: "review-info",
        },
      ]);
    }
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  const row = (label: string, value: string) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fw={600} size="sm" w={140}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {value || "–"}
      </Text>
    </Group>
  );

  return (
    <Stack gap="sm">
      <DangerList messages={messages.map((m) => m.message)} />
      {messages.some((m) => m.step !== "review-info") ? (
        <Group gap="xs">
          {[...new Set(messages.map((m) => m.step))]
            .filter((s) => s !== "review-info")
            .map((s) => (
              <Anchor key={s} component={NavLink} to={stepPath(job.slug, s)}>
                Change {STEP_TITLES[s].toLowerCase()}
              </Anchor>
            ))}
        </Group>
      ) : null}
      {row("Name", `${draft.firstName} ${draft.lastName}`)}
      {row("Email address", draft.emailAddress)}
      {row("Phone", draft.phone)}
      {job.applicationQualifyingQuestions.map((q, i) => (
        <div key={q.question}>
          {row(
            q.question,
            ANSWER_LABELS[draft.answers[i] ?? ""] ?? draft.answers[i] ?? "",
          )}
        </div>
      ))}
      {row(
        "Files",
        draft.attachments
          .map((a) => `${a.filename} (${KIND_LABELS[a.kind]})`)
          .join("\n"),
      )}
      {row("Cover letter", draft.coverLetter)}
      {captchaOn && captcha ? (
        <Captcha key={captchaRound} {...captcha} onToken={setCaptchaToken} />
      ) : null}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button
          onClick={() => void send()}
          loading={loading}
          disabled={captchaOn && !captchaToken}
        >
          Send application
        </Button>
      </Group>
    </Stack>
  );
}
