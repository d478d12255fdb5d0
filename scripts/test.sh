#!/usr/bin/env bash
# The second command: every test against real PostgreSQL, Kafka and Elasticsearch.
#   unit + integration (Python), schema drift, gateway composition + tests, web tests,
#   then the whole stack running: the gateway smoke test and the browser journeys.
#
# Two lanes share the machine. The Python suite (its own databases, topics and indices, so it
# never meets the demo stack's data) mostly waits on PostgreSQL, Kafka and Elasticsearch, so it
# runs in the background beside the static checks, the web tests and the stack tests, which mostly
# compute. Its two tests that stop the Kafka broker run first; then the demo data is seeded in a
# third lane beside the static checks and the gateway tests, and done before the web tests; the
# stack's services start in a fourth beside the web tests. The background lanes' output is
# printed when they end.
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

logs=.local/test-run
rm -rf "$logs" && mkdir -p "$logs"
# the load test's short run needs the whole stack: it runs with the stack tests below
pytest_args=(--durations=15 libs services tests/event_path tests/tooling bench/tests
  --ignore=bench/tests/test_loadtest_bench.py)

step "python: unit and integration tests, in the background (real PostgreSQL, Kafka, Elasticsearch)"
# The lane has time to spare (it ends long before the browser journeys): at a lower CPU priority
# it takes the cores the steps in front (checks, web tests, stack tests) leave idle.
(
  set -e
  # the broker outages first, while nothing else uses Kafka
  .venv/bin/pytest -m broker_outage "${pytest_args[@]}"
  touch "$logs/broker-back"
  nice -n 5 .venv/bin/pytest -m "not broker_outage" "${pytest_args[@]}"
) >"$logs/python.log" 2>&1 &
python_lane=$!

# The demo data is seeded in a third lane, beside the static checks and the gateway tests (which
# wait on nothing), and done before the web tests start: beside those it slowed their Mantine
# menus past their waits on a 2-core machine.
step "demo data: seeded in the background once the broker outage tests are done"
(
  set -e
  while [ ! -e "$logs/broker-back" ]; do
    kill -0 "$python_lane" 2>/dev/null || exit 3 # the lane ended before them: reported below
    sleep 2
  done
  .venv/bin/python scripts/seed.py
) >"$logs/seed.log" 2>&1 &
seed_lane=$!

# a failing step ends the run: the background lanes go with it
stop_lanes() {
  local lane
  for lane in "$python_lane" $seed_lane ${stack_lane:-}; do
    pkill -P "$lane" 2>/dev/null || true
    kill "$lane" 2>/dev/null || true
  done
}
trap stop_lanes EXIT

python_lane_result() {
  local rc=0
  wait "$python_lane" || rc=$?
  trap - EXIT
  step "python: unit and integration tests (the background lane's output)"
  cat "$logs/python.log"
  if ((rc != 0)); then
    printf '\npython tests failed (exit %d)\n' "$rc"
    exit "$rc"
  fi
}

# make check: lint, mypy strict, alembic check, schema drift, composition, web types and codegen
scripts/check.sh

step "gateway tests"
(cd gateway && npm test)

step "docker-compose and k8s manifests (static validation)"
if [ -x deploy/compose/validate.sh ]; then deploy/compose/validate.sh; fi

step "waiting for the demo data (seeded in the background)"
seed_rc=0
wait "$seed_lane" || seed_rc=$?
if ((seed_rc != 0)); then
  # the Python lane ended before its broker outage tests were done: report it
  [ -e "$logs/broker-back" ] || python_lane_result
  cat "$logs/seed.log"
  printf '\nseeding the demo data failed (exit %d)\n' "$seed_rc"
  exit "$seed_rc"
fi
tail -n 3 "$logs/seed.log"

# The services start (and a fresh index catches up) beside the web tests, which need none of
# them: their start is a short burst, then the indexer's catch-up waits mostly on Elasticsearch.
step "whole stack: starting services, gateway and web in the background"
(
  set -e
  "$stack" restart services workers edge
  .venv/bin/python scripts/wait_for_search.py   # a fresh index (a new clone) catches up first
) >"$logs/stack-start.log" 2>&1 &
stack_lane=$!

step "web: unit and component tests"
(cd web && npm test)

step "whole stack: services, gateway and web"
stack_rc=0
wait "$stack_lane" || stack_rc=$?
if ((stack_rc != 0)); then
  cat "$logs/stack-start.log"
  printf '\nstarting the whole stack failed (exit %d)\n' "$stack_rc"
  exit "$stack_rc"
fi
tail -n 2 "$logs/stack-start.log"
.venv/bin/pytest --durations=15 tests/stack bench/tests/test_loadtest_bench.py

step "browser journeys (Playwright on Debian Chromium)"
# two files at a time, then the journeys that change the board for everyone, alone (both run
# even when the first fails); a journey that fails is tried once more before it counts. The
# failures are summed up last, where a log read from its end shows them.
e2e_rc=0
(cd e2e && E2E_JSON_REPORT="$root/$logs/e2e-shared.json" npm test -- --retries=1 --project=chromium) || e2e_rc=$?
(cd e2e && E2E_JSON_REPORT="$root/$logs/e2e-exclusive.json" npm test -- --retries=1 --project=exclusive --no-deps) || e2e_rc=$?
if ((e2e_rc != 0)); then
  python_rc=0
  wait "$python_lane" || python_rc=$?
  step "browser journeys: what failed"
  printf 'python lane (exit %d): %s\n' "$python_rc" "$(tail -n 1 "$logs/python.log")"
  node e2e/scripts/failures.mjs "$logs/e2e-shared.json" "$logs/e2e-exclusive.json"
  exit "$e2e_rc"
fi

python_lane_result

step "all tests passed"
