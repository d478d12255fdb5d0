#!/usr/bin/env bash
# Screenshots of the home page at 390 px and 1280 px in the light and dark colour schemes, against
# a stand-in gateway (mock-gateway.mjs: three featured jobs, four featured organizations), with
# the Vite dev server. Output: docs/screenshots/pages/home-{light,dark}-{390,1280}.png
# Usage: docs/screenshots/home.sh [web port] [mock gateway port]  (needs e2e's node_modules)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
web="$here/../../web"
web_port="${1:-3023}"
gateway_port="${2:-4923}"
out="$here/pages"
logs="$here/out"
mkdir -p "$out" "$logs"

node "$here/mock-gateway.mjs" "$gateway_port" >"$logs/home-gateway.log" 2>&1 &
gateway_pid=$!
(
  cd "$web"
  GATEWAY_URL="http://127.0.0.1:$gateway_port/graphql" \
    AUTH_SECRET="screenshots-only-secret-not-for-real-use-000" \
    AUTH_URL="http://127.0.0.1:$web_port" \
    exec ./node_modules/.bin/react-router dev --port "$web_port" --host 127.0.0.1
) >"$logs/home-dev-server.log" 2>&1 &
web_pid=$!
trap 'kill "$web_pid" "$gateway_pid" 2>/dev/null || true' EXIT

for _ in $(seq 1 90); do
  curl -s -o /dev/null "http://127.0.0.1:$web_port/" && break
  sleep 1
done
curl -s -o /dev/null "http://127.0.0.1:$web_port/" || true
node "$here/home.mjs" "http://127.0.0.1:$web_port" "$out"
