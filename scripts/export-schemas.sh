#!/usr/bin/env bash
# Export each subgraph's SDL to services/<name>/schema.graphql; --check fails on drift instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mapfile -t services < <(python3 "$root/scripts/registry.py" list | cut -d' ' -f1)
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
