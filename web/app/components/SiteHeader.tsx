import { Anchor, Container, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

export interface NavItem {
  label: string;
  to: string;
}

export const MAIN_NAV: readonly NavItem[] = [
  { label: "Jobs", to: "/jobs" },
  { label: "Organizations", to: "/organizations" },
  { label: "Resumes", to: "/resumes" },
];

export const LOGIN_PATH = "/user/login";

/** Spec section 2: on this site the logo links to the job search. */
export const LOGO_TARGET = "/jobs";

function LoginLink() {
  return (
    <Anchor component={NavLink} to={LOGIN_PATH} prefetch="none">
      Log in
    </Anchor>
  );
}

/** `accountItem` is the last navigation entry; the app passes the identity feature's one. */
export function SiteHeader({ accountItem = <LoginLink /> }: { accountItem?: ReactNode }) {
  return (
    <header className="site-header">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={LOGO_TARGET} fw={700} fz="xl" data-testid="site-logo">
            Jobboard
          </Anchor>
          <nav aria-label="Main">
            <Group gap="md" component="ul" className="site-nav-list">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <Anchor component={NavLink} to={item.to} prefetch="none">
                    {item.label}
                  </Anchor>
                </li>
              ))}
              <li>{accountItem}</li>
            </Group>
          </nav>
        </Group>
      </Container>
    </header>
  );
}
