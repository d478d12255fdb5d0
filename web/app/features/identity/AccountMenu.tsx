import { useQuery } from "@apollo/client/react";
import { Menu, Text, UnstyledButton } from "@mantine/core";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { NavLink } from "~/components/Link";
import { useNavigate } from "~/lib/site-locale";
import { graphql } from "~/lib/graphql/generated/gql";
import { MENU_LABELS } from "./menu-labels";
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
 * The account entry of the main navigation for a session: the user's name with a menu. A
 * session whose user cannot be loaded (deleted, or a token the backend no longer accepts) is
 * ended at /user/logout (spec 8). An unreachable gateway keeps the
 * session's own name, so the shell renders the same on the server and in the browser.
 */
export function AccountMenu() {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = session.status === "authenticated" && session.data !== null;
  const { data, error, loading } = useQuery(CURRENT_USER_FOR_SHELL, { skip: !signedIn });
  const userMissing = signedIn && !loading && !error && data !== undefined && data.currentUser === null;

  useEffect(() => {
    if (userMissing) void navigate("/user/logout", { replace: true });
  }, [userMissing, navigate]);

  if (!signedIn || !session.data) return null;
  const name = data?.currentUser?.name ?? session.data.user.name;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={intl.formatMessage(MENU_LABELS.accountMenu, { name })}>
          <Text component="span" fw={500} data-testid="current-user">
            {name}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={NavLink} to="/user/account">
          <FormattedMessage {...MENU_LABELS.accountSettings} />
        </Menu.Item>
        <Menu.Item component={NavLink} to="/my-applications">
          <FormattedMessage {...MENU_LABELS.myApplications} />
        </Menu.Item>
        <Menu.Item component={NavLink} to="/my-bookmarks">
          <FormattedMessage {...MENU_LABELS.myBookmarks} />
        </Menu.Item>
        {hasRecruiterAccess(session.data.user.roles) ? (
          <>
            <Menu.Item component={NavLink} to="/job/wizard">
              <FormattedMessage {...MENU_LABELS.postJob} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/job-manager">
              <FormattedMessage {...MENU_LABELS.jobManager} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/dashboard/organization">
              <FormattedMessage {...MENU_LABELS.myOrganization} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/recruiter/applications">
              <FormattedMessage {...MENU_LABELS.applications} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/my-products">
              <FormattedMessage {...MENU_LABELS.myProducts} />
            </Menu.Item>
          </>
        ) : null}
        {isAdminLike(session.data.user.roles) && !session.data.masqueraded ? (
          <>
            <Menu.Item component={NavLink} to="/admin/masquerade">
              <FormattedMessage {...MENU_LABELS.masquerade} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/audit-log">
              <FormattedMessage {...MENU_LABELS.auditLog} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/billing">
              <FormattedMessage {...MENU_LABELS.billing} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/consent">
              <FormattedMessage {...MENU_LABELS.consentTexts} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/jobs-review">
              <FormattedMessage {...MENU_LABELS.jobsReview} />
            </Menu.Item>
            <Menu.Item component={NavLink} to="/admin/erasure-requests">
              <FormattedMessage {...MENU_LABELS.erasureRequests} />
            </Menu.Item>
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut("/")}>
          <FormattedMessage {...MENU_LABELS.logOut} />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
