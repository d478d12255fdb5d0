import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_COST,
  DEFAULT_MAX_DEPTH,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEVELOPMENT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_TRUSTED_PROXIES,
} from './gateway.js';
import { DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS } from './dataSource.js';
import { allSubgraphUrlOverridesFromEnv } from './subgraphs.js';

export interface GatewayConfig {
  port: number;
  host: string;
  supergraphPath: string;
  subgraphUrls: Record<string, string>;
  maxDepth: number;
  maxCost: number;
  /** `/graphql` requests per client per minute (0: no limit). */
  rateLimitPerMinute: number;
  /** The proxies whose X-Forwarded-For is believed (Express "trust proxy" values). */
  trustedProxies: string[];
  logLevel: string;
  /** JOBBOARD_ENV=production, as for the services: no introspection, no landing page. */
  production: boolean;
  /** Idle pooled connections to the subgraphs are closed after this long (ms, below theirs). */
  subgraphIdleTimeoutMs: number;
  /** An idle client connection is closed after this long (ms; above the clients' own). */
  keepAliveTimeoutMs: number;
}

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

/** A timeout in ms that must be set (0 would mean never). */
function timeoutMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = positiveInteger(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1 ms, got "${env[name]}"`);
  return value;
}

/** Reads and validates the gateway's settings once, at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  const production = (env.JOBBOARD_ENV ?? 'development') === 'production';
  return {
    port: positiveInteger(env, 'PORT', 4000),
    host: env.HOST || '127.0.0.1',
    supergraphPath: path.resolve(env.SUPERGRAPH_PATH || path.join(gatewayDir, 'supergraph.graphql')),
    subgraphUrls: allSubgraphUrlOverridesFromEnv(env),
    maxDepth: positiveInteger(env, 'GATEWAY_MAX_DEPTH', DEFAULT_MAX_DEPTH),
    maxCost: positiveInteger(env, 'GATEWAY_MAX_COST', DEFAULT_MAX_COST),
    // Every local test run and bench is one client (127.0.0.1): a higher default outside production.
    rateLimitPerMinute: positiveInteger(
      env,
      'GATEWAY_RATE_LIMIT_PER_MINUTE',
      production ? DEFAULT_RATE_LIMIT_PER_MINUTE : DEVELOPMENT_RATE_LIMIT_PER_MINUTE,
    ),
    // The same setting the services read (the web server and the gateway: loopback locally).
    trustedProxies: (env.JOBBOARD_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .concat(env.JOBBOARD_TRUSTED_PROXIES ? [] : DEFAULT_TRUSTED_PROXIES),
    logLevel: env.LOG_LEVEL || 'info',
    production,
    // below the services' keep-alive (uvicorn --timeout-keep-alive): ADR 0058
    subgraphIdleTimeoutMs: timeoutMs(env, 'GATEWAY_SUBGRAPH_IDLE_TIMEOUT_MS', DEFAULT_SUBGRAPH_IDLE_TIMEOUT_MS),
    keepAliveTimeoutMs: timeoutMs(env, 'GATEWAY_KEEPALIVE_TIMEOUT_MS', DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
  };
}
