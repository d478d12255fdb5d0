import { type ReactNode, startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ApolloBootstrapProvider, readBootstrap } from "~/lib/apollo/bootstrap";
import { loadApolloClient, loadRenderedParts, setApolloClientLoader } from "~/lib/apollo/lazy-client";
import { AppConfig, AppConfigProvider } from "~/lib/app-config";
import { logClientError } from "~/lib/client-log";
import { UnavailablePartsProvider } from "~/components/UnavailableNotice";
import { UnavailableParts } from "~/lib/unavailable-parts";

const { raw, bootstrap } = readBootstrap(document, "jobboard");
// what the server could not load for this page; the browser's own queries add to it
const unavailable = new UnavailableParts(bootstrap.unavailable ?? []);
const appConfig = new AppConfig(bootstrap.appConfig ?? []);

// Apollo Client is its own chunk (ADR 0050): loaded before hydration when the server says the
// page renders with it (below), else when first needed (a mutation, a navigation to such a page).
let hydrated = false;
let requestedWhileHydrating = false;
setApolloClientLoader(() => {
  requestedWhileHydrating = !hydrated;
  return import("~/lib/apollo/browser-client").then(({ browserApolloClient }) =>
    browserApolloClient({ bootstrap, unavailable, hydrating: !hydrated }),
  );
});

/**
 * Around the whole page: its effect runs after every effect inside it, once the server's page
 * is hydrated (the queries' first reads done from the server's cache): from then on queries
 * fetch as their policies say.
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    hydrated = true;
    // a client made before this point reads the server's cache first: no longer
    if (requestedWhileHydrating)
      void Promise.all([loadApolloClient(), import("~/lib/apollo/create-apollo-client")]).then(
        ([client, { endHydration }]) => endHydration(client),
      );
  }, []);
  return children;
}

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Hydrated>
          <AppConfigProvider config={appConfig}>
            <ApolloBootstrapProvider text={() => raw}>
              <UnavailablePartsProvider parts={unavailable}>
                <HydratedRouter />
              </UnavailablePartsProvider>
            </ApolloBootstrapProvider>
          </AppConfigProvider>
        </Hydrated>
      </StrictMode>,
      {
        // a server page the browser could not take over (hydration): React renders it again and
        // goes on, but the operators must hear of it, with where in the tree it happened
        onRecoverableError: (error, info) => {
          logClientError("hydration", error, { componentStack: info.componentStack?.slice(0, 2000) });
          window.reportError(error);
        },
      },
    );
  });
}

// What the server rendered beyond the routes' own code (Apollo's client, the parts loaded where
// they render, such as a session's account menu): the page hydrates once they are here, all at
// once. The server preloaded their files with the routes' (entry.server), so this waits for no
// extra round trip; a part still loading at hydration would leave its part of the page dead to
// clicks until then. A failed load hydrates too: the page's queries then fail as with the
// network down, a part shows its error.
const prerequisites = [
  ...(bootstrap.apollo ? [loadApolloClient()] : []),
  ...(bootstrap.parts?.length ? [loadRenderedParts(bootstrap.parts)] : []),
];
if (prerequisites.length) void Promise.all(prerequisites).then(hydrate, hydrate);
else hydrate();
