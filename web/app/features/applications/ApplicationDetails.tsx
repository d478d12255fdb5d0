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
import { DangerList } from "~/components/DangerList";
import type { OrganizationApplicationsQuery } from "~/lib/graphql/generated/graphql";
import { UPDATE_APPLICATION_NOTES } from "./documents";
import { formatDate, STATUS_COLORS, STATUS_LABELS } from "./status";

export type PipelineApplication =
  OrganizationApplicationsQuery["organizationApplications"]["applications"][number];

const NOTES_MAX = 20_000;
const ANSWER_LABELS: Record<string, string> = { yes: "Yes", no: "No" };

/** The qualifying questions with the applicant's answers; knock-outs flagged, never hidden. */
export function AnswersView({
  answers,
}: {
  answers: PipelineApplication["answers"];
}) {
  if (answers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The job asked no qualifying questions.
      </Text>
    );
  return (
    <List spacing="xs" listStyleType="none" aria-label="Answers">
      {answers.map((a) => (
        <List.Item key={a.question}>
          <Text size="sm" fw={600}>
            {a.question}
          </Text>
          <Group gap="xs">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {a.answer ? (ANSWER_LABELS[a.answer] ?? a.answer) : "No answer"}
            </Text>
            {a.knockedOut ? (
              <Badge color="orange" variant="light" size="sm">
                Knock-out answer
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
      setErrors(["The notes could not be saved. Try again in a moment."]);
    }
  };

  return (
    <Stack gap="xs">
      <DangerList messages={errors} />
      <Textarea
        label="Notes"
        description="Only your organization's recruiters see them."
        autosize
        minRows={3}
        value={value}
        error={
          tooLong ? `Keep the notes under ${NOTES_MAX} characters.` : undefined
        }
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setSaved(false);
        }}
      />
      <Group justify="flex-end" gap="sm">
        {saved ? (
          <Text size="sm" c="green" role="status">
            Notes saved.
          </Text>
        ) : null}
        <Button
          onClick={() => void submit()}
          loading={loading}
          disabled={tooLong}
        >
          Save notes
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
  const a = application;
  return (
    <Modal
      opened={a !== null}
      onClose={onClose}
      size="lg"
      title={a ? `${a.firstName} ${a.lastName}` : ""}
    >
      {a ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={STATUS_COLORS[a.status]}>
              {STATUS_LABELS[a.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              Applied {formatDate(a.createdAt)}
              {a.job ? ` for ${a.job.title}` : ""}
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
              Qualifying questions
            </Title>
            <AnswersView answers={a.answers} />
          </Stack>
          {a.coverLetter ? (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Cover letter
              </Title>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {a.coverLetter}
              </Text>
            </Stack>
          ) : null}
          {a.attachments.length > 0 ? (
            <Stack gap={4}>
              <Title order={3} size="h5">
                Files
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
