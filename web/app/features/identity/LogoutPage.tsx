import { Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { signOut } from "./session";

const messages = defineMessages({
  title: { id: "logout.title", defaultMessage: "Logging out" },
  failed: { id: "logout.failed", defaultMessage: "We could not log you out. Please reload the page." },
  documentTitle: { id: "logout.documentTitle", defaultMessage: "Log out" },
});

/** The page's name, for its document title. */
export const LOGOUT_TITLE = messages.documentTitle;

/**
 * /user/logout: ends the session and goes home. Also where the shell sends a session whose user
 * can no longer be loaded (spec 2 and 8).
 */
export function LogoutPage() {
  const intl = useIntl();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut("/").catch(() => setFailed(true));
  }, []);
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {failed ? (
        <Text role="alert">
          <FormattedMessage {...messages.failed} />
        </Text>
      ) : (
        <Loader size="sm" aria-label={intl.formatMessage(messages.title)} />
      )}
    </Stack>
  );
}
