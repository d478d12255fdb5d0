#!/usr/bin/env bash
# PostgreSQL for the local stack: deploy/local/postgres.sh {start|stop|status}
#
# start : reuse a server already answering on 127.0.0.1:5432; otherwise install
#         Debian's `postgresql` if missing and start (or create) a cluster on 5432.
#         Then ensure role `jobboard` (LOGIN CREATEDB, password $JOBBOARD_PG_PASSWORD,
#         default `jobboard`, scram) and one database per service, owned by it; on a
#         cluster it started, max_connections 200 and max_wal_size 4 GB.
# stop  : stops the cluster only when this script started it (marker in .local/run).
# status: prints whether it answers, and whether we own it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_HOST=127.0.0.1
PG_PORT=5432
PG_ROLE=jobboard
PG_PASSWORD="${JOBBOARD_PG_PASSWORD:-jobboard}"
PG_DATABASES="$(registry_services | cut -d' ' -f1 | tr '\n' ' ')"   # one per service
PG_MAX_CONNECTIONS=200
PG_MAX_WAL_MB=4096
MARKER="$RUN_DIR/postgres.started"   # content: "<version> <cluster>" of the cluster we started

answering() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2 2>/dev/null || { ! command -v pg_isready >/dev/null && port_open "$PG_PORT"; }; }

as_postgres() { (cd / && runuser -u postgres -- "$@"); }

# psql_admin ARGS... : psql as the postgres superuser over the local socket of port 5432.
psql_admin() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$PG_PORT" -d postgres "$@"; }

# The Debian cluster listening on 5432, as "<version> <name>", if any.
find_cluster() {
  pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print $1, $2; exit }'
}

start_cluster() {
  need_root
  apt_install postgresql
  local cl ver name
  cl="$(find_cluster)"
  if [ -z "$cl" ]; then
    ver="$(ls /usr/lib/postgresql | sort -n | tail -n1)"
    [ -n "$ver" ] || die "postgresql installed but no server version under /usr/lib/postgresql"
    if pg_lsclusters -h | awk '{print $1, $2}' | grep -qx "$ver main"; then
      name=jobboard    # a `main` exists on another port: do not touch it
    else
      name=main
    fi
    log "creating cluster $ver/$name on port $PG_PORT"
    pg_createcluster "$ver" "$name" --port "$PG_PORT" >&2
    cl="$ver $name"
  fi
  read -r ver name <<<"$cl"
  log "starting cluster $ver/$name"
  pg_ctlcluster "$ver" "$name" start || true
  echo "$ver $name" >"$MARKER"
  local i
  for i in $(seq 1 30); do answering && return 0; sleep 1; done
  tail_log "/var/log/postgresql/postgresql-$ver-$name.log" 30
  die "cluster $ver/$name did not answer on $PG_HOST:$PG_PORT"
}

