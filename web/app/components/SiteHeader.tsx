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

/** Where the logo links when the site sets nothing (spec 2: `/` by default, `/jobs` here). */
export const DEFAULT_LOGO_TARGET = "/";

function LoginLink() {
  return (
    <Anchor component={NavLink} to={LOGIN_PATH} prefetch="none">
      Log in
    </Anchor>
  );
}

export interface SiteHeaderProps {
  /** The last navigation entry; the app passes the identity feature's one. */
  accountItem?: ReactNode;
  /** The site's `navigation.logo_link` setting. */
  logoTarget?: string;
}

export function SiteHeader({ accountItem = <LoginLink />, logoTarget = DEFAULT_LOGO_TARGET }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={logoTarget} fw={700} fz="xl" data-testid="site-logo">
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
