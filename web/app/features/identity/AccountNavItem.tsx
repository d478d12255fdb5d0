import { Anchor, Button, Group } from "@mantine/core";
import { Suspense } from "react";
import { FormattedMessage } from "react-intl";
import { NavLink } from "~/components/Link";
import { loadedWhenRendered } from "~/lib/apollo/lazy-client";
import { MENU_LABELS } from "./menu-labels";
import { useSession } from "./session";

// A session's menu queries the account (Apollo): its code loads only for a session.
const AccountMenu = loadedWhenRendered("app/features/identity/AccountMenu.tsx", () =>
  import("./AccountMenu").then((module) => module.AccountMenu),
);

/**
 * The account entry of the main navigation. Visitors get "Log in" and "Sign up"; a session gets
 * the user's name with a menu (AccountMenu).
 */
export function AccountNavItem() {
  const session = useSession();
  const signedIn = session.status === "authenticated" && session.data !== null;
  if (signedIn) {
    return (
      <Suspense fallback={null}>
        <AccountMenu />
      </Suspense>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={NavLink} to="/user/login" prefetch="none">
        <FormattedMessage {...MENU_LABELS.logIn} />
      </Anchor>
      <Button component={NavLink} to="/user/register" size="xs">
        <FormattedMessage {...MENU_LABELS.signUp} />
      </Button>
    </Group>
  );
}

