import { ColorSchemeScript, createTheme, MantineProvider, mantineHtmlProps, Text, Title } from "@mantine/core";
import mantineCoreStyles from "@mantine/core/styles.css?url";
import mantineProgressStyles from "@mantine/nprogress/styles.css?url";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import { AppShell } from "~/components/AppShell";
import { AccountNavItem } from "~/features/identity/AccountNavItem";
import { ApolloBootstrapScript } from "~/lib/apollo/bootstrap";

// Shade 8 keeps links and primary text at WCAG AA contrast (4.5:1) on white; Mantine's
// default shade 6 does not.
const theme = createTheme({ primaryShade: { light: 8, dark: 5 } });

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: mantineCoreStyles },
  { rel: "stylesheet", href: mantineProgressStyles },
  { rel: "stylesheet", href: appStyles },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript defaultColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light">
          {children}
        </MantineProvider>
        <ScrollRestoration />
        <ApolloBootstrapScript />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppShell accountItem={<AccountNavItem />}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AppShell accountItem={<AccountNavItem />}>
      <title>{notFound ? "Page not found | Jobboard" : "Error | Jobboard"}</title>
      <Title order={1}>{notFound ? "Page not found" : "Something went wrong"}</Title>
      <Text mt="md">
        {notFound
          ? "The page you asked for does not exist or has moved."
          : "The page could not be shown. Please try again in a moment."}
      </Text>
    </AppShell>
  );
}
