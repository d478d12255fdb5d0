#!/usr/bin/env bash
# Screenshots of /jobs (results, a category path, empty, refused, unavailable) and /organizations at
# 390 px and 1280 px, against a stand-in gateway (mock-gateway.mjs), with the Vite dev server.
# Output: docs/screenshots/out/search-*.png
# Usage: docs/screenshots/search.sh [web port] [mock gateway port]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
web="$here/../../web"
web_port="${1:-3022}"
gateway_port="${2:-4922}"
out="$here/out"
mkdir -p "$out"

node "$here/mock-gateway.mjs" "$gateway_port" >"$out/search-gateway.log" 2>&1 &
gateway_pid=$!
(
  cd "$web"
  GATEWAY_URL="http://127.0.0.1:$gateway_port/graphql" \
    AUTH_SECRET="screenshots-only-secret-not-for-real-use-000" \
    AUTH_URL="http://127.0.0.1:$web_port" \
    exec ./node_modules/.bin/react-router dev --port "$web_port" --host 127.0.0.1
) >"$out/search-dev-server.log" 2>&1 &
web_pid=$!
trap 'kill "$web_pid" "$gateway_pid" 2>/dev/null || true' EXIT

for _ in $(seq 1 60); do
  curl -s -o /dev/null "http://127.0.0.1:$web_port/" && break
  sleep 1
done
# The first request compiles the routes; warm them up before shooting.
curl -s -o /dev/null "http://127.0.0.1:$web_port/jobs" || true
curl -s -o /dev/null "http://127.0.0.1:$web_port/organizations" || true

shoot() { # name path size
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --virtual-time-budget=5000 --window-size="$3" \
    --screenshot="$out/search-$1-${3/,/x}.png" \
    "http://127.0.0.1:$web_port/$2" 2>/dev/null
}
for size in 390,844 390,3200 1280,2000; do
  shoot jobs "jobs?employmentType=11,12&industry=100&geo_location=Berlin%2C%20Berlin%2C%20DE&lat=52.52&lon=13.405&radius=25&page=2" "$size"
  shoot organizations "organizations?industry=101" "$size"
done
for size in 390,844 1280,1000; do
  shoot category "jobs/nursing?sorting=publish_date_desc" "$size"
  shoot empty "jobs?search=nothing&industry=100&lat=52.52&lon=13.405&geo_location=Berlin" "$size"
  shoot refused "jobs?search=broken" "$size"
  shoot unavailable "jobs?search=down" "$size"
  shoot organizations-empty "organizations?search=nothing" "$size"
done
# Interactive states, no-JS and a signed-in applicant (needs e2e's node_modules for Playwright).
node "$here/search-interactive.mjs" "http://127.0.0.1:$web_port" "screenshots-only-secret-not-for-real-use-000" "$out" "http://127.0.0.1:$gateway_port"
ls -1 "$out"/search-*.png
