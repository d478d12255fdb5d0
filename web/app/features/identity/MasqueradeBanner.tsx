import { Button, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { useSession } from "./session";

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
          You are acting as <strong>{session.data.user.name}</strong>. What you change is recorded
          under your own name.
        </Text>
        <Button size="compact-sm" variant="white" color="dark" loading={stopping} onClick={() => void stop()}>
          Stop masquerading
        </Button>
      </Group>
    </Paper>
  );
}
