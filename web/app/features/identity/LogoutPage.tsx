import { Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { signOut } from "./session";

/**
 * /user/logout: ends the session and goes home. Also where the shell sends a session whose user
 * can no longer be loaded (spec 2 and 8).
 */
export function LogoutPage() {
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut("/").catch(() => setFailed(true));
  }, []);
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Logging out</Title>
      {failed ? (
        <Text role="alert">We could not log you out. Please reload the page.</Text>
      ) : (
        <Loader size="sm" aria-label="Logging out" />
      )}
    </Stack>
  );
}
