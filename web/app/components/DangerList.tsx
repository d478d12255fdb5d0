import { Alert } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const TITLE = defineMessages({
  title: { id: "dangerList.title", defaultMessage: "Please check the following" },
});

/** Spec 5: server messages are URL-decoded (plus signs become spaces) in a danger alert list. */
export function decodeServerMessage(message: string): string {
  try {
    return decodeURIComponent(message.replace(/\+/g, " "));
  } catch {
    return message.replace(/\+/g, " ");
  }
}

export function DangerList({ messages }: { messages: string[] }) {
  const intl = useIntl();
  if (messages.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={intl.formatMessage(TITLE.title)}>
      <ul style={{ margin: 0, paddingInlineStart: "1.2rem" }}>
        {messages.map((message) => (
          <li key={message}>{decodeServerMessage(message)}</li>
        ))}
      </ul>
    </Alert>
  );
}
