#!/usr/bin/env bash
# Static validation of docker-compose.yml and deploy/k8s/ without a container engine (CI runs it).
#
#   deploy/compose/validate.sh [-v]        -v also prints the resolved compose project
#
# 1. services/*/Dockerfile are identical except for the service name, and each is in the compose file;
# 2. deploy/compose/check (Go, github.com/compose-spec/compose-go/v2) loads docker-compose.yml as
#    `docker compose` does (compose JSON schema, interpolation, merge keys, consistency), checks that
#    every build.dockerfile exists and that `service_healthy` dependencies have a healthcheck, then
#    checks the deploy/k8s manifests structurally and that both describe the same services.
# The checker is built once per source change into .local/cache/bin/ (needs Go and, the first time,
# the Go module proxy). Env: COMPOSE_FILE_TO_CHECK (default docker-compose.yml).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
src="$repo/deploy/compose/check"
bin_dir="$repo/.local/cache/bin"
compose_file="${COMPOSE_FILE_TO_CHECK:-docker-compose.yml}"   # relative to the repository root, or absolute
case "$compose_file" in /*) compose_path="$compose_file" ;; *) compose_path="$repo/$compose_file" ;; esac
fail=0

# --- 1. the per-service Dockerfiles -------------------------------------------------------------
ref=""
for dir in "$repo"/services/*/; do
  name="$(basename "$dir")"
  df="$dir/Dockerfile"
  if [ ! -f "$df" ]; then echo "validate: FAIL: services/$name/Dockerfile is missing" >&2; fail=1; continue; fi
  normalized="$(sed -E "s/\b$name\b/@NAME@/g" "$df")"
  if [ -z "$ref" ]; then ref="$normalized"; ref_name="$name"
  elif [ "$normalized" != "$ref" ]; then
    echo "validate: FAIL: services/$name/Dockerfile differs from services/$ref_name/Dockerfile beyond the service name:" >&2
    diff <(echo "$ref") <(echo "$normalized") >&2 || true
    fail=1
  fi
  grep -q "dockerfile: services/$name/Dockerfile" "$compose_path" ||
    { echo "validate: FAIL: $compose_file does not build services/$name/Dockerfile" >&2; fail=1; }
done
[ "$fail" = 0 ] && echo "Dockerfiles: services/*/Dockerfile identical but for the name ($(ls -d "$repo"/services/*/ | wc -l) services)"

# --- 2. the Go checker ---------------------------------------------------------------------------
command -v go >/dev/null || { echo "validate: FAIL: go is not installed (needed to build $src)" >&2; exit 1; }
hash="$( (go env GOVERSION; cat "$src/go.mod" "$src/go.sum" "$src"/*.go) | sha256sum | cut -c1-16)"
bin="$bin_dir/compose-check-$hash"
if [ ! -x "$bin" ]; then
  mkdir -p "$bin_dir"
  echo "building the checker into ${bin#"$repo"/} ..."
  start=$SECONDS
  (cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" go build -trimpath -o "$bin.tmp.$$" .)
  mv "$bin.tmp.$$" "$bin"
  find "$bin_dir" -maxdepth 1 -name 'compose-check-*' ! -name "$(basename "$bin")" -delete
  echo "built in $((SECONDS - start))s"
fi

# Values the compose file requires from the host (secrets): a placeholder is enough to validate.
export IDENTITY_JWT_PRIVATE_KEY="${IDENTITY_JWT_PRIVATE_KEY:-validate-placeholder}"
"$bin" -C "$repo" -f "$compose_file" -k deploy/k8s "$@" || fail=1

if [ "$fail" != 0 ]; then echo "validate: FAILED" >&2; exit 1; fi
echo "validate: OK"
