import { useMutation } from "@apollo/client/react";
import {
  Alert,
  Button,
  Group,
  Stack,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { ACCOUNT_ID_PATTERN } from "./account-rules";
import { ERASURE_REQUESTS } from "./ErasureRequestsPage";

export const SET_LEGAL_HOLD = graphql(`
  mutation SetLegalHold($userId: ID!, $reason: String!) {
    setLegalHold(userId: $userId, reason: $reason) {
      __typename
      ... on LegalHoldChanged {
        userId
        reason
      }
      ... on AccountErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

const MAX_REASON = 500;

const messages = defineMessages({
  title: { id: "legalHold.title", defaultMessage: "Place a legal hold" },
  intro: {
    id: "legalHold.intro",
    defaultMessage:
      "While the law requires a person's data to be kept (a dispute, an authority's request), a hold keeps it from erasure: the account can still be deleted, but no service is asked to erase until the hold is lifted above.",
  },
  userId: { id: "legalHold.userId", defaultMessage: "Account id" },
  userIdInvalid: {
    id: "legalHold.userId.invalid",
    defaultMessage: "Enter an account id (a UUID).",
  },
  reason: { id: "legalHold.reason", defaultMessage: "Reason" },
  reasonHint: {
    id: "legalHold.reason.hint",
    defaultMessage:
      "Written to the audit log and shown with the erasure request.",
  },
  reasonMissing: {
    id: "legalHold.reason.missing",
    defaultMessage: "Say why the person's data must be kept.",
  },
  reasonLong: {
    id: "legalHold.reason.long",
    defaultMessage: "Use at most {max, number} characters.",
  },
  submit: { id: "legalHold.submit", defaultMessage: "Place the hold" },
  placed: {
    id: "legalHold.placed",
    defaultMessage: "The account is under a legal hold: {reason}",
  },
  failed: {
    id: "legalHold.failed",
    defaultMessage: "The hold could not be placed. Try again in a moment.",
  },
});

/** The administrators' privacy page: put an account under a legal hold (ADR 0036). */
export function LegalHoldForm() {
  const intl = useIntl();
  const [userId, setUserId] = useState("");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const [place, { data, loading, error }] = useMutation(SET_LEGAL_HOLD, {
    refetchQueries: [ERASURE_REQUESTS],
  });
  const answer = data?.setLegalHold;
  const server = answer?.__typename === "AccountErrors" ? answer.errors : [];
  const byField = (field: string) =>
    server.find((item) => item.field === field)?.message;
  const idError = !ACCOUNT_ID_PATTERN.test(userId.trim())
    ? intl.formatMessage(messages.userIdInvalid)
    : undefined;
  const reasonError = !reason.trim()
    ? intl.formatMessage(messages.reasonMissing)
    : reason.trim().length > MAX_REASON
      ? intl.formatMessage(messages.reasonLong, { max: MAX_REASON })
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (idError || reasonError) return;
    void place({
      variables: { userId: userId.trim(), reason: reason.trim() },
    }).catch(() => undefined);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage(messages.title)}
    >
      <Stack gap="xs" maw={560}>
        <Title order={2}>
          <FormattedMessage {...messages.title} />
        </Title>
        <FormattedMessage {...messages.intro} />
        <DangerList
          messages={
            error
              ? [intl.formatMessage(messages.failed)]
              : server
                  .filter(
                    (item) =>
                      !item.field || !["userId", "reason"].includes(item.field),
                  )
                  .map((item) => item.message)
          }
        />
        {answer?.__typename === "LegalHoldChanged" ? (
          <Alert color="orange" role="status">
            <FormattedMessage
              {...messages.placed}
              values={{ reason: answer.reason ?? "" }}
            />
          </Alert>
        ) : null}
        <TextInput
          label={intl.formatMessage(messages.userId)}
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
          error={(touched ? idError : undefined) ?? byField("userId")}
          spellCheck={false}
          required
        />
        <Textarea
          label={intl.formatMessage(messages.reason)}
          description={intl.formatMessage(messages.reasonHint)}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={(touched ? reasonError : undefined) ?? byField("reason")}
          autosize
          minRows={2}
          required
        />
        <Group>
          <Button
            type="submit"
            color="orange"
            variant="light"
            loading={loading}
          >
            <FormattedMessage {...messages.submit} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
