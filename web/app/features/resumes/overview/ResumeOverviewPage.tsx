import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Card, Group, List, Modal, Progress, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { EmptyState } from "~/components/EmptyState";
import { Link } from "~/components/Link";
import { PageHeader } from "~/components/PageHeader";
import type { ResumeCompletenessItem } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { useStoreSavedResume } from "../wizard/autosave";
import { DELETE_MY_RESUME, RESUME_WIZARD_RESUME, SET_RESUME_VISIBILITY, type WizardResume } from "../wizard/documents";
import { RESUME_STEPS, resumeErrorsByField, type ResumeConfig, type ResumeStep } from "../wizard/resume-form";
import { STEP_TITLES, stepPath } from "../wizard/ResumeWizardPage";
import { ResumePreview } from "./ResumePreview";

const messages = defineMessages({
  title: { id: "resumeOverview.title", defaultMessage: "My resume" },
  description: { id: "resumeOverview.description", defaultMessage: "What recruiters can find, and what stays private." },
  edit: { id: "resumeOverview.edit", defaultMessage: "Edit my resume" },
  loadFailed: { id: "resumeOverview.loadFailed", defaultMessage: "Your resume could not be loaded. Reload the page in a moment." },
  none: {
    id: "resumeOverview.none",
    defaultMessage: "You have no resume yet. Create one step by step, or import it from your CV file, and let recruiters find you.",
  },
  start: { id: "resumeOverview.start", defaultMessage: "Create my resume" },
  importCv: { id: "resumeOverview.import", defaultMessage: "Import from a CV file" },
  completeness: { id: "resumeOverview.completeness", defaultMessage: "Completeness" },
  percent: { id: "resumeOverview.percent", defaultMessage: "{percent, number}% complete" },
  complete: { id: "resumeOverview.complete", defaultMessage: "Your resume has everything recruiters need." },
  missingTitle: { id: "resumeOverview.missing", defaultMessage: "Still missing:" },
  visibility: { id: "resumeOverview.visibility", defaultMessage: "Visibility" },
  findable: { id: "resumeOverview.findable", defaultMessage: "Recruiters may find my resume" },
  findableHint: {
    id: "resumeOverview.findable.hint",
    defaultMessage: "Only complete resumes that you make findable show in the resume search. You can change this at any time.",
  },
  searchable: { id: "resumeOverview.searchable", defaultMessage: "Recruiters can find your resume now." },
  waiting: { id: "resumeOverview.waiting", defaultMessage: "Findable, but recruiters find it only once it is complete." },
  hidden: { id: "resumeOverview.hidden", defaultMessage: "Hidden from the resume search." },
  preview: { id: "resumeOverview.preview", defaultMessage: "Preview" },
  sections: { id: "resumeOverview.sections", defaultMessage: "Edit a part" },
  danger: { id: "resumeOverview.danger", defaultMessage: "Delete" },
  delete: { id: "resumeOverview.delete", defaultMessage: "Delete my resume" },
  deleteHint: {
    id: "resumeOverview.delete.hint",
    defaultMessage: "Deletes your resume and its contact requests. Recruiters can no longer find or see it.",
  },
  confirmTitle: { id: "resumeOverview.delete.confirmTitle", defaultMessage: "Delete your resume?" },
  confirmText: {
    id: "resumeOverview.delete.confirmText",
    defaultMessage: "Your resume and its contact requests are deleted for good. This cannot be undone.",
  },
  confirm: { id: "resumeOverview.delete.confirm", defaultMessage: "Delete for good" },
  cancel: { id: "resumeOverview.delete.cancel", defaultMessage: "Keep my resume" },
  deleted: { id: "resumeOverview.deleted", defaultMessage: "Your resume was deleted." },
  unavailable: { id: "resumeOverview.unavailable", defaultMessage: "That did not work. Try again in a moment." },
});

/** What each completeness item asks for. */
export const MISSING_LABELS: Record<ResumeCompletenessItem, Message> = defineMessages({
  FIRST_NAME: { id: "resumeOverview.missing.firstName", defaultMessage: "Your first name" },
  LAST_NAME: { id: "resumeOverview.missing.lastName", defaultMessage: "Your last name" },
  TITLE: { id: "resumeOverview.missing.title", defaultMessage: "A headline" },
  DESIRED_OCCUPATION: { id: "resumeOverview.missing.occupation", defaultMessage: "The occupation you want" },
  CAREER_STATUS: { id: "resumeOverview.missing.careerStatus", defaultMessage: "Your career status" },
  DESIRED_LOCATION: { id: "resumeOverview.missing.location", defaultMessage: "Where you want to work" },
  EXPERIENCE_OR_EDUCATION: { id: "resumeOverview.missing.experience", defaultMessage: "One work experience or education entry" },
  LANGUAGES: { id: "resumeOverview.missing.languages", defaultMessage: "At least one language" },
  SKILLS: { id: "resumeOverview.missing.skills", defaultMessage: "At least one skill" },
});

/** The wizard step that provides each completeness item. */
export const MISSING_STEP: Record<ResumeCompletenessItem, ResumeStep> = {
  FIRST_NAME: "personal-info",
  LAST_NAME: "personal-info",
  TITLE: "job-preferences",
  DESIRED_OCCUPATION: "job-preferences",
  CAREER_STATUS: "job-preferences",
  DESIRED_LOCATION: "job-preferences",
  EXPERIENCE_OR_EDUCATION: "work-experience",
  LANGUAGES: "languages",
  SKILLS: "skills",
};

export const RESUME_OVERVIEW_TITLE = messages.title;

