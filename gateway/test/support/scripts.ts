import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs `scripts/<script>` of the gateway through tsx, as `npm run` would, with extra env. */
export function runGatewayScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], {
    cwd: gatewayDir,
    encoding: 'utf8',
    env: { ...process.env, APOLLO_TELEMETRY_DISABLED: '1', ...env },
  });
}
