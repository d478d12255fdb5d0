import { Container } from "@mantine/core";
import type { ReactNode } from "react";
import { NavigationRouteProgress } from "~/components/RouteProgress";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";

export function AppShell({
  children,
  accountItem,
  logoTarget,
}: {
  children: ReactNode;
  accountItem?: ReactNode;
  logoTarget?: string;
}) {
  return (
    <>
      <NavigationRouteProgress />
      <SiteHeader accountItem={accountItem} logoTarget={logoTarget} />
      <main id="main">
        <Container size="lg" py="xl">
          {children}
        </Container>
      </main>
      <SiteFooter />
    </>
  );
}
