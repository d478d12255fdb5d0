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
import { HintTooltip } from "~/components/HintTooltip";
import { IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { QualifyingQuestionType } from "~/lib/graphql/generated/graphql";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { errorAt } from "./job-errors";
import { choicesOf, type QuestionDraft } from "./steps";

const messages = defineMessages({
  yesNo: { id: "wizard.question.type.yesNo", defaultMessage: "Yes or no" },
  singleChoice: { id: "wizard.question.type.singleChoice", defaultMessage: "One choice from a list" },
  freeText: { id: "wizard.question.type.freeText", defaultMessage: "Free text" },
  yes: { id: "wizard.question.yes", defaultMessage: "Yes" },
  no: { id: "wizard.question.no", defaultMessage: "No" },
  question: { id: "wizard.question.label", defaultMessage: "Question {number, number}" },
  remove: { id: "wizard.question.remove", defaultMessage: "Remove question {number, number}" },
  type: { id: "wizard.question.type", defaultMessage: "Answer type of question {number, number}" },
  options: { id: "wizard.question.options", defaultMessage: "Options of question {number, number}" },
  optionsHint: { id: "wizard.question.options.hint", defaultMessage: "Press Enter after each option." },
  knockOuts: { id: "wizard.question.knockOuts", defaultMessage: "Knock-out answers of question {number, number}" },
  knockOutsHint: {
    id: "wizard.question.knockOuts.hint",
    defaultMessage: "Applications with one of these answers are flagged for you, not hidden.",
  },
  neverFlagged: { id: "wizard.question.neverFlagged", defaultMessage: "Free-text answers are never flagged." },
});

const TYPE_OPTIONS: { value: QualifyingQuestionType; label: Message }[] = [
  { value: "YES_NO", label: messages.yesNo },
  { value: "SINGLE_CHOICE", label: messages.singleChoice },
  { value: "FREE_TEXT", label: messages.freeText },
];

const CHOICE_LABELS: Record<string, Message> = { yes: messages.yes, no: messages.no };

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
  const intl = useIntl();
  const at = `applicationQualifyingQuestions.${index}`;
  const number = index + 1;
  const numbered = (message: Message) => intl.formatMessage(message, { number });
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
      aria-label={numbered(messages.question)}
    >
      <Stack gap="xs">
        <Group wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={numbered(messages.question)}
            value={question.question}
            onChange={(e) => update({ question: e.currentTarget.value })}
            error={errorAt(errors, `${at}.question`, at)}
          />
          <HintTooltip label={numbered(messages.remove)} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={numbered(messages.remove)}
              onClick={onRemove}
            >
              <IconTrash size={18} stroke={1.75} aria-hidden="true" />
            </ActionIcon>
          </HintTooltip>
        </Group>
        <Select
          label={numbered(messages.type)}
          data={TYPE_OPTIONS.map(({ value, label }) => ({ value, label: intl.formatMessage(label) }))}
          value={question.type}
          allowDeselect={false}
          onChange={(value) =>
            update({ type: (value as QualifyingQuestionType) ?? "FREE_TEXT" })
          }
          error={errorAt(errors, `${at}.type`)}
        />
        {question.type === "SINGLE_CHOICE" ? (
          <TagsInput
            label={numbered(messages.options)}
            description={intl.formatMessage(messages.optionsHint)}
            value={question.options}
            onChange={(options) => update({ options })}
            error={errorAt(errors, `${at}.options`)}
          />
        ) : null}
        {choices.length > 0 ? (
          <Checkbox.Group
            label={numbered(messages.knockOuts)}
            description={intl.formatMessage(messages.knockOutsHint)}
            value={question.knockOutAnswers}
            onChange={(knockOutAnswers) => update({ knockOutAnswers })}
            error={errorAt(errors, `${at}.knockOutAnswers`)}
          >
            <Group gap="md" mt={4}>
              {choices.map((choice) => (
                <Checkbox
                  key={choice}
                  value={choice}
                  label={CHOICE_LABELS[choice] ? intl.formatMessage(CHOICE_LABELS[choice]) : choice}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <Text size="xs" c="dimmed">
            <FormattedMessage {...messages.neverFlagged} />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
