#!/usr/bin/env bash
# A streaming read replica of this machine's PostgreSQL (127.0.0.1:5432) on 127.0.0.1:5433, for
# DATABASE_READ_URL and the replica test (ADR 0040). `start` makes it once with pg_basebackup -R and
# starts it; a second `start` only starts it (or says it runs); `stop` stops it; `remove` stops it and
# deletes its data; `fresh` is remove + start (CI: a standby stopped for long may need WAL the primary
# has recycled, there being no replication slot to keep it); `status` answers 0 when it runs and is in
# recovery.
#
# Runs as root or as postgres (the server's files belong to postgres). It changes the primary only
# to let 127.0.0.1 replicate (one pg_hba line, then a reload, never a restart).
#
#   PRIMARY_PORT (5432)  REPLICA_PORT (5433)  REPLICA_DIR (/var/lib/postgresql/loupe-replica)
#   REPLICA_WAIT (30: seconds to wait for the replica to accept connections before failing)
set -euo pipefail

PRIMARY_PORT="${PRIMARY_PORT:-5432}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
REPLICA_DIR="${REPLICA_DIR:-/var/lib/postgresql/loupe-replica}"
REPLICA_WAIT="${REPLICA_WAIT:-30}"
PGBIN="${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}"
LOG="$REPLICA_DIR.log"

die() {
  echo "pg-replica: $*" >&2
  exit 1
}

# Every PostgreSQL program runs as the postgres OS user (it refuses root).
as_pg() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

primary_sql() { as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc "$1"; }
replica_sql() { as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -Atqc "$1"; }

# pg_hba's `all` does not cover replication connections: one line for 127.0.0.1, then a reload.
allow_replication() {
  local hba
  hba="$(primary_sql "show hba_file")"
  if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32' "$hba"; then
    echo "host replication all 127.0.0.1/32 trust  # loupe read replica (scripts/pg-replica.sh)" >>"$hba"
    primary_sql "select pg_reload_conf()" >/dev/null
    sleep 1
  fi
}

# The pid file's first line is the postmaster's pid; a stale file (a crash) names no live process.
running() { [ -f "$REPLICA_DIR/postmaster.pid" ] && kill -0 "$(head -n1 "$REPLICA_DIR/postmaster.pid")" 2>/dev/null; }

start() {
  [ -x "$PGBIN/pg_basebackup" ] || die "no PostgreSQL programs under /usr/lib/postgresql/*/bin"
  "$PGBIN/pg_isready" -h 127.0.0.1 -p "$PRIMARY_PORT" -q || die "the primary on 127.0.0.1:$PRIMARY_PORT is not running"
  if running; then
    echo "pg-replica: already running on 127.0.0.1:$REPLICA_PORT ($REPLICA_DIR)"
    return 0
  fi
  if [ ! -f "$REPLICA_DIR/standby.signal" ]; then
    allow_replication
    rm -rf "$REPLICA_DIR"
    mkdir -p "$(dirname "$REPLICA_DIR")"
    chown postgres:postgres "$(dirname "$REPLICA_DIR")" 2>/dev/null || true
    # -R writes standby.signal and primary_conninfo; -X stream copies the WAL written meanwhile.
    as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$REPLICA_DIR" \
      -R -X stream -c fast --no-sync ||
      die "pg_basebackup from 127.0.0.1:$PRIMARY_PORT failed (is replication allowed in pg_hba?)"
    # Debian keeps postgresql.conf under /etc, so the copy has none; postgres wants one in its folder.
    as_pg touch "$REPLICA_DIR/postgresql.conf"
  fi
  # Its own port, and no config file of the primary's (Debian keeps them under /etc): the copy's
  # postgresql.auto.conf plus these flags are all it needs.
  as_pg "$PGBIN/pg_ctl" -D "$REPLICA_DIR" -l "$LOG" -w -t "$REPLICA_WAIT" start \
    -o "-p $REPLICA_PORT -c listen_addresses=127.0.0.1 -c hot_standby=on -c hot_standby_feedback=on -c unix_socket_directories=/tmp \
        -c hba_file=$(primary_sql "show hba_file") -c ident_file=$(primary_sql "show ident_file") \
        -c shared_buffers=32MB -c max_connections=$(primary_sql "show max_connections")" >/dev/null ||
    die "the replica did not start within ${REPLICA_WAIT}s; see $LOG"
  [ "$(replica_sql "select pg_is_in_recovery()")" = t ] || die "the server on $REPLICA_PORT is not a standby"
  echo "pg-replica: running on 127.0.0.1:$REPLICA_PORT, streaming from $PRIMARY_PORT ($REPLICA_DIR)"
}

stop() {
  if running; then as_pg "$PGBIN/pg_ctl" -D "$REPLICA_DIR" -m fast -w stop >/dev/null; fi
  echo "pg-replica: stopped"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
remove)
  stop
  rm -rf "$REPLICA_DIR" "$LOG"
  ;;
fresh)
  stop
  rm -rf "$REPLICA_DIR" "$LOG"
  start
  ;;
status)
  running && [ "$(replica_sql "select pg_is_in_recovery()")" = t ] && echo "pg-replica: running on $REPLICA_PORT" ||
    { echo "pg-replica: not running"; exit 1; }
  ;;
*) die "usage: scripts/pg-replica.sh start|stop|remove|fresh|status" ;;
esac
