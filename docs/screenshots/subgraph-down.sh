#!/usr/bin/env bash
# Screenshots of pages while one subgraph is down (the unavailable notice): a gateway and the
# built web server of this script's own, with <subgraph> at a closed port and the others where
# SUBGRAPH_<NAME>_URL (or the stack's ports) say. Output: docs/screenshots/out/down-*.png
# Usage: docs/screenshots/subgraph-down.sh <subgraph> <path>... (e.g. organizations /job/program-manager)
# Needs gateway/dist and web/build (npm run build in each) and the local env (.local/env).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
down="$1"
shift
gateway_port="${GATEWAY_PORT:-4010}"
web_port="${WEB_PORT:-3010}"
dead_port="${DEAD_PORT:-4019}"
out="$here/out"
mkdir -p "$out"
name="SUBGRAPH_$(echo "$down" | tr '[:lower:]' '[:upper:]')_URL"

(cd "$root/gateway" && exec env "$name=http://127.0.0.1:$dead_port/graphql" PORT="$gateway_port" \
  node --import ./dist/telemetry.js dist/server.js) >"$out/down-gateway.log" 2>&1 &
gateway_pid=$!
(cd "$root/web" && PORT="$web_port" GATEWAY_URL="http://127.0.0.1:$gateway_port/graphql" \
  NODE_ENV=production exec node build/server-app/server/main.js) >"$out/down-web.log" 2>&1 &
web_pid=$!
trap 'kill "$web_pid" "$gateway_pid" 2>/dev/null || true' EXIT

for url in "http://127.0.0.1:$gateway_port/readyz" "http://127.0.0.1:$web_port/healthz"; do
  for _ in $(seq 1 60); do
    curl -sf -o /dev/null "$url" && break
    sleep 1
  done
done
for path in "$@"; do
  slug="$(echo "$path" | tr '/' '-' | sed 's/^-//')"
  for width in 390 1280; do
    chromium --headless --no-sandbox --hide-scrollbars --window-size="$width,1400" \
      --screenshot="$out/down-$down-${slug:-home}-$width.png" "http://127.0.0.1:$web_port$path" 2>/dev/null
  done
done
