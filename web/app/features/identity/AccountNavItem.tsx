import { useQuery } from "@apollo/client/react";
import { Anchor, Text } from "@mantine/core";
import { NavLink } from "react-router";
import { graphql } from "~/lib/graphql/generated/gql";

export const CURRENT_USER_FOR_SHELL = graphql(`
  query CurrentUserForShell {
    currentUser {
      id
      name
    }
  }
`);

/**
 * The account entry of the main navigation: the user's name when signed in, otherwise the
 * login link. Loading, a visitor and an unreachable gateway all show "Log in", so the shell
 * renders the same on the server and in the browser whatever the gateway does.
 */
export function AccountNavItem() {
  const { data } = useQuery(CURRENT_USER_FOR_SHELL);
  const user = data?.currentUser;
  if (user) {
    return (
      <Text component="span" fw={500} data-testid="current-user">
        {user.name}
      </Text>
    );
  }
  return (
    <Anchor component={NavLink} to="/user/login" prefetch="none">
      Log in
    </Anchor>
  );
}
