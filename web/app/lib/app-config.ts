import { useQuery } from "@apollo/client/react";
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

/** The site's configuration through Apollo (cache-first: fetched once per page load and SSR). */
export function useAppConfig(): { config: AppConfig; loading: boolean } {
  const { data, loading } = useQuery(APP_CONFIG);
  return { config: new AppConfig(data?.getAppConfig ?? []), loading };
}
