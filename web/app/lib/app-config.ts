import { createContext, createElement, type ReactNode, useContext } from "react";
import { useBrowserQuery } from "~/lib/apollo/lazy-client";
import { graphql } from "~/lib/graphql/generated/gql";

export const APP_CONFIG = graphql(`
  query AppConfig {
    getAppConfig {
      name
      key
      value
    }
  }
`);

export interface AppConfigEntry {
  name: string;
  key: string;
  value: unknown;
}

/** The site's settings, found by group and name; an empty list when none came back (spec 7). */
export class AppConfig {
  constructor(readonly entries: readonly AppConfigEntry[] = []) {}

  value(key: string, name: string): unknown {
    return this.entries.find((entry) => entry.key === key && entry.name === name)?.value;
  }

  flag(key: string, name: string, fallback = false): boolean {
    const value = this.value(key, name);
    return typeof value === "boolean" ? value : fallback;
  }

  text(key: string, name: string, fallback: string): string {
    const value = this.value(key, name);
    return typeof value === "string" && value ? value : fallback;
  }
}

const AppConfigContext = createContext<AppConfig | null>(null);

/**
 * The page's configuration: the server asks for it once per page (entry.server) and hands it to
 * the browser in the bootstrap, so no page needs Apollo for it.
 */
export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return createElement(AppConfigContext.Provider, { value: config }, children);
}

/**
 * The site's configuration: the page's (AppConfigProvider); without one (a component rendered on
 * its own, in a test), asked for through the Apollo client above it.
 */
export function useAppConfig(): { config: AppConfig; loading: boolean } {
  const provided = useContext(AppConfigContext);
  const { data, loading } = useBrowserQuery(APP_CONFIG, { variables: {}, skip: provided !== null });
  if (provided) return { config: provided, loading: false };
  return { config: new AppConfig(data?.getAppConfig ?? []), loading };
}
