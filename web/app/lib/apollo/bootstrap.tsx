import type { NormalizedCacheObject } from "@apollo/client/cache";
import { createContext, useContext, type ReactNode } from "react";
import type { AppConfigEntry } from "~/lib/app-config";
import { jsonForScript } from "~/lib/json-script";

/**
 * Hands the server-rendered Apollo cache (and the frontend name and the page's locale) to the
 * browser through one JSON script element, so hydration reuses the data instead of refetching.
 */
export const APOLLO_BOOTSTRAP_ELEMENT_ID = "apollo-bootstrap";

export interface ApolloBootstrap {
  frontendName: string;
  /** The locale the page's path is in: the browser's requests say it too (X-Frontend). */
  locale?: string;
  state: NormalizedCacheObject;
  /** Whether the page renders with Apollo: the browser loads it before hydrating (lazy-client). */
  apollo?: boolean;
  /** The parts loaded where they render that the page rendered: loaded before hydrating too. */
  parts?: readonly string[];
  /** The site's configuration (getAppConfig): every page reads it, without Apollo. */
  appConfig?: AppConfigEntry[];
  /** The parts of the site that did not answer for this page (the unavailable notice). */
  unavailable?: readonly string[];
}

/**
 * The render's cache as the page hands it to the browser. A page that hydrates without Apollo
 * reads the site's configuration from the bootstrap's `appConfig` (entry.client provides it to
 * every component), and no browser query asks for it: the cache's copy of it (the render's
 * AppConfig, written for the server's own reads) stays out of the page, which printed the 39
 * entries twice (some 4 KB of a home page's 7.5 KB bootstrap).
 */
export function bootstrapState(state: NormalizedCacheObject, apollo: boolean): NormalizedCacheObject {
  const root = state.ROOT_QUERY;
  if (apollo || !root || !("getAppConfig" in root)) return state;
  const rest = { ...root };
  delete rest.getAppConfig;
  return { ...state, ROOT_QUERY: rest };
}

/** JSON safe to embed in HTML (see jsonForScript). */
export function serializeBootstrap(bootstrap: ApolloBootstrap): string {
  return jsonForScript(bootstrap);
}

export function readBootstrap(doc: Document, fallbackFrontendName: string) {
  const raw = doc.getElementById(APOLLO_BOOTSTRAP_ELEMENT_ID)?.textContent ?? "";
  if (!raw) return { raw, bootstrap: { frontendName: fallbackFrontendName, state: {} } };
  return { raw, bootstrap: JSON.parse(raw) as ApolloBootstrap };
}

/** Server: serialises the cache as it is at render time. Browser: repeats the server's text. */
const BootstrapTextContext = createContext<() => string>(() => "");

export function ApolloBootstrapProvider(props: { text: () => string; children: ReactNode }) {
  return (
    <BootstrapTextContext.Provider value={props.text}>{props.children}</BootstrapTextContext.Provider>
  );
}

export function ApolloBootstrapScript() {
  const text = useContext(BootstrapTextContext)();
  if (!text) return null;
  return (
    <script
      id={APOLLO_BOOTSTRAP_ELEMENT_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
