import type { ApolloClient, OperationVariables } from "@apollo/client";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import * as React from "react";
import {
  type ComponentType,
  type Context,
  createContext,
  type ReactNode,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * Apollo Client (with rxjs and graphql, some 46 KiB brotli) off the first load of the pages that
 * hydrate without it (ADR 0050): the browser loads it when a page needs it to render (a route
 * without `handle.hydratesWithoutApollo`, a signed-in visitor, an error page), when a mutation
 * runs, or when a query a component makes only in the browser starts. Nothing here imports
 * Apollo's code: only its types.
 */

interface ApolloContextValue {
  client?: ApolloClient;
}

/**
 * Apollo's own React context, found the way `@apollo/client/react` finds it (one context, kept on
 * `React.createContext` under a global symbol): a client provided here is the one its hooks use.
 */
function apolloContext(): Context<ApolloContextValue> {
  const key = Symbol.for("__APOLLO_CONTEXT__");
  const holder = React.createContext as unknown as Record<symbol, Context<ApolloContextValue> | undefined>;
  let context = holder[key];
  if (!context) {
    context = React.createContext<ApolloContextValue>({});
    Object.defineProperty(React.createContext, key, {
      value: context,
      enumerable: false,
      writable: false,
      configurable: true,
    });
    context.displayName = "ApolloContext";
  }
  return context;
}

/** The module that makes the browser's client (its chunk, `graphql-client`, with Apollo's code). */
export const APOLLO_CLIENT_MODULE = "app/lib/apollo/browser-client.ts";

/**
 * Server: the modules a page renders with that its routes do not import (the browser's Apollo
 * client, a part loaded where it renders), named by their path in `web/`. entry.server preloads
 * their files in the page's head and tells the browser, which loads them before hydrating: the
 * page hydrates at once, as with its routes' own imports, and no click on a part is lost to a
 * boundary still waiting for its code. Absent in the browser.
 */
export interface RenderedModules {
  add(module: string): void;
}

const RenderedModulesContext = createContext<RenderedModules | null>(null);

export function RenderedModulesProvider({ modules, children }: { modules: RenderedModules; children: ReactNode }) {
  return <RenderedModulesContext.Provider value={modules}>{children}</RenderedModulesContext.Provider>;
}

let loader: (() => Promise<ApolloClient>) | undefined;
let loading: Promise<ApolloClient> | undefined;
let loaded: ApolloClient | undefined;

/** The browser's entry says how its client is made (a dynamic import); the server never asks. */
export function setApolloClientLoader(load: () => Promise<ApolloClient>): void {
  loader = load;
}

/** The browser's client: made on the first call, the same one afterwards. */
export function loadApolloClient(): Promise<ApolloClient> {
  if (!loader) return Promise.reject(new Error("Apollo Client is not available here"));
  loading ??= loader().then(
    (client) => (loaded = client),
    (error: unknown) => {
      loading = undefined; // a failed download is tried again next time
      throw error;
    },
  );
  return loading;
}

/** What a route module may say in its `handle`. */
export interface ApolloHandle {
  /** The route renders (and hydrates) from its loader's data alone: no Apollo hook at render. */
  hydratesWithoutApollo?: boolean;
}

/**
 * Whether a page needs Apollo to render: the server tells the browser (the bootstrap's `apollo`),
 * the browser asks again on every navigation (LazyApolloProvider). A signed-in visitor's shell
 * queries the account (AccountNavItem) and may ask for re-consent; an error page shows popular
 * categories.
 */
export function apolloNeeded(page: { handles: readonly unknown[]; signedIn: boolean; failed: boolean }): boolean {
  if (page.signedIn || page.failed) return true;
  const leaf = page.handles.at(-1) as ApolloHandle | undefined;
  return !leaf?.hydratesWithoutApollo;
}

/**
 * Provides the browser's client to Apollo's hooks below it. A page that needs it waits for it
 * (suspends; a navigation keeps the previous page shown meanwhile); the entry loads it before
 * hydrating a page that does. On the server the request's ApolloProvider (entry.server) is above.
 */
export function LazyApolloProvider({ needed, children }: { needed: boolean; children: ReactNode }) {
  const rendered = useContext(RenderedModulesContext);
  if (needed) rendered?.add(APOLLO_CLIENT_MODULE);
  const context = apolloContext();
  const parent = useContext(context);
  const client = parent.client ?? loaded ?? (needed && loader ? use(loadApolloClient()) : undefined);
  const value = useMemo(() => (client ? { ...parent, client } : parent), [parent, client]);
  return <context.Provider value={value}>{children}</context.Provider>;
}

/** The client Apollo's hooks would use here (tests' MockedProvider, the server's), or the browser's, loaded. */
function useClient(): () => Promise<ApolloClient> {
  const provided = useContext(apolloContext()).client;
  return useCallback(() => (provided ? Promise.resolve(provided) : loadApolloClient()), [provided]);
}

export interface MutationState<TData> {
  loading: boolean;
  called: boolean;
  data?: TData | null;
  error?: unknown;
}

/**
 * `useMutation`'s shape for a control on a page that hydrates without Apollo: the client loads
 * when the mutation first runs. The promise rejects as Apollo's does (a network or GraphQL error
 * with the default error policy); the state says loading while it runs.
 */
export function useLazyMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
): [
  (options: { variables: TVariables }) => Promise<{ data?: TData | null }>,
  MutationState<TData>,
] {
  const client = useClient();
  const [state, setState] = useState<MutationState<TData>>({ loading: false, called: false });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const mutate = useCallback(
    async ({ variables }: { variables: TVariables }) => {
      setState({ loading: true, called: true });
      try {
        const result = await (await client()).mutate<TData, TVariables>({ mutation, variables } as never);
        if (live.current) setState({ loading: false, called: true, data: result.data });
        return { data: result.data };
      } catch (error: unknown) {
        if (live.current) setState({ loading: false, called: true, error });
        throw error;
      }
    },
    [client, mutation],
  );
  return [mutate, state];
}

