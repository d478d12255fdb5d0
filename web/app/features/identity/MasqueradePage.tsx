import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { useSession } from "./session";

/** /admin/masquerade: an admin-like user acts as another user (spec 6). */
export function MasqueradePage() {
  const session = useSession();
  const [user, setUser] = useState("");
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
    setFailure("No user with this email address or id could be found, or you may not act as them.");
  };

  if (session.data?.masqueraded) {
    return (
      <Stack gap="md" maw={520}>
        <Title order={1}>Act as another user</Title>
        <Alert color="yellow">You are already acting as {session.data.user.name}. Stop first.</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>Act as another user</Title>
      <Text>
        See the site as someone else to help them. Every change you make meanwhile is recorded in the
        audit log under your own name.
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <DangerList messages={failure ? [failure] : []} />
          <TextInput
            label="Email address or user id"
            value={user}
            onChange={(event) => setUser(event.currentTarget.value)}
            error={touched && missing ? "Enter whom to act as." : undefined}
          />
          <Button type="submit" loading={pending}>
            Act as this user
          </Button>
        </Stack>
      </form>
      <Anchor component={NavLink} to="/admin/audit-log">
        See the audit log
      </Anchor>
    </Stack>
  );
}
