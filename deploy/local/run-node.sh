#!/usr/bin/env bash
# Run one Node app in the foreground (supervisord programs `edge:gateway`, `edge:web`).
#   deploy/local/run-node.sh <dir>      e.g. gateway, web
# Sources <repo>/.local/env if present, then execs `npm run start --silent` in <repo>/<dir>.
set -euo pipefail
dir="${1:?usage: run-node.sh <dir>}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ -f "$repo/.local/env" ]; then set -a; . "$repo/.local/env"; set +a; fi
# spans to the local trace viewer while `deploy/local/stack tracing on` is in effect
if [ -f "$repo/.local/run/tracing.env" ]; then set -a; . "$repo/.local/run/tracing.env"; set +a; fi
cd "$repo/$dir"
exec npm run start --silent
