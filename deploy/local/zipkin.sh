#!/usr/bin/env bash
# The local trace viewer: a Zipkin server (its executable jar from Maven Central), spans kept in
# memory, UI and span API on 127.0.0.1:9411. Started by `make tracing` (deploy/local/stack
# tracing on), never by `make up`: recording and sending spans costs every process CPU.
#   deploy/local/zipkin.sh install   fetch io.zipkin:zipkin-server:<ver>:exec into .local/cache (idempotent)
#   deploy/local/zipkin.sh run       exec the server in the foreground
# Env: ZIPKIN_VERSION (pin one version), ZIPKIN_HEAP_OPTS (default -Xms32m -Xmx256m),
#      ZIPKIN_MAX_SPANS (spans kept in memory, default 200000).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ZIPKIN_CANDIDATES="${ZIPKIN_VERSION:-3.6.1 3.5.1}"
INSTALL_LOG="$CACHE_DIR/zipkin-install.log"

jar_of() { echo "$CACHE_DIR/zipkin-$1/zipkin-server-$1-exec.jar"; }

installed_version() {
  local v
  for v in $ZIPKIN_CANDIDATES; do
    if [ -f "$CACHE_DIR/zipkin-$v/.complete" ]; then echo "$v"; return 0; fi
  done
  return 1
}

try_install() {
  local ver="$1" dir="$CACHE_DIR/zipkin-$1"
  rm -rf "$dir.tmp"
  mkdir -p "$dir.tmp"
  log "fetching io.zipkin:zipkin-server:$ver:exec (Maven Central)"
  if ! mvn -q -B dependency:copy -Dartifact="io.zipkin:zipkin-server:$ver:jar:exec" \
        -DoutputDirectory="$dir.tmp" >>"$INSTALL_LOG" 2>&1; then
    echo "$(date -Is) zipkin $ver: maven fetch FAILED" >>"$INSTALL_LOG"; return 1
  fi
  [ -s "$dir.tmp/zipkin-server-$ver-exec.jar" ] || { echo "$(date -Is) zipkin $ver: jar missing" >>"$INSTALL_LOG"; return 1; }
  rm -rf "$dir"
  mv "$dir.tmp" "$dir"
  touch "$dir/.complete"
  echo "$(date -Is) zipkin $ver: OK" >>"$INSTALL_LOG"
}

cmd_install() {
  local v
  if v="$(installed_version)"; then log "Zipkin $v already installed in $CACHE_DIR/zipkin-$v"; return 0; fi
  ensure_maven
  for v in $ZIPKIN_CANDIDATES; do
    if try_install "$v"; then log "Zipkin $v installed"; return 0; fi
    log "Zipkin $v failed (see $INSTALL_LOG), trying next candidate"
  done
  tail_log "$INSTALL_LOG" 30
  die "no Zipkin candidate installed: $ZIPKIN_CANDIDATES"
}

cmd_run() {
  local v jh
  v="$(installed_version)" || { cmd_install; v="$(installed_version)"; }
  jh="$(java_home)"
  log "starting Zipkin $v on 127.0.0.1:9411 (spans in memory), JDK $jh"
  # shellcheck disable=SC2086
  STORAGE_TYPE=mem MEM_MAX_SPANS="${ZIPKIN_MAX_SPANS:-200000}" QUERY_PORT=9411 \
    exec "$jh/bin/java" ${ZIPKIN_HEAP_OPTS:--Xms32m -Xmx256m} -XX:+UseSerialGC \
    -XX:TieredStopAtLevel=1 -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -jar "$(jar_of "$v")" '--armeria.ports[0].ip=127.0.0.1' '--armeria.ports[0].port=9411'
}

case "${1:-}" in
  install) cmd_install ;;
  run)     cmd_run ;;
  version) installed_version ;;
  *) echo "usage: $0 {install|run|version}" >&2; exit 2 ;;
esac
