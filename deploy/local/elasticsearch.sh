#!/usr/bin/env bash
# Elasticsearch 8.x from Maven Central (integ-test zip, no bundled JDK), no Docker.
#   deploy/local/elasticsearch.sh install   fetch + unpack into .local/cache/elasticsearch-<ver> (idempotent)
#   deploy/local/elasticsearch.sh run       exec the node in the foreground as $ES_USER (ES refuses root)
#   deploy/local/elasticsearch.sh version   print the installed version
# Env: ES_VERSION (pin one version), ES_JAVA_OPTS (extra JVM options, e.g. another heap).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ES_DATA="$DATA_DIR/elasticsearch"
ES_LOGS="$LOGS_DIR/elasticsearch"
ES_CONF="$RUN_DIR/elasticsearch/config"
VERSION_FILE="$CACHE_DIR/elasticsearch.version"
INSTALL_LOG="$CACHE_DIR/elasticsearch-install.log"

installed_version() {
  local v
  [ -f "$VERSION_FILE" ] || return 1
  v="$(cat "$VERSION_FILE")"
  [ -f "$CACHE_DIR/elasticsearch-$v/.complete" ] || return 1
  if [ -n "${ES_VERSION:-}" ] && [ "$ES_VERSION" != "$v" ]; then return 1; fi
  echo "$v"
}

try_install() {
  local ver="$1" zip="$CACHE_DIR/elasticsearch-$1.zip" dir="$CACHE_DIR/elasticsearch-$1" jh
  jh="$(java_home)"
  if [ ! -s "$zip" ]; then
    log "fetching org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ver:zip (Maven Central)"
    if ! mvn -q -B dependency:copy \
          -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ver:zip" \
          -DoutputDirectory="$CACHE_DIR" >>"$INSTALL_LOG" 2>&1; then
      echo "$(date -Is) elasticsearch $ver: maven fetch FAILED" >>"$INSTALL_LOG"; return 1
    fi
  fi
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp"
  (cd "$dir.tmp" && unzip -q "$zip") || { echo "$(date -Is) elasticsearch $ver: unzip FAILED" >>"$INSTALL_LOG"; return 1; }
  mv "$dir.tmp/elasticsearch-$ver" "$dir"
  rm -rf "$dir.tmp"
  # Smoke test on this JDK (the CLI launcher runs fine as root; only the server refuses).
  if ! ES_JAVA_HOME="$jh" ES_PATH_CONF="$dir/config" "$dir/bin/elasticsearch" --version >>"$INSTALL_LOG" 2>&1; then
    echo "$(date -Is) elasticsearch $ver: --version FAILED on $jh" >>"$INSTALL_LOG"; return 1
  fi
  # Readable by the unprivileged user that runs the node.
  chmod -R a+rX "$dir"
  touch "$dir/.complete"
  echo "$ver" >"$VERSION_FILE"
  echo "$(date -Is) elasticsearch $ver: OK (modules: $(ls "$dir/modules" | tr '\n' ' '))" >>"$INSTALL_LOG"
}

ensure_user() {
  id -u "$ES_USER" >/dev/null 2>&1 && return 0
  need_root
  log "creating system user $ES_USER (Elasticsearch refuses to run as root)"
  useradd --system --user-group --no-create-home --home-dir "$ES_DATA" --shell /usr/sbin/nologin "$ES_USER"
}

cmd_install() {
  local v
  command -v unzip >/dev/null 2>&1 || apt_install unzip
  ensure_user
  if v="$(installed_version)"; then log "Elasticsearch $v already installed in $CACHE_DIR/elasticsearch-$v"; return 0; fi
  ensure_maven
  for v in $ES_CANDIDATES; do
    if try_install "$v"; then log "Elasticsearch $v installed"; return 0; fi
    log "Elasticsearch $v failed (see $INSTALL_LOG), trying next candidate"
  done
  tail_log "$INSTALL_LOG" 30
  die "no Elasticsearch candidate installed: $ES_CANDIDATES"
}

cmd_run() {
  local v jh home
  v="$(installed_version)" || { cmd_install; v="$(installed_version)"; }
  ensure_user
  jh="$(java_home)"
  home="$CACHE_DIR/elasticsearch-$v"

  # Fresh config each run: distribution defaults + our elasticsearch.yml + heap.
  rm -rf "$ES_CONF"
  mkdir -p "$ES_CONF" "$ES_DATA" "$ES_LOGS"
  cp -r "$home/config/." "$ES_CONF/"
  sed -e "s#@DATA_DIR@#$ES_DATA#g" -e "s#@LOGS_DIR@#$ES_LOGS#g" \
    "$LOCAL_DIR/elasticsearch/elasticsearch.yml.in" >"$ES_CONF/elasticsearch.yml"
  # jvm.options writes gc.log / heap dumps relative to the working dir: point them at the log dir.
  sed -i -e "s#file=gc.log#file=$ES_LOGS/gc.log#" -e "s#ErrorFile=hs_err_pid#ErrorFile=$ES_LOGS/hs_err_pid#" "$ES_CONF/jvm.options"
  mkdir -p "$ES_CONF/jvm.options.d"
  { cat "$LOCAL_DIR/elasticsearch/jvm.options.local"; echo "-XX:HeapDumpPath=$ES_LOGS"; } >"$ES_CONF/jvm.options.d/local.options"
  chown -R "$ES_USER:$ES_USER" "$ES_DATA" "$ES_LOGS" "$RUN_DIR/elasticsearch"

  local mmc
  mmc="$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo '?')"
  log "starting Elasticsearch $v on 127.0.0.1:9200 as $ES_USER (JDK $jh, vm.max_map_count=$mmc; bootstrap checks are not enforced for a loopback single-node)"
  cd "$ES_LOGS"
  # setpriv execs in place (no intermediate process), so supervisord signals reach ES directly.
  exec setpriv --reuid="$ES_USER" --regid="$ES_USER" --init-groups \
    env -i PATH=/usr/bin:/bin HOME="$ES_DATA" LANG=C.UTF-8 \
      ES_JAVA_HOME="$jh" ES_PATH_CONF="$ES_CONF" ES_JAVA_OPTS="${ES_JAVA_OPTS:-}" \
      "$home/bin/elasticsearch"
}

case "${1:-}" in
  install) cmd_install ;;
  run)     cmd_run ;;
  version) installed_version ;;
  *) echo "usage: $0 {install|run|version}" >&2; exit 2 ;;
esac
