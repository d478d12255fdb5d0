import { Anchor, Container, Group } from "@mantine/core";
import { Link, NavLink } from "react-router";

export interface NavItem {
  label: string;
  to: string;
}

export const MAIN_NAV: readonly NavItem[] = [
  { label: "Jobs", to: "/jobs" },
  { label: "Organizations", to: "/organizations" },
  { label: "Resumes", to: "/resumes" },
  { label: "Log in", to: "/user/login" },
];

/** Spec section 2: on this site the logo links to the job search. */
export const LOGO_TARGET = "/jobs";

export function SiteHeader() {
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
            </Group>
          </nav>
        </Group>
      </Container>
    </header>
  );
}
