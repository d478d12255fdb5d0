#!/usr/bin/env bash
# Static validation of docker-compose.yml and deploy/k8s/ without a container engine or a cluster
# (CI runs it).
#
#   deploy/compose/validate.sh [-v]        -v also prints the resolved compose project
#
# 1. services/Dockerfile (one for every Python service, SERVICE build argument) is built for each
#    service of deploy/services.json in the compose file, and each has its k8s manifest;
# 2. deploy/compose/check (Go) loads docker-compose.yml as `docker compose` does (compose-go:
#    compose JSON schema, interpolation, merge keys, consistency), checks that every
#    build.dockerfile exists and that `service_healthy` dependencies have a healthcheck; then builds
#    every overlay of deploy/k8s/overlays as `kustomize build` does (kustomize's own library) and
#    validates every object against the Kubernetes and operator schemas vendored in
#    deploy/k8s/schemas (strict: an unknown field fails), checks what schemas cannot (probes on
#    declared ports, security contexts, secrets only referenced, network policies against what each
#    workload calls, production's two instances and 512Mi), and that compose and k8s describe the
#    same services (ADR 0044);
# 3. its tests: deliberate mistakes in the production overlay (a typo'd field, a wrong type, a
#    probe on no port, a policy that blocks the gateway, ...) each make it fail.
# The checker is built once per source change into .local/cache/bin/ (needs Go and, the first time,
# the Go module proxy); `go test` results are cached by Go until the sources or manifests change.
# Env: COMPOSE_FILE_TO_CHECK (default docker-compose.yml).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
src="$repo/deploy/compose/check"
bin_dir="$repo/.local/cache/bin"
compose_file="${COMPOSE_FILE_TO_CHECK:-docker-compose.yml}"   # relative to the repository root, or absolute
case "$compose_file" in /*) compose_path="$compose_file" ;; *) compose_path="$repo/$compose_file" ;; esac
fail=0

# --- 1. one Dockerfile for every Python service, built for each registered service ------------
df="$repo/services/Dockerfile"
[ -f "$df" ] || { echo "validate: FAIL: services/Dockerfile is missing" >&2; fail=1; }
grep -q '^ARG SERVICE' "$df" || { echo "validate: FAIL: services/Dockerfile takes no SERVICE build argument" >&2; fail=1; }
count=0
while read -r name _port; do
  count=$((count + 1))
  [ -d "$repo/services/$name" ] || { echo "validate: FAIL: deploy/services.json names $name but services/$name is missing" >&2; fail=1; }
  grep -q "args: {SERVICE: $name}" "$compose_path" ||
    { echo "validate: FAIL: $compose_file does not build services/Dockerfile for $name" >&2; fail=1; }
  [ -f "$repo/deploy/k8s/base/services/$name.yaml" ] || { echo "validate: FAIL: deploy/k8s/base/services/$name.yaml is missing" >&2; fail=1; }
done < <(python3 "$repo/scripts/registry.py" list --root "$repo")
[ "$fail" = 0 ] && echo "Dockerfile: services/Dockerfile builds each of the $count registered services"

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

# Values the compose file requires from the host (the registry's secrets): a placeholder is
# enough to validate.
while read -r secret; do
  export "$secret=${!secret:-validate-placeholder}"
done < <(python3 "$repo/scripts/registry.py" secrets --root "$repo")
"$bin" -C "$repo" -f "$compose_file" -k deploy/k8s "$@" || fail=1

# --- 3. the checker's own tests: deliberate mistakes must fail it --------------------------------
if (cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" go test ./... >"$bin_dir/compose-check-test.log" 2>&1); then
  echo "check tests: every deliberate mistake fails the check ($(grep -c '^	{"' "$src/k8s_test.go") cases)"
else
  cat "$bin_dir/compose-check-test.log" >&2
  echo "validate: FAIL: the checker's tests (deploy/compose/check/k8s_test.go)" >&2
  fail=1
fi

if [ "$fail" != 0 ]; then echo "validate: FAILED" >&2; exit 1; fi
echo "validate: OK"
