# shellcheck shell=bash
# Shared helpers for deploy/local/*.sh. Source it; do not execute it.
#
# Layout (docs/conventions.md): state lives in <repo>/.local/
#   cache/  downloads (Kafka jars, Elasticsearch zip + unpacked tree)
#   data/   data/<name>/
#   logs/   <name>.log (supervisord program output), elasticsearch/ (ES own logs)
#   run/    pids, sockets, markers, generated runtime config

set -euo pipefail

LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$LOCAL_DIR/../.." && pwd)"
STATE_DIR="${JOBBOARD_STATE_DIR:-$REPO_ROOT/.local}"
CACHE_DIR="$STATE_DIR/cache"
DATA_DIR="$STATE_DIR/data"
LOGS_DIR="$STATE_DIR/logs"
RUN_DIR="$STATE_DIR/run"

# Versions: first one that installs and starts wins; override with env.
# Kafka: 3.9.1 preferred (brief); 3.9.2 / 3.9.0 are the fallbacks.
KAFKA_CANDIDATES="${KAFKA_VERSION:-3.9.1 3.9.2 3.9.0}"
# Elasticsearch: newest 8.19.x on Maven Central when written (8.19.21), then older 8.x.
ES_CANDIDATES="${ES_VERSION:-8.19.21 8.19.8 8.18.8 8.17.10}"
ES_USER="${ES_USER:-elasticsearch-local}"

mkdir -p "$CACHE_DIR" "$DATA_DIR" "$LOGS_DIR" "$RUN_DIR"

log()  { printf '[%s] %s\n' "$(basename "$0")" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

need_root() { [ "$(id -u)" -eq 0 ] || die "must run as root (installs packages, runs services as their own users)"; }

_APT_UPDATED=0
# apt_install PKG... : install Debian packages that are not installed yet.
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  need_root
  if [ "$_APT_UPDATED" -eq 0 ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    _APT_UPDATED=1
  fi
  log "apt-get install -y ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# port_open PORT [HOST] : true when something accepts TCP connections there.
port_open() {
  local port="$1" host="${2:-127.0.0.1}"
  timeout 2 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null
}

# java_home : prints a JDK >= 17 home, installing openjdk-17 if no java is found.
java_home() {
  local jh=""
  if [ -n "${JOBBOARD_JAVA_HOME:-}" ] && [ -x "$JOBBOARD_JAVA_HOME/bin/java" ]; then
    jh="$JOBBOARD_JAVA_HOME"
  elif [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    jh="$JAVA_HOME"
  elif command -v java >/dev/null 2>&1; then
    jh="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
  fi
  if [ -z "$jh" ] || ! _java_at_least_17 "$jh/bin/java"; then
    if [ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ]; then
      jh=/usr/lib/jvm/java-17-openjdk-amd64
    else
      apt_install openjdk-17-jdk-headless
      jh="$(dirname "$(dirname "$(readlink -f /usr/lib/jvm/java-17-openjdk-*/bin/java | head -n1)")")"
    fi
  fi
  _java_at_least_17 "$jh/bin/java" || die "no JDK >= 17 found (looked at $jh)"
  printf '%s\n' "$jh"
}

_java_at_least_17() {
  local v
  v="$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  [ -n "$v" ] && [ "${v%%.*}" -ge 17 ] 2>/dev/null
}

ensure_maven() {
  command -v mvn >/dev/null 2>&1 || apt_install maven
}

# tail_log FILE [N] : print the last N lines of a log, framed, to stderr.
tail_log() {
  local f="$1" n="${2:-40}"
  if [ -f "$f" ]; then
    printf -- '----- last %s lines of %s -----\n' "$n" "$f" >&2
    tail -n "$n" "$f" >&2
    printf -- '----- end of %s -----\n' "$f" >&2
  else
    printf -- '(no log at %s)\n' "$f" >&2
  fi
}

# The Python services and their ports, from the one registry (deploy/services.json):
# prints "name port" per line.
registry_services() { python3 "$REPO_ROOT/scripts/registry.py" list; }
