#!/usr/bin/env bash
# Export each subgraph's SDL to services/<name>/schema.graphql; --check fails on drift instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
services=(identity organizations jobs resumes billing consent search analytics)
status=0
for name in "${services[@]}"; do
  committed="$root/services/$name/schema.graphql"
  fresh=$(mktemp)
  "$root/.venv/bin/strawberry" export-schema "$name.graphql.schema:schema" --output "$fresh" >/dev/null
  if [[ "${1:-}" == "--check" ]]; then
    if ! diff -u "$committed" "$fresh"; then
      echo "schema drift: services/$name/schema.graphql differs from the code (run make schemas)" >&2
      status=1
    fi
    rm -f "$fresh"
  else
    mv "$fresh" "$committed"
  fi
done
exit $status
