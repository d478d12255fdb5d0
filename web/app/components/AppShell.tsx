import { Container } from "@mantine/core";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { FlashMessage } from "~/components/FlashMessage";
import { NavigationRouteProgress } from "~/components/RouteProgress";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { UnavailableNotice } from "~/components/UnavailableNotice";

export function AppShell({
  children,
  accountItem,
  logoTarget,
  siteName,
  sidebar,
  bottomMenu,
  showResumes,
  notice,
}: {
  children: ReactNode;
  /**
   * What asks the visitor first (the cookie banner until they chose): right after the skip link,
   * before the header. Its place in the document is its place in the keyboard's order and in the
   * HTML; where it shows is its own (the banner is fixed to the bottom of the window).
   */
  notice?: ReactNode;
  accountItem?: ReactNode;
  logoTarget?: string;
  /** The site's name (its `site.name` setting), shown as the logo. */
  siteName?: string;
  /** The dashboard sidebar (wider screens). */
  sidebar?: ReactNode;
  /** The bottom menu (phones, signed-in people). */
  bottomMenu?: ReactNode;
  /** The main navigation's "Resumes" (recruiters, on a site with resumes). */
  showResumes?: boolean;
}) {
  return (
    <>
      <a href="#main" className="skip-link">
        <FormattedMessage id="shell.skipLink" defaultMessage="Skip to content" />
      </a>
      {notice}
      <NavigationRouteProgress />
      <SiteHeader
        accountItem={accountItem}
        logoTarget={logoTarget}
        siteName={siteName}
        showResumes={showResumes}
      />
      <div className="shell-body">
        {sidebar}
        <main id="main" tabIndex={-1}>
          <Container size="lg" py="xl">
            <FlashMessage />
            <UnavailableNotice />
            {children}
          </Container>
        </main>
      </div>
      <SiteFooter />
      {bottomMenu}
    </>
  );
}
