#!/usr/bin/env bash
# Run one Python service in the foreground (supervisord program `services:<name>`), or one of
# its worker processes (`workers:<name>`) from another app factory of the same code:
#   deploy/local/run-service.sh <name> <port> [<module>:<factory>]
# Sources <repo>/.local/env if present (KEY=VALUE lines, exported), then execs
# <repo>/.venv/bin/python -m jobkit.serve <name>.main:create_app --factory --host 127.0.0.1
# --port <port> from services/<name> (uvicorn's command line, its server loop ticking once a
# second: ADR 0054).
set -euo pipefail
name="${1:?usage: run-service.sh <name> <port>}"
port="${2:?usage: run-service.sh <name> <port>}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# glibc: two malloc arenas, not eight a core, as in the images (ADR 0059)
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
if [ -f "$repo/.local/env" ]; then set -a; . "$repo/.local/env"; set +a; fi
# spans to the local trace viewer while `deploy/local/stack tracing on` is in effect
if [ -f "$repo/.local/run/tracing.env" ]; then set -a; . "$repo/.local/run/tracing.env"; set +a; fi
cd "$repo/services/$name"
# Keep idle connections open far longer than the gateway's pool keeps them (its
# GATEWAY_SUBGRAPH_IDLE_TIMEOUT_MS, 4 s; uvicorn's own default is 5 s, and uvicorn announces no
# Keep-Alive timeout): a request sent on a connection the server is closing at that moment gets
# "socket hang up" (ADR 0058). UVICORN_TIMEOUT_KEEP_ALIVE sets it (seconds), as in the Dockerfile.
# --no-proxy-headers: X-Forwarded-For is read by jobkit alone, through the deployment's trusted
# proxies (JOBBOARD_TRUSTED_PROXIES, ADR 0024), not rewritten into the peer address beforehand.
app="${3:-$name.main:create_app}"
exec "$repo/.venv/bin/python" -m jobkit.serve "$app" --factory --host 127.0.0.1 --port "$port" \
  --timeout-keep-alive "${UVICORN_TIMEOUT_KEEP_ALIVE:-75}" --no-proxy-headers