provision() {
  if ! psql_admin -c 'select 1' >/dev/null 2>&1; then
    # A server we did not start and cannot administer as the postgres OS user.
    if tcp_login identity; then
      log "server on $PG_PORT is not administrable via the postgres OS user; role $PG_ROLE already logs in, assuming it is provisioned"
      return 0
    fi
    die "a server answers on $PG_PORT but neither 'runuser -u postgres -- psql' nor $PG_ROLE@$PG_HOST works; provision it by hand"
  fi
  psql_admin -v role="$PG_ROLE" -v pw="$PG_PASSWORD" <<'SQL'
SET password_encryption = 'scram-sha-256';
SELECT format('CREATE ROLE %I', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN CREATEDB PASSWORD %L', :'role', :'pw') \gexec
SQL
  local db
  for db in $PG_DATABASES; do
    psql_admin -v role="$PG_ROLE" -v db="$db" <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'db', :'role') \gexec
SQL
  done
  # The stack's services (about 50 connections at rest), a test's scratch services (a fault
  # scenario starts five, each with its pools) and the browser journeys' load, at once: more
  # than Debian's default of 100. Raised on a cluster we started (a restart applies it).
  if [ -f "$MARKER" ] && [ "$(psql_admin -At -c 'show max_connections')" -lt "$PG_MAX_CONNECTIONS" ]; then
    local ver name
    read -r ver name <"$MARKER"
    psql_admin -c "ALTER SYSTEM SET max_connections = $PG_MAX_CONNECTIONS" >/dev/null
    log "max_connections $PG_MAX_CONNECTIONS: restarting cluster $ver/$name"
    pg_ctlcluster "$ver" "$name" restart
    local i
    for i in $(seq 1 30); do answering && break; sleep 1; done
  fi
  # A bulk load (make bench-ingest: 100,000 jobs) writes WAL fast enough that Debian's 1 GB
  # started a checkpoint every 13-20 s ("checkpoints are occurring too frequently" in the
  # server's log), each followed by full-page writes of every page touched again. PostgreSQL's
  # advice for bulk loads is a larger max_wal_size; it is reloaded, not restarted.
  if [ -f "$MARKER" ] && [ "$(psql_admin -At -c "select setting::int from pg_settings where name = 'max_wal_size'")" -lt "$PG_MAX_WAL_MB" ]; then
    psql_admin -c "ALTER SYSTEM SET max_wal_size = '${PG_MAX_WAL_MB}MB'" -c 'select pg_reload_conf()' >/dev/null
    log "max_wal_size ${PG_MAX_WAL_MB} MB"
  fi
  if ! tcp_login identity; then
    # Debian's default pg_hba has `host all all 127.0.0.1/32 scram-sha-256`; add it if someone removed it.
    local hba
    hba="$(psql_admin -At -c 'show hba_file')"
    log "password login over TCP failed; adding a scram rule for $PG_ROLE to $hba"
    sed -i "1i host all $PG_ROLE 127.0.0.1/32 scram-sha-256" "$hba"
    psql_admin -c 'select pg_reload_conf()' >/dev/null
    sleep 1
    tcp_login identity || die "$PG_ROLE cannot log in over TCP with a password; check $hba and listen_addresses"
  fi
}

tcp_login() {
  PGPASSWORD="$PG_PASSWORD" PGCONNECT_TIMEOUT=3 psql -X -q -At \
    "host=$PG_HOST port=$PG_PORT user=$PG_ROLE dbname=$1 sslmode=disable" -c 'select 1' >/dev/null 2>&1
}

cmd_start() {
  if answering; then
    if [ -f "$MARKER" ]; then log "PostgreSQL already running (started by us: $(cat "$MARKER"))"
    else log "PostgreSQL already answering on $PG_HOST:$PG_PORT, reusing it"; fi
  else
    start_cluster
  fi
  command -v psql >/dev/null 2>&1 || apt_install postgresql-client
  provision
  log "PostgreSQL ready: postgresql://$PG_ROLE:***@$PG_HOST:$PG_PORT/{$(echo "$PG_DATABASES" | tr ' ' ',')}"
}

cmd_stop() {
  if [ -f "$MARKER" ]; then
    local ver name
    read -r ver name <"$MARKER"
    log "stopping cluster $ver/$name (started by us)"
    pg_ctlcluster "$ver" "$name" stop || true
    rm -f "$MARKER"
  elif answering; then
    log "PostgreSQL on $PG_PORT was not started by us; leaving it running"
  else
    log "PostgreSQL is not running"
  fi
}

cmd_status() {
  local owner="external"
  [ -f "$MARKER" ] && owner="ours:$(tr ' ' '/' <"$MARKER")"
  if answering; then
    if tcp_login identity; then echo "postgres RUNNING $PG_HOST:$PG_PORT ($owner, $PG_ROLE login ok)"
    else echo "postgres RUNNING $PG_HOST:$PG_PORT ($owner, $PG_ROLE login FAILED)"; return 1; fi
  else
    echo "postgres STOPPED $PG_HOST:$PG_PORT"; return 3
  fi
}

case "${1:-}" in
  start)  cmd_start ;;
  stop)   cmd_stop ;;
  status) cmd_status ;;
  *) echo "usage: $0 {start|stop|status}" >&2; exit 2 ;;
esac
