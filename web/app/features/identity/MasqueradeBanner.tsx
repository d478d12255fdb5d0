import { Button, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useSession } from "./session";

const messages = defineMessages({
  actingAs: {
    id: "masquerade.banner.text",
    defaultMessage: "You are acting as <strong>{name}</strong>. What you change is recorded under your own name.",
  },
  stop: { id: "masquerade.banner.stop", defaultMessage: "Stop masquerading" },
});

/** Shown on every page while an admin acts as another user (spec 6: session flag masqueraded). */
export function MasqueradeBanner() {
  const session = useSession();
  const [stopping, setStopping] = useState(false);
  if (!session.data?.masqueraded) return null;

  const stop = async () => {
    setStopping(true);
    await session.update({ stopMasquerading: true });
    window.location.assign("/");
  };

  return (
    <Paper role="status" radius={0} px="md" py={6} bg="yellow.1" data-testid="masquerade-banner">
      <Group justify="center" gap="md">
        <Text size="sm">
          <FormattedMessage
            {...messages.actingAs}
            values={{ name: session.data.user.name, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </Text>
        <Button size="compact-sm" variant="white" color="dark" loading={stopping} onClick={() => void stop()}>
          <FormattedMessage {...messages.stop} />
        </Button>
      </Group>
    </Paper>
  );
}
