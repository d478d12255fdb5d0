import { readFileSync } from 'node:fs';
import { loadConfig } from './config.js';
import { createGateway } from './gateway.js';
import { createJsonLogger } from './logger.js';
import { shutdownTelemetry } from './telemetry.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createJsonLogger({ level: config.logLevel });

  let supergraphSdl: string;
  try {
    supergraphSdl = readFileSync(config.supergraphPath, 'utf8');
  } catch (error) {
    logger.log('error', 'cannot read the supergraph; run `npm run compose` first', {
      path: config.supergraphPath,
      error: (error as Error).message,
    });
    process.exitCode = 1;
    return;
  }

  const gateway = await createGateway({
    supergraphSdl,
    port: config.port,
    host: config.host,
    subgraphUrls: config.subgraphUrls,
    maxDepth: config.maxDepth,
    maxCost: config.maxCost,
    rateLimitPerMinute: config.rateLimitPerMinute,
    trustedProxies: config.trustedProxies,
    production: config.production,
    subgraphIdleTimeoutMs: config.subgraphIdleTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    logger,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log('info', 'shutting down', { signal });
    gateway
      .stop()
      .then(shutdownTelemetry)
      .then(() => logger.log('info', 'stopped'))
      .catch((error: unknown) => {
        logger.log('error', 'shutdown failed', { error: (error as Error).message });
        process.exitCode = 1;
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  createJsonLogger().log('error', 'gateway failed to start', {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exitCode = 1;
  void shutdownTelemetry().finally(() => process.exit(1));
});
