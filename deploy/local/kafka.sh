#!/usr/bin/env bash
# Kafka (KRaft, single node) from Maven Central jars, no Docker.
#   deploy/local/kafka.sh install   fetch broker jars into .local/cache/kafka-<ver>/libs (idempotent)
#   deploy/local/kafka.sh run       format storage once, then exec the broker in the foreground
#   deploy/local/kafka.sh version   print the installed version
# Env: KAFKA_VERSION (pin one version), KAFKA_HEAP_OPTS (default -Xms256m -Xmx512m).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_DATA="$DATA_DIR/kafka"
KAFKA_RUN="$RUN_DIR/kafka"
VERSION_FILE="$CACHE_DIR/kafka.version"
INSTALL_LOG="$CACHE_DIR/kafka-install.log"

installed_version() {
  local v
  [ -f "$VERSION_FILE" ] || return 1
  v="$(cat "$VERSION_FILE")"
  [ -f "$CACHE_DIR/kafka-$v/.complete" ] || return 1
  # An explicit KAFKA_VERSION pin must match what is installed.
  if [ -n "${KAFKA_VERSION:-}" ] && [ "$KAFKA_VERSION" != "$v" ]; then return 1; fi
  echo "$v"
}

try_install() {
  local ver="$1" dir="$CACHE_DIR/kafka-$1" jh
  jh="$(java_home)"
  rm -rf "$dir.tmp"
  mkdir -p "$dir.tmp"
  log "fetching org.apache.kafka:kafka_2.13:$ver and runtime deps (Maven Central)"
  if ! mvn -q -B -f "$LOCAL_DIR/kafka/pom.xml" -Dkafka.version="$ver" \
        dependency:copy-dependencies -DincludeScope=runtime \
        -DoutputDirectory="$dir.tmp/libs" >>"$INSTALL_LOG" 2>&1; then
    echo "$(date -Is) kafka $ver: maven fetch FAILED" >>"$INSTALL_LOG"; return 1
  fi
  [ -f "$dir.tmp/libs/kafka_2.13-$ver.jar" ] || { echo "$(date -Is) kafka $ver: broker jar missing" >>"$INSTALL_LOG"; return 1; }
  # Smoke test on this JDK: the storage tool loads the broker classes.
  if ! "$jh/bin/java" -cp "$dir.tmp/libs/*" kafka.tools.StorageTool random-uuid >>"$INSTALL_LOG" 2>&1; then
    echo "$(date -Is) kafka $ver: StorageTool smoke test FAILED on $jh" >>"$INSTALL_LOG"; return 1
  fi
  rm -rf "$dir"
  mv "$dir.tmp" "$dir"
  touch "$dir/.complete"
  echo "$ver" >"$VERSION_FILE"
  echo "$(date -Is) kafka $ver: OK ($(ls "$dir/libs" | wc -l) jars, JDK $jh)" >>"$INSTALL_LOG"
}

cmd_install() {
  local v
  if v="$(installed_version)"; then log "Kafka $v already installed in $CACHE_DIR/kafka-$v"; return 0; fi
  ensure_maven
  for v in $KAFKA_CANDIDATES; do
    if try_install "$v"; then log "Kafka $v installed"; return 0; fi
    log "Kafka $v failed (see $INSTALL_LOG), trying next candidate"
  done
  tail_log "$INSTALL_LOG" 30
  die "no Kafka candidate installed: $KAFKA_CANDIDATES"
}

cmd_run() {
  local v jh libs props cid
  v="$(installed_version)" || { cmd_install; v="$(installed_version)"; }
  jh="$(java_home)"
  libs="$CACHE_DIR/kafka-$v/libs"
  mkdir -p "$KAFKA_DATA/logs" "$KAFKA_RUN"
  props="$KAFKA_RUN/server.properties"
  sed "s#@DATA_DIR@#$KAFKA_DATA#g" "$LOCAL_DIR/kafka/server.properties.in" >"$props"

  if [ ! -f "$KAFKA_DATA/logs/meta.properties" ]; then
    if [ ! -s "$KAFKA_DATA/cluster.id" ]; then
      "$jh/bin/java" -Dlog4j.configuration="file:$LOCAL_DIR/kafka/log4j.properties" -cp "$libs/*" kafka.tools.StorageTool random-uuid | tail -n1 >"$KAFKA_DATA/cluster.id"
    fi
    cid="$(cat "$KAFKA_DATA/cluster.id")"
    log "formatting KRaft storage in $KAFKA_DATA/logs (cluster id $cid)"
    "$jh/bin/java" -Dlog4j.configuration="file:$LOCAL_DIR/kafka/log4j.properties" \
      -cp "$libs/*" kafka.tools.StorageTool format --ignore-formatted -t "$cid" -c "$props"
  else
    log "KRaft storage already formatted ($(grep cluster.id "$KAFKA_DATA/logs/meta.properties"))"
  fi

  log "starting Kafka $v on 127.0.0.1:9092 (controller 9093), JDK $jh"
  # shellcheck disable=SC2086
  exec "$jh/bin/java" ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} \
    -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 \
    -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$LOCAL_DIR/kafka/log4j.properties" \
    -cp "$libs/*" kafka.Kafka "$props"
}

case "${1:-}" in
  install) cmd_install ;;
  run)     cmd_run ;;
  version) installed_version ;;
  *) echo "usage: $0 {install|run|version}" >&2; exit 2 ;;
esac