/**
 * A query that only the browser makes, after something the visitor did (typing in a field):
 * `useQuery`'s `data` and `loading` for it, cache-first, without Apollo on the first load. While
 * `skip`, nothing loads.
 */
export function useBrowserQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options: { variables: TVariables; skip: boolean },
): { data?: TData; loading: boolean } {
  const client = useClient();
  const [answer, setAnswer] = useState<{ key: string; data?: TData }>({ key: "" });
  const key = options.skip ? "" : JSON.stringify(options.variables);
  useEffect(() => {
    if (!key) return;
    let current = true;
    void client()
      .then((apollo) => apollo.query<TData, TVariables>({ query, variables: JSON.parse(key) as TVariables } as never))
      .then(
        (result) => current && setAnswer({ key, data: result.data as TData | undefined }),
        () => current && setAnswer({ key }),
      );
    return () => {
      current = false;
    };
  }, [client, query, key]);
  if (!key) return { loading: false };
  return answer.key === key ? { data: answer.data, loading: false } : { loading: true };
}

/** The parts made by loadedWhenRendered, by module: the browser's entry loads those the server rendered. */
const parts = new Map<string, () => Promise<unknown>>();

/**
 * A component whose code (and Apollo's, when it queries) loads only where it renders, in the
 * browser; wrap it in a Suspense boundary. `module` is its file's path in `web/` (as the build's
 * manifest names it; a unit test compares it with the import). The server has it ready at its
 * first render (it starts loading when the module is evaluated), so its HTML is complete, and
 * says it rendered it (RenderedModules): the browser loads its code before hydrating the page
 * (loadRenderedParts). Rendered first in the browser, it suspends until its code is there.
 */
export function loadedWhenRendered<P extends object>(
  module: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () => (pending ??= load().then((loadedComponent) => (component = loadedComponent)));
  parts.set(module, start);
  if (import.meta.env.SSR) void start().catch(() => undefined);
  function Part(props: P) {
    useContext(RenderedModulesContext)?.add(module);
    const Component = component ?? use(start());
    // one component per part, the same on every render once loaded
    // eslint-disable-next-line react-hooks/static-components
    return <Component {...props} />;
  }
  return Part;
}

/**
 * Browser: the code of the parts the server rendered (the bootstrap's `parts`), loaded before the
 * page hydrates. A part that fails to load is left to its Suspense boundary, as before.
 */
export function loadRenderedParts(modules: readonly string[]): Promise<void> {
  return Promise.all(modules.map((module) => parts.get(module)?.().catch(() => undefined))).then(() => undefined);
}
