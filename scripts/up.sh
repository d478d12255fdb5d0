#!/usr/bin/env bash
# The first command: install what is missing, start infrastructure, seed demo data, start the
# eight services, the gateway and the web server, and print where everything is.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
stack=deploy/local/stack

scripts/bootstrap.sh
"$stack" infra-up
set -a; . .local/env; set +a
printf '\033[1m==> migrations and demo data\033[0m\n'
seed_output=$(.venv/bin/python scripts/seed.py)
"$stack" restart services workers   # a second `make up` runs the code just built
.venv/bin/python scripts/wait_for_search.py || true   # a fresh index catches up first
"$stack" restart edge

services=$(python3 scripts/registry.py list |
  awk '{printf "%s%s :%s", (NR == 1 ? "" : (NR % 4 == 1 ? "\n             " : "  ")), $1, $2}')
cat <<MSG

The job board is running.
  web        http://127.0.0.1:3002/
  web (US)   http://127.0.0.1:3003/  (the second demo site, spec 9's US variant: its own jobs, miles)
  gateway    http://127.0.0.1:4000/graphql
  services   $services
  mail       http://127.0.0.1:8025/  (every mail the services send; SMTP 127.0.0.1:1025)
  demo sso   http://127.0.0.1:3005/  ("Sign up with Demo SSO": any login and password)
  infra      PostgreSQL :5432  Kafka :9092  Elasticsearch :9200
  logs       .local/logs/<name>.log   (make status shows what runs)
$seed_output

Stop everything with: make down
MSG
