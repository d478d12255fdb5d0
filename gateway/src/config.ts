import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_COST, DEFAULT_MAX_DEPTH } from './gateway.js';
import { allSubgraphUrlOverridesFromEnv } from './subgraphs.js';

export interface GatewayConfig {
  port: number;
  host: string;
  supergraphPath: string;
  subgraphUrls: Record<string, string>;
  maxDepth: number;
  maxCost: number;
  logLevel: string;
  /** JOBBOARD_ENV=production, as for the services: no introspection, no landing page. */
  production: boolean;
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

/** Reads and validates the gateway's settings once, at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return {
    port: positiveInteger(env, 'PORT', 4000),
    host: env.HOST || '127.0.0.1',
    supergraphPath: path.resolve(env.SUPERGRAPH_PATH || path.join(gatewayDir, 'supergraph.graphql')),
    subgraphUrls: allSubgraphUrlOverridesFromEnv(env),
    maxDepth: positiveInteger(env, 'GATEWAY_MAX_DEPTH', DEFAULT_MAX_DEPTH),
    maxCost: positiveInteger(env, 'GATEWAY_MAX_COST', DEFAULT_MAX_COST),
    logLevel: env.LOG_LEVEL || 'info',
    production: (env.JOBBOARD_ENV ?? 'development') === 'production',
  };
}
