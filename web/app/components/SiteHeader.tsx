import { Container } from "@mantine/core";
import type { ReactNode } from "react";
import { FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { Link, NavLink } from "~/components/Link";
import { anchor, group } from "~/components/mantine-markup";

export interface NavItem {
  label: MessageDescriptor;
  to: string;
  /** Resume search: only for those who may search resumes on a site with resumes. */
  resumeSearch?: boolean;
}

const messages = defineMessages({
  jobs: { id: "shell.nav.jobs", defaultMessage: "Jobs" },
  organizations: { id: "shell.nav.organizations", defaultMessage: "Organizations" },
  resumes: { id: "shell.nav.resumes", defaultMessage: "Resumes" },
  logIn: { id: "shell.nav.logIn", defaultMessage: "Log in" },
  mainNav: { id: "shell.nav.label", defaultMessage: "Main" },
  logo: { id: "shell.logo", defaultMessage: "Jobboard" },
});

export const MAIN_NAV: readonly NavItem[] = [
  { label: messages.jobs, to: "/jobs" },
  { label: messages.organizations, to: "/organizations" },
  { label: messages.resumes, to: "/resumes", resumeSearch: true },
];

export const LOGIN_PATH = "/user/login";

/** Where the logo links when the site sets nothing (spec 2: `/` by default, `/jobs` here). */
export const DEFAULT_LOGO_TARGET = "/";

// Mantine's markup as plain elements (on every page: ADR 0064), made once.
const LINK = anchor();
const LOGO = anchor(undefined, undefined, { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)" });
const BAR = group({ justify: "space-between", wrap: "wrap" });
const NAV_LIST = group({ gap: "md", className: "site-nav-list" });

function LoginLink() {
  return (
    <NavLink to={LOGIN_PATH} prefetch="none" {...LINK}>
      <FormattedMessage {...messages.logIn} />
    </NavLink>
  );
}

export interface SiteHeaderProps {
  /** The last navigation entry; the app passes the identity feature's one. */
  accountItem?: ReactNode;
  /** The site's `navigation.logo_link` setting. */
  logoTarget?: string;
  /** The site's `site.name` setting, shown as the logo (several sites share this code); none: "Jobboard". */
  siteName?: string;
  /** Show "Resumes": the reader is a recruiter (or admin-like) and the site has resumes on. */
  showResumes?: boolean;
}

export function SiteHeader({
  accountItem = <LoginLink />,
  logoTarget = DEFAULT_LOGO_TARGET,
  siteName,
  showResumes = false,
}: SiteHeaderProps) {
  return (
    <header className="site-header">
      <Container size="lg" py="sm">
        <div {...BAR}>
          <Link to={logoTarget} {...LOGO} data-testid="site-logo">
            {siteName || <FormattedMessage {...messages.logo} />}
          </Link>
          <MainNav accountItem={accountItem} showResumes={showResumes} />
        </div>
      </Container>
    </header>
  );
}

function MainNav({ accountItem, showResumes }: { accountItem: ReactNode; showResumes: boolean }) {
  const intl = useIntl();
  const items = MAIN_NAV.filter((item) => !item.resumeSearch || showResumes);
  return (
    <nav aria-label={intl.formatMessage(messages.mainNav)}>
      <ul {...NAV_LIST}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} prefetch="none" {...LINK}>
              <FormattedMessage {...item.label} />
            </NavLink>
          </li>
        ))}
        <li>{accountItem}</li>
      </ul>
    </nav>
  );
}
