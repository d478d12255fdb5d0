#!/usr/bin/env bash
# Screenshots of /job/{slug} and the organization page's open positions at 390 px and 1280 px, against a stand-in gateway
# (mock-gateway.mjs), with the Vite dev server. Output: docs/screenshots/out/*.png
# Usage: docs/screenshots/job-page.sh [web port] [mock gateway port]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
web="$here/../../web"
web_port="${1:-3012}"
gateway_port="${2:-4999}"
out="$here/out"
mkdir -p "$out"

node "$here/mock-gateway.mjs" "$gateway_port" &
gateway_pid=$!
(
  cd "$web"
  GATEWAY_URL="http://127.0.0.1:$gateway_port/graphql" \
    AUTH_SECRET="screenshots-only-secret-not-for-real-use-000" \
    AUTH_URL="http://127.0.0.1:$web_port" \
    exec ./node_modules/.bin/react-router dev --port "$web_port" --host 127.0.0.1
) >"$out/dev-server.log" 2>&1 &
web_pid=$!
trap 'kill "$web_pid" "$gateway_pid" 2>/dev/null || true' EXIT

for _ in $(seq 1 60); do
  curl -s -o /dev/null "http://127.0.0.1:$web_port/" && break
  sleep 1
done
# The first request compiles the route; warm it up before shooting.
curl -s -o /dev/null "http://127.0.0.1:$web_port/job/gardener-berlin" || true

for path in job/gardener-berlin job/gardener-draft job/gardener-expired organization/acme; do
  for size in 390,844 390,3000 1280,1800; do
    name="${path//\//-}-${size/,/x}"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
      --virtual-time-budget=5000 --window-size="$size" \
      --screenshot="$out/$name.png" \
      "http://127.0.0.1:$web_port/$path" 2>/dev/null
  done
done
# Signed-in pages (a forged session cookie; needs e2e's node_modules for Playwright).
node "$here/jobs-dashboard.mjs" "http://127.0.0.1:$web_port" "screenshots-only-secret-not-for-real-use-000" "$out"
ls -1 "$out"/*.png
