import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useSession } from "./session";

const messages = defineMessages({
  notFound: {
    id: "masquerade.notFound",
    defaultMessage: "No user with this email address or id could be found, or you may not act as them.",
  },
  title: { id: "masquerade.title", defaultMessage: "Act as another user" },
  already: { id: "masquerade.already", defaultMessage: "You are already acting as {name}. Stop first." },
  intro: {
    id: "masquerade.intro",
    defaultMessage:
      "See the site as someone else to help them. Every change you make meanwhile is recorded in the audit log under your own name.",
  },
  user: { id: "masquerade.user", defaultMessage: "Email address or user id" },
  userMissing: { id: "masquerade.user.missing", defaultMessage: "Enter whom to act as." },
  submit: { id: "masquerade.submit", defaultMessage: "Act as this user" },
  auditLog: { id: "masquerade.auditLog", defaultMessage: "See the audit log" },
});

/** The page's name, for its document title. */
export const MASQUERADE_TITLE = messages.title;

/** /admin/masquerade: an admin-like user acts as another user (spec 6). */
export function MasqueradePage() {
  const intl = useIntl();
  const session = useSession();
  const [user, setUser] = useState("");
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);
  const missing = user.trim().length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    setPending(true);
    setFailure(null);
    const next = await session.update({ masquerade: user.trim() });
    if (next?.masqueraded) {
      window.location.assign("/");
      return;
    }
    setPending(false);
    setFailure(messages.notFound);
  };

  if (session.data?.masqueraded) {
    return (
      <Stack gap="md" maw={520}>
        <Title order={1}>
          <FormattedMessage {...messages.title} />
        </Title>
        <Alert color="yellow">
          <FormattedMessage {...messages.already} values={{ name: session.data.user.name }} />
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      <Text>
        <FormattedMessage {...messages.intro} />
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <DangerList messages={failure ? [intl.formatMessage(failure)] : []} />
          <TextInput
            label={intl.formatMessage(messages.user)}
            value={user}
            onChange={(event) => setUser(event.currentTarget.value)}
            error={touched && missing ? intl.formatMessage(messages.userMissing) : undefined}
          />
          <Button type="submit" loading={pending}>
            <FormattedMessage {...messages.submit} />
          </Button>
        </Stack>
      </form>
      <Anchor component={NavLink} to="/admin/audit-log">
        <FormattedMessage {...messages.auditLog} />
      </Anchor>
    </Stack>
  );
}
