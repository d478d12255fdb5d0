#!/usr/bin/env bash
# Screenshots of the applicant's resume pages at 390 px and 1280 px against a stand-in gateway
# (resume-mock-gateway.mjs), with the Vite dev server. Output: docs/screenshots/out/resume-*.png
# Usage: docs/screenshots/resume.sh [web port] [mock gateway port]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
web="$here/../../web"
web_port="${1:-3023}"
gateway_port="${2:-4923}"
secret="screenshots-only-secret-not-for-real-use-000"
out="$here/out"
mkdir -p "$out"

node "$here/resume-mock-gateway.mjs" "$gateway_port" >"$out/resume-gateway.log" 2>&1 &
gateway_pid=$!
(
  cd "$web"
  GATEWAY_URL="http://127.0.0.1:$gateway_port/graphql" \
    AUTH_SECRET="$secret" \
    AUTH_URL="http://127.0.0.1:$web_port" \
    exec ./node_modules/.bin/react-router dev --port "$web_port" --host 127.0.0.1
) >"$out/resume-dev-server.log" 2>&1 &
web_pid=$!
trap 'kill "$web_pid" "$gateway_pid" 2>/dev/null || true' EXIT

for _ in $(seq 1 60); do
  curl -s -o /dev/null "http://127.0.0.1:$web_port/" && break
  sleep 1
done
curl -s -o /dev/null "http://127.0.0.1:$web_port/resume" || true
node "$here/resume-pages.mjs" "http://127.0.0.1:$web_port" "$secret" "$out"