function Visibility({ resume, config }: { resume: WizardResume; config: ResumeConfig }) {
  const intl = useIntl();
  const [setVisibility, { loading }] = useMutation(SET_RESUME_VISIBILITY);
  const store = useStoreSavedResume(config);
  const [errors, setErrors] = useState<string[]>([]);
  const toggle = async (findable: boolean) => {
    try {
      const answer = (await setVisibility({ variables: { findable } })).data?.setResumeVisibility;
      if (answer?.__typename === "ResumeSaved") {
        store(answer.resume);
        setErrors([]);
      } else setErrors(resumeErrorsByField(answer, []).general);
    } catch {
      setErrors([intl.formatMessage(messages.unavailable)]);
    }
  };
  const state = resume.searchable ? messages.searchable : resume.findable ? messages.waiting : messages.hidden;
  return (
    <Stack gap="sm">
      <DangerList messages={errors} />
      <Switch
        label={intl.formatMessage(messages.findable)}
        description={intl.formatMessage(messages.findableHint)}
        checked={Boolean(resume.findable)}
        disabled={loading}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      <Text size="sm" fw={600} role="status" c={resume.searchable ? "teal" : undefined}>
        <FormattedMessage {...state} />
      </Text>
    </Stack>
  );
}

function Completeness({ resume }: { resume: WizardResume }) {
  const completeness = resume.completeness;
  if (!completeness) return null;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        <FormattedMessage {...messages.percent} values={{ percent: completeness.percent }} />
      </Text>
      <Progress value={completeness.percent} color={completeness.complete ? "teal" : "blue"} aria-hidden />
      {completeness.complete ? (
        <Text size="sm">
          <FormattedMessage {...messages.complete} />
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            <FormattedMessage {...messages.missingTitle} />
          </Text>
          <List size="sm" spacing={4}>
            {completeness.missing.map((item) => (
              <List.Item key={item}>
                <Anchor component={Link} to={stepPath(MISSING_STEP[item])}>
                  <FormattedMessage {...MISSING_LABELS[item]} />
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

function DeleteResume({ config, onDeleted }: { config: ResumeConfig; onDeleted: () => void }) {
  const client = useApolloClient();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [remove, { loading }] = useMutation(DELETE_MY_RESUME);
  const confirm = async () => {
    try {
      const answer = (await remove()).data?.deleteMyResume;
      if (answer?.__typename === "ResumeDeleted") {
        setOpen(false);
        onDeleted();
        client.writeQuery({
          query: RESUME_WIZARD_RESUME,
          data: {
                        myResume: null,
            resumeConfiguration: { nulledFields: [...config.nulledFields], privateFields: [...config.privateFields] },
          },
        });
      } else setErrors(resumeErrorsByField(answer, []).general);
    } catch {
      setErrors([intl.formatMessage(messages.unavailable)]);
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        <FormattedMessage {...messages.deleteHint} />
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        <FormattedMessage {...messages.delete} />
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={intl.formatMessage(messages.confirmTitle)} centered>
        <Stack gap="md">
          <DangerList messages={errors} />
          <Text>
            <FormattedMessage {...messages.confirmText} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              <FormattedMessage {...messages.cancel} />
            </Button>
            <Button color="red" loading={loading} onClick={() => void confirm()}>
              <FormattedMessage {...messages.confirm} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Section({ title, children }: { title: Message; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          <FormattedMessage {...title} />
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** /resume: the signed-in applicant's resume, its completeness, visibility, preview and deletion. */
export function ResumeOverviewPage() {
  const { data, error } = useQuery(RESUME_WIZARD_RESUME, { fetchPolicy: "cache-and-network" });
  const [deleted, setDeleted] = useState(false);
  const header = (action?: React.ReactNode) => (
    <PageHeader title={<FormattedMessage {...messages.title} />} description={<FormattedMessage {...messages.description} />} action={action} />
  );
  if (!data) {
    return (
      <Stack gap="lg" maw={1100}>
        {header()}
        {error ? (
          <Alert color="red" role="alert">
            <FormattedMessage {...messages.loadFailed} />
          </Alert>
        ) : (
          <Skeleton h={420} radius="md" />
        )}
      </Stack>
    );
  }
  const resume = data.myResume;
  const config = data.resumeConfiguration;
  if (!resume) {
    return (
      <Stack gap="lg" maw={1100}>
        {header()}
        {deleted ? (
          <Alert color="teal" role="status">
            <FormattedMessage {...messages.deleted} />
          </Alert>
        ) : null}
        <EmptyState
          action={
            <Group justify="center">
              <Button component={Link} to="/resume/wizard">
                <FormattedMessage {...messages.start} />
              </Button>
              <Button component={Link} to="/resume/wizard/import" variant="default">
                <FormattedMessage {...messages.importCv} />
              </Button>
            </Group>
          }
        >
          <FormattedMessage {...messages.none} />
        </EmptyState>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={1100}>
      {header(
        <Group gap="sm">
          <Button component={Link} to="/resume/wizard/import" variant="default">
            <FormattedMessage {...messages.importCv} />
          </Button>
          <Button component={Link} to="/resume/edit">
            <FormattedMessage {...messages.edit} />
          </Button>
        </Group>,
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={messages.completeness}>
          <Completeness resume={resume} />
        </Section>
        <Section title={messages.visibility}>
          <Visibility resume={resume} config={config} />
        </Section>
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...messages.preview} />
        </Title>
        <ResumePreview resume={resume} config={config} showPrivate />
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={messages.sections}>
          <List spacing={4}>
            {RESUME_STEPS.map((step) => (
              <List.Item key={step}>
                <Anchor component={Link} to={`/resume/edit#${step}`}>
                  <FormattedMessage {...STEP_TITLES[step]} />
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Section>
        <Section title={messages.danger}>
          <DeleteResume config={config} onDeleted={() => setDeleted(true)} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
