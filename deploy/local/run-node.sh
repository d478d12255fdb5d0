#!/usr/bin/env bash
# Run one Node app in the foreground (supervisord programs `edge:gateway`, `edge:web`).
#   deploy/local/run-node.sh <dir>      e.g. gateway, web
# Sources <repo>/.local/env if present, then execs the `start` script of <repo>/<dir>/package.json
# in <repo>/<dir> as this process: node itself, as in the app's container image, not under
# `npm run start`, whose npm process stayed resident beside it (about 55 MiB, ADR 0059).
set -euo pipefail
dir="${1:?usage: run-node.sh <dir>}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# glibc: two malloc arenas, not eight a core, as in the images (ADR 0059)
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
if [ -f "$repo/.local/env" ]; then set -a; . "$repo/.local/env"; set +a; fi
# spans to the local trace viewer while `deploy/local/stack tracing on` is in effect
if [ -f "$repo/.local/run/tracing.env" ]; then set -a; . "$repo/.local/run/tracing.env"; set +a; fi
cd "$repo/$dir"
# the script is plain words ([NAME=value ...] node <arguments>): env runs it without a shell
start="$(node -p 'require("./package.json").scripts.start')"
case "$start" in
  *[\'\"\$\`\;\&\|\<\>\(\)]*) echo "run-node.sh: $dir's start script is not plain words: $start" >&2; exit 2 ;;
esac
set -f  # no file name expansion of its words
# shellcheck disable=SC2086 # split into words on purpose
exec env $start
