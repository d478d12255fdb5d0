/**
 * Which subgraphs answer right now, for the gateway's /readyz: the gateway itself stays ready
 * while one is down (it answers the others' data with an error for the missing part), so a
 * dead subgraph is reported, not gating.
 */

export type SubgraphState = 'up' | 'down';

export interface SubgraphHealthOptions {
  /** A probe slower than this counts as down. */
  timeoutMs?: number;
  /** Probes are reused this long, so a busy /readyz does not hammer the subgraphs. */
  cacheMs?: number;
}

export interface SubgraphHealth {
  /** Routing URL per subgraph name, as the gateway calls it (filled when the plan is built). */
  readonly urls: Map<string, string>;
  states(): Promise<Record<string, SubgraphState>>;
}

/** The smallest operation every GraphQL server answers: proves the subgraph serves GraphQL. */
const PROBE = JSON.stringify({ query: '{ __typename }' });

async function probe(url: string, timeoutMs: number): Promise<SubgraphState> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: PROBE,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return 'down';
    const body = (await response.json()) as { data?: { __typename?: unknown } };
    return body.data?.__typename === 'Query' ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

export function subgraphHealth(options: SubgraphHealthOptions = {}): SubgraphHealth {
  const timeoutMs = options.timeoutMs ?? 1000;
  const cacheMs = options.cacheMs ?? 2000;
  const urls = new Map<string, string>();
  let cached: { at: number; states: Promise<Record<string, SubgraphState>> } | undefined;
  return {
    urls,
    states() {
      const now = Date.now();
      if (!cached || now - cached.at > cacheMs) {
        const entries = [...urls.entries()].sort(([a], [b]) => a.localeCompare(b));
        cached = {
          at: now,
          states: Promise.all(
            entries.map(async ([name, url]) => [name, await probe(url, timeoutMs)] as const),
          ).then(Object.fromEntries),
        };
      }
      return cached.states;
    },
  };
}
