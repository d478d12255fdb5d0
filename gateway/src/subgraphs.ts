/**
 * The subgraphs behind the gateway, in composition order, with their local ports
 * (docs/conventions.md). Shared by the composition script and the server.
 */
export const SUBGRAPH_PORTS = {
  identity: 8101,
  organizations: 8102,
  jobs: 8103,
  resumes: 8104,
  billing: 8105,
  consent: 8106,
  search: 8107,
  analytics: 8108,
} as const;

export type SubgraphName = keyof typeof SUBGRAPH_PORTS;

export const SUBGRAPH_NAMES = Object.keys(SUBGRAPH_PORTS) as SubgraphName[];

/** `SUBGRAPH_IDENTITY_URL` for `identity`. */
export function subgraphUrlEnvName(name: string): string {
  return `SUBGRAPH_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;
}

export function defaultSubgraphUrl(name: SubgraphName): string {
  return `http://127.0.0.1:${SUBGRAPH_PORTS[name]}/graphql`;
}

/** URL overrides taken from `SUBGRAPH_<NAME>_URL`, keyed by subgraph name. */
export function subgraphUrlOverridesFromEnv(
  env: NodeJS.ProcessEnv,
  names: readonly string[] = SUBGRAPH_NAMES,
): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const name of names) {
    const value = env[subgraphUrlEnvName(name)];
    if (value) overrides[name] = value;
  }
  return overrides;
}

/** Every `SUBGRAPH_<NAME>_URL` in the environment, keyed by lower-case subgraph name. */
export function allSubgraphUrlOverridesFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = /^SUBGRAPH_([A-Z0-9_]+)_URL$/.exec(key);
    if (match && value) overrides[match[1]!.toLowerCase()] = value;
  }
  return overrides;
}
