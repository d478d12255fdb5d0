import { useQuery } from "@apollo/client/react";
import { Anchor, Button, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useEffect } from "react";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { graphql } from "~/lib/graphql/generated/gql";
import { hasRecruiterAccess, isAdminLike } from "./roles";
import { signOut, useSession } from "./session";

export const CURRENT_USER_FOR_SHELL = graphql(`
  query CurrentUserForShell {
    currentUser {
      id
      name
    }
  }
`);

/**
 * The account entry of the main navigation. Visitors get "Log in" and "Sign up"; a session gets
 * the user's name with a menu. A session whose user cannot be loaded (deleted, or a token the
 * backend no longer accepts) is ended at /user/logout (spec 8). An unreachable gateway keeps the
 * session's own name, so the shell renders the same on the server and in the browser.
 */
export function AccountNavItem() {
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = session.status === "authenticated" && session.data !== null;
  const { data, error, loading } = useQuery(CURRENT_USER_FOR_SHELL, { skip: !signedIn });
  const userMissing = signedIn && !loading && !error && data !== undefined && data.currentUser === null;

  useEffect(() => {
    if (userMissing) void navigate("/user/logout", { replace: true });
  }, [userMissing, navigate]);

  if (!signedIn || !session.data) {
    return (
      <Group gap="sm" wrap="nowrap">
        <Anchor component={NavLink} to="/user/login" prefetch="none">
          Log in
        </Anchor>
        <Button component={NavLink} to="/user/register" size="xs">
          Sign up
        </Button>
      </Group>
    );
  }

  const name = data?.currentUser?.name ?? session.data.user.name;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`}>
          <Text component="span" fw={500} data-testid="current-user">
            {name}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={NavLink} to="/user/account">
          Account settings
        </Menu.Item>
        <Menu.Item component={NavLink} to="/my-applications">
          My applications
        </Menu.Item>
        <Menu.Item component={NavLink} to="/my-bookmarks">
          My bookmarks
        </Menu.Item>
        {hasRecruiterAccess(session.data.user.roles) ? (
          <>
            <Menu.Item component={NavLink} to="/job/wizard">
              Post a job
            </Menu.Item>
            <Menu.Item component={NavLink} to="/job-manager">
              Job manager
            </Menu.Item>
            <Menu.Item component={NavLink} to="/dashboard/organization">
              My organization
            </Menu.Item>
            <Menu.Item component={NavLink} to="/recruiter/applications">
              Applications
            </Menu.Item>
            <Menu.Item component={NavLink} to="/my-products">
              My products
            </Menu.Item>
          </>
        ) : null}
        {isAdminLike(session.data.user.roles) && !session.data.masqueraded ? (
          <>
            <Menu.Item component={NavLink} to="/admin/masquerade">
              Act as another user
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/audit-log">
              Audit log
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/billing">
              Billing
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/consent">
              Consent texts
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/jobs-review">
              Jobs to review
            </Menu.Item>
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut("/")}>Log out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
