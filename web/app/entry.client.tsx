import { ApolloProvider } from "@apollo/client/react";
import { type ReactNode, startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ApolloBootstrapProvider, readBootstrap } from "~/lib/apollo/bootstrap";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import {
  createApolloClient,
  endHydration,
  visualEditorRequested,
} from "~/lib/apollo/create-apollo-client";
import { logClientError } from "~/lib/client-log";
import { UnavailablePartsProvider } from "~/components/UnavailableNotice";
import { UnavailableParts } from "~/lib/unavailable-parts";

const { raw, bootstrap } = readBootstrap(document, "jobboard");
// what the server could not load for this page; the browser's own queries add to it
const unavailable = new UnavailableParts(bootstrap.unavailable ?? []);

// Browser calls go to the web server's same-origin proxy; it adds nothing secret.
const client = createApolloClient({
  uri: "/graphql",
  frontendName: bootstrap.frontendName,
  locale: bootstrap.locale,
  ssrMode: false,
  initialState: bootstrap.state,
  visualEditor: visualEditorRequested(window.location.href),
  // what the server answered as GraphQL errors is the page's to show; the rest is logged
  onError: (error, operation) => {
    if (!CombinedGraphQLErrors.is(error))
      logClientError("graphql", error, { operation });
  },
  onUnavailable: (services) => unavailable.add(services),
});

/**
 * Around the whole page: its effect runs after every effect inside it, once the server's page
 * is hydrated (the queries' first reads done from the server's cache): from then on queries
 * fetch as their policies say.
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => endHydration(client), []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Hydrated>
        <ApolloProvider client={client}>
          <ApolloBootstrapProvider text={() => raw}>
            <UnavailablePartsProvider parts={unavailable}>
              <HydratedRouter />
            </UnavailablePartsProvider>
          </ApolloBootstrapProvider>
        </ApolloProvider>
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
