import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useId, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "~/components/EmptyState";
import { Link } from "~/components/Link";
import { PageHeader } from "~/components/PageHeader";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { useNavigate } from "~/lib/site-locale";
import { RESUME_WIZARD_RESUME, type WizardResume } from "./documents";
import { EntriesSection } from "./EntrySections";
import { RESUME_STEPS, type ResumeConfig, type ResumeStep } from "./resume-form";
import { JobPreferencesForm, LanguagesForm, PersonalInfoForm, SkillsForm, type FlushRef } from "./SectionForms";

const messages = defineMessages({
  title: { id: "resumeWizard.pageTitle", defaultMessage: "Create your resume" },
  intro: {
    id: "resumeWizard.intro",
    defaultMessage: "Your changes are saved as you go. Your name, birthday and home stay private until you approve a contact request.",
  },
  progress: { id: "resumeWizard.progress", defaultMessage: "Step {step, number} of {total, number}" },
  back: { id: "resumeWizard.back", defaultMessage: "Back" },
  next: { id: "resumeWizard.next", defaultMessage: "Next" },
  finish: { id: "resumeWizard.finish", defaultMessage: "Finish: see your resume" },
  overview: { id: "resumeWizard.toOverview", defaultMessage: "Back to my resume" },
  loadFailed: { id: "resumeWizard.loadFailed", defaultMessage: "Your resume could not be loaded. Reload the page in a moment." },
  saveFirst: {
    id: "resumeWizard.saveFirst",
    defaultMessage: "Your resume starts with your personal information. Save that step first.",
  },
  toFirstStep: { id: "resumeWizard.toFirstStep", defaultMessage: "Go to personal information" },
});

/** Each step's heading (also the edit page's section headings and the overview's links). */
export const STEP_TITLES: Record<ResumeStep, Message> = defineMessages({
  "personal-info": { id: "resumeWizard.step.personalInfo", defaultMessage: "Personal information" },
  "job-preferences": { id: "resumeWizard.step.jobPreferences", defaultMessage: "What you are looking for" },
  education: { id: "resumeWizard.step.education", defaultMessage: "Education" },
  "work-experience": { id: "resumeWizard.step.workExperience", defaultMessage: "Work experience" },
  languages: { id: "resumeWizard.step.languages", defaultMessage: "Languages" },
  skills: { id: "resumeWizard.step.skills", defaultMessage: "Skills" },
});

export const RESUME_WIZARD_TITLE = messages.title;

export function stepPath(step: ResumeStep): string {
  return `/resume/wizard/${step}`;
}

/** One step's form, for the wizard and the edit page. */
export function StepSection({
  step,
  resume,
  config,
  flushRef,
  label,
}: {
  step: ResumeStep;
  resume: WizardResume | null;
  config: ResumeConfig;
  flushRef?: FlushRef;
  label: string;
}) {
  switch (step) {
    case "personal-info":
      return <PersonalInfoForm resume={resume} config={config} flushRef={flushRef} label={label} />;
    case "job-preferences":
      return <JobPreferencesForm resume={resume} config={config} flushRef={flushRef} label={label} />;
    case "education":
      return <EntriesSection kind="education" resume={resume} config={config} />;
    case "work-experience":
      return <EntriesSection kind="work" resume={resume} config={config} />;
    case "languages":
      return <LanguagesForm resume={resume} config={config} flushRef={flushRef} label={label} />;
    case "skills":
      return <SkillsForm resume={resume} config={config} flushRef={flushRef} label={label} />;
  }
}

/** /resume/wizard/<step>: one step of the resume, with progress, autosave and Back/Next. */
export function ResumeWizardPage({ step }: { step: ResumeStep }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const headingId = useId();
  const flushRef: FlushRef = useRef(null);
  const { data, loading, error } = useQuery(RESUME_WIZARD_RESUME);
  const index = RESUME_STEPS.indexOf(step);
  const total = RESUME_STEPS.length;
  const previous = RESUME_STEPS[index - 1];
  const next = RESUME_STEPS[index + 1];
  const label = intl.formatMessage(STEP_TITLES[step]);

  const leave = async (to: string, { mustSave }: { mustSave: boolean }) => {
    const flush = flushRef.current;
    if (flush) {
      const saved = await flush();
      if (!saved && mustSave) return;
    }
    void navigate(to);
  };

  let body;
  if (!data) {
    body = error ? (
      <Alert color="red" role="alert">
        <FormattedMessage {...messages.loadFailed} />
      </Alert>
    ) : (
      <Skeleton h={360} radius="md" aria-busy={loading} />
    );
  } else {
    const resume = data.myResume ?? null;
    const needsResume = resume === null && index >= 2;
    body = needsResume ? (
      <EmptyState
        action={
          <Button component={Link} to={stepPath("personal-info")}>
            <FormattedMessage {...messages.toFirstStep} />
          </Button>
        }
      >
        <FormattedMessage {...messages.saveFirst} />
      </EmptyState>
    ) : (
      <StepSection key={step} step={step} resume={resume} config={data.resumeConfiguration} flushRef={flushRef} label={label} />
    );
  }

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title={<FormattedMessage {...messages.title} />}
        description={<FormattedMessage {...messages.intro} />}
        action={
          <Anchor component={Link} to="/resume">
            <FormattedMessage {...messages.overview} />
          </Anchor>
        }
      />
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          <FormattedMessage {...messages.progress} values={{ step: index + 1, total }} />
        </Text>
        <Progress
          value={((index + 1) / total) * 100}
          aria-label={intl.formatMessage(messages.progress, { step: index + 1, total })}
        />
      </Stack>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={2} size="h3" id={headingId}>
            {label}
          </Title>
          {body}
        </Stack>
      </Card>
      <Group justify="space-between">
        {previous ? (
          <Button variant="default" onClick={() => void leave(stepPath(previous), { mustSave: false })}>
            <FormattedMessage {...messages.back} />
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={() => void leave(next ? stepPath(next) : "/resume", { mustSave: true })} disabled={!data}>
          <FormattedMessage {...(next ? messages.next : messages.finish)} />
        </Button>
      </Group>
    </Stack>
  );
}
