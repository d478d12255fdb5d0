import { useMutation } from "@apollo/client/react";
import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import type { OrganizationApplicationsQuery } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { UPDATE_APPLICATION_NOTES } from "./documents";
import { answerLabel, formatDate, STATUS_COLORS, STATUS_LABELS } from "./status";

const messages = defineMessages({
  noQuestions: { id: "applications.details.noQuestions", defaultMessage: "The job asked no qualifying questions." },
  answers: { id: "applications.details.answers", defaultMessage: "Answers" },
  noAnswer: { id: "applications.details.noAnswer", defaultMessage: "No answer" },
  knockOut: { id: "applications.details.knockOut", defaultMessage: "Knock-out answer" },
  notesFailed: { id: "applications.notes.failed", defaultMessage: "The notes could not be saved. Try again in a moment." },
  notes: { id: "applications.notes.label", defaultMessage: "Notes" },
  notesHint: { id: "applications.notes.hint", defaultMessage: "Only your organization's recruiters see them." },
  notesTooLong: {
    id: "applications.notes.tooLong",
    defaultMessage: "Keep the notes under {max, number} characters.",
  },
  notesSaved: { id: "applications.notes.saved", defaultMessage: "Notes saved." },
  saveNotes: { id: "applications.notes.save", defaultMessage: "Save notes" },
  applied: { id: "applications.details.applied", defaultMessage: "Applied {date}" },
  appliedFor: { id: "applications.details.appliedFor", defaultMessage: "Applied {date} for {job}" },
  name: { id: "applications.details.name", defaultMessage: "{firstName} {lastName}" },
  questions: { id: "applications.details.questions", defaultMessage: "Qualifying questions" },
  coverLetter: { id: "applications.details.coverLetter", defaultMessage: "Cover letter" },
  files: { id: "applications.details.files", defaultMessage: "Files" },
});

export type PipelineApplication =
  OrganizationApplicationsQuery["organizationApplications"]["applications"][number];

const NOTES_MAX = 20_000;

/** The qualifying questions with the applicant's answers; knock-outs flagged, never hidden. */
export function AnswersView({
  answers,
}: {
  answers: PipelineApplication["answers"];
}) {
  const intl = useIntl();
  if (answers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage {...messages.noQuestions} />
      </Text>
    );
  return (
    <List spacing="xs" listStyleType="none" aria-label={intl.formatMessage(messages.answers)}>
      {answers.map((a) => (
        <List.Item key={a.question}>
          <Text size="sm" fw={600}>
            {a.question}
          </Text>
          <Group gap="xs">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {a.answer ? answerLabel(a.answer, intl) : intl.formatMessage(messages.noAnswer)}
            </Text>
            {a.knockedOut ? (
              <Badge color="orange" variant="light" size="sm">
                <FormattedMessage {...messages.knockOut} />
              </Badge>
            ) : null}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** The recruiters' notes on one application (never shown to the applicant). */
export function NotesEditor({
  applicationId,
  notes,
}: {
  applicationId: string;
  notes: string | null;
}) {
  const intl = useIntl();
  const [value, setValue] = useState(notes ?? "");
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [save, { loading }] = useMutation(UPDATE_APPLICATION_NOTES);
  const tooLong = value.length > NOTES_MAX;

  const submit = async () => {
    setErrors([]);
    setSaved(false);
    try {
      const { data } = await save({
        variables: { id: applicationId, notes: value },
      });
      const answer = data?.updateApplicationNotes;
      if (answer?.__typename === "JobErrors") {
        setErrors(answer.errors.map((e) => e.message));
        return;
      }
      if (answer?.__typename === "ApplicationSaved") {
        setValue(answer.application.notes ?? "");
        setSaved(true);
      }
    } catch {
      setErrors([intl.formatMessage(messages.notesFailed)]);
    }
  };

  return (
    <Stack gap="xs">
      <DangerList messages={errors} />
      <Textarea
        label={intl.formatMessage(messages.notes)}
        description={intl.formatMessage(messages.notesHint)}
        autosize
        minRows={3}
        value={value}
        error={
          tooLong ? intl.formatMessage(messages.notesTooLong, { max: NOTES_MAX }) : undefined
        }
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setSaved(false);
        }}
      />
      <Group justify="flex-end" gap="sm">
        {saved ? (
          <Text size="sm" c="green" role="status">
            <FormattedMessage {...messages.notesSaved} />
          </Text>
        ) : null}
        <Button
          onClick={() => void submit()}
          loading={loading}
          disabled={tooLong}
        >
          <FormattedMessage {...messages.saveNotes} />
        </Button>
      </Group>
    </Stack>
  );
}

/** One application in full: contact, answers, cover letter, files and the notes. */
export function ApplicationDetails({
  application,
  onClose,
}: {
  application: PipelineApplication | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const a = application;
  return (
    <Modal
      opened={a !== null}
      onClose={onClose}
      size="lg"
      title={a ? intl.formatMessage(messages.name, { firstName: a.firstName, lastName: a.lastName }) : ""}
    >
      {a ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={STATUS_COLORS[a.status]}>
              <FormattedMessage {...STATUS_LABELS[a.status]} />
            </Badge>
            <Text size="sm" c="dimmed">
              {a.job ? (
                <FormattedMessage
                  {...messages.appliedFor}
                  values={{ date: formatDate(a.createdAt, intl), job: a.job.title }}
                />
              ) : (
                <FormattedMessage {...messages.applied} values={{ date: formatDate(a.createdAt, intl) }} />
              )}
            </Text>
          </Group>
          <Group gap="md">
            <Anchor href={`mailto:${a.emailAddress}`} size="sm">
              {a.emailAddress}
            </Anchor>
            {a.phone ? <Text size="sm">{a.phone}</Text> : null}
          </Group>
          <Stack gap="xs">
            <Title order={3} size="h5">
              <FormattedMessage {...messages.questions} />
            </Title>
            <AnswersView answers={a.answers} />
          </Stack>
          {a.coverLetter ? (
            <Stack gap="xs">
              <Title order={3} size="h5">
                <FormattedMessage {...messages.coverLetter} />
              </Title>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {a.coverLetter}
              </Text>
            </Stack>
          ) : null}
          {a.attachments.length > 0 ? (
            <Stack gap={4}>
              <Title order={3} size="h5">
                <FormattedMessage {...messages.files} />
              </Title>
              {a.attachments.map((f) => (
                <Anchor key={f.id} href={f.url} size="sm" download>
                  {f.filename}
                </Anchor>
              ))}
            </Stack>
          ) : null}
          <NotesEditor key={a.id} applicationId={a.id} notes={a.notes} />
        </Stack>
      ) : null}
    </Modal>
  );
}
