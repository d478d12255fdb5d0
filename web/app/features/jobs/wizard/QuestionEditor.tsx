import {
  ActionIcon,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import type { QualifyingQuestionType } from "~/lib/graphql/generated/graphql";
import { errorAt } from "./job-errors";
import { choicesOf, type QuestionDraft } from "./steps";

const TYPE_OPTIONS: { value: QualifyingQuestionType; label: string }[] = [
  { value: "YES_NO", label: "Yes or no" },
  { value: "SINGLE_CHOICE", label: "One choice from a list" },
  { value: "FREE_TEXT", label: "Free text" },
];

const CHOICE_LABELS: Record<string, string> = { yes: "Yes", no: "No" };

export interface QuestionEditorProps {
  question: QuestionDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
}

/**
 * One typed qualifying question: its text, how it is answered (yes/no, one option of a list,
 * free text), the options, and which answers flag an application for the recruiter.
 */
export function QuestionEditor({
  question,
  index,
  errors,
  onChange,
  onRemove,
}: QuestionEditorProps) {
  const at = `applicationQualifyingQuestions.${index}`;
  const number = index + 1;
  const choices = choicesOf(question);
  const update = (patch: Partial<QuestionDraft>) => {
    const next = { ...question, ...patch };
    // knock-outs only among the answers the question still offers
    const offered = choicesOf(next);
    onChange({
      ...next,
      knockOutAnswers: next.knockOutAnswers.filter((a) => offered.includes(a)),
    });
  };
  return (
    <Paper
      withBorder
      p="sm"
      component="fieldset"
      aria-label={`Question ${number}`}
    >
      <Stack gap="xs">
        <Group wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={`Question ${number}`}
            value={question.question}
            onChange={(e) => update({ question: e.currentTarget.value })}
            error={errorAt(errors, `${at}.question`, at)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove question ${number}`}
            onClick={onRemove}
          >
            ×
          </ActionIcon>
        </Group>
        <Select
          label={`Answer type of question ${number}`}
          data={TYPE_OPTIONS}
          value={question.type}
          allowDeselect={false}
          onChange={(value) =>
            update({ type: (value as QualifyingQuestionType) ?? "FREE_TEXT" })
          }
          error={errorAt(errors, `${at}.type`)}
        />
        {question.type === "SINGLE_CHOICE" ? (
          <TagsInput
            label={`Options of question ${number}`}
            description="Press Enter after each option."
            value={question.options}
            onChange={(options) => update({ options })}
            error={errorAt(errors, `${at}.options`)}
          />
        ) : null}
        {choices.length > 0 ? (
          <Checkbox.Group
            label={`Knock-out answers of question ${number}`}
            description="Applications with one of these answers are flagged for you, not hidden."
            value={question.knockOutAnswers}
            onChange={(knockOutAnswers) => update({ knockOutAnswers })}
            error={errorAt(errors, `${at}.knockOutAnswers`)}
          >
            <Group gap="md" mt={4}>
              {choices.map((choice) => (
                <Checkbox
                  key={choice}
                  value={choice}
                  label={CHOICE_LABELS[choice] ?? choice}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <Text size="xs" c="dimmed">
            Free-text answers are never flagged.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
