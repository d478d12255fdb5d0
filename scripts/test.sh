#!/usr/bin/env bash
# The second command: every test against real PostgreSQL, Kafka and Elasticsearch.
#   unit + integration (Python), schema drift, gateway composition + tests, web tests,
#   then the whole stack running: the gateway smoke test and the browser journeys.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
stack=deploy/local/stack
started=$SECONDS
# Each step says how long the run has taken so far, so a slow step shows in the CI log.
step() { printf '\n\033[1m==> %s\033[0m  (%d s in)\n' "$*" $((SECONDS - started)); }

scripts/bootstrap.sh
"$stack" infra-up
set -a; . .local/env; set +a

# make check: lint, mypy strict, alembic check, schema drift, composition, web types and codegen
scripts/check.sh

step "gateway tests"
(cd gateway && npm test)

step "web: unit and component tests"
(cd web && npm test)

step "docker-compose and k8s manifests (static validation)"
if [ -x deploy/compose/validate.sh ]; then deploy/compose/validate.sh; fi

step "python: unit and integration tests (real PostgreSQL, Kafka, Elasticsearch)"
.venv/bin/pytest --durations=15 libs services tests/event_path tests/tooling bench/tests

step "whole stack: services, gateway and web"
.venv/bin/python scripts/seed.py >/dev/null
"$stack" restart services workers edge
.venv/bin/python scripts/wait_for_search.py   # a fresh index (a new clone) catches up first
.venv/bin/pytest --durations=15 tests/stack

step "browser journeys (Playwright on Debian Chromium)"
(cd e2e && npm test)

step "all tests passed"
