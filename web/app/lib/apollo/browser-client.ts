import type { ApolloClient } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { logClientError } from "~/lib/client-log";
import type { UnavailableParts } from "~/lib/unavailable-parts";
import type { ApolloBootstrap } from "./bootstrap";
import { createApolloClient, endHydration, visualEditorRequested } from "./create-apollo-client";

/**
 * The browser's Apollo Client, loaded on demand (lib/apollo/lazy-client): with the server's cache
 * of the page, its calls to the web server's same-origin proxy (which adds nothing secret).
 */
export function browserApolloClient(options: {
  bootstrap: ApolloBootstrap;
  unavailable: UnavailableParts;
  /** Made before the server's page is hydrated: reads the server's cache until endHydration. */
  hydrating: boolean;
}): ApolloClient {
  const { bootstrap, unavailable } = options;
  const client = createApolloClient({
    uri: "/graphql",
    frontendName: bootstrap.frontendName,
    locale: bootstrap.locale,
    ssrMode: false,
    initialState: bootstrap.state,
    visualEditor: visualEditorRequested(window.location.href),
    // what the server answered as GraphQL errors is the page's to show; the rest is logged
    onError: (error, operation) => {
      if (!CombinedGraphQLErrors.is(error)) logClientError("graphql", error, { operation });
    },
    onUnavailable: (services) => unavailable.add(services),
  });
  // made after hydration (a mutation, a navigation): its queries fetch as their policies say
  if (!options.hydrating) endHydration(client);
  return client;
}
