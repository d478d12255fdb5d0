import { ApolloProvider } from "@apollo/client/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ApolloBootstrapProvider, readBootstrap } from "~/lib/apollo/bootstrap";
import { createApolloClient } from "~/lib/apollo/create-apollo-client";

const { raw, bootstrap } = readBootstrap(document, "jobboard");

// Browser calls go to the web server's same-origin proxy; it adds nothing secret.
const client = createApolloClient({
  uri: "/graphql",
  frontendName: bootstrap.frontendName,
  ssrMode: false,
  initialState: bootstrap.state,
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ApolloProvider client={client}>
        <ApolloBootstrapProvider text={() => raw}>
          <HydratedRouter />
        </ApolloBootstrapProvider>
      </ApolloProvider>
    </StrictMode>,
  );
});
