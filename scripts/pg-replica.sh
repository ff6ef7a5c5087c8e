#!/usr/bin/env bash
# A streaming read replica of this machine's PostgreSQL (127.0.0.1:5432) on 127.0.0.1:5433, for
# DATABASE_READ_URL and the replica test (ADR 0040). `start` copies the primary with pg_basebackup -R
# into a replication slot (`loupe_replica`: the primary keeps the WAL the replica has not received, so
# a replica slowed down by a busy machine catches up instead of failing for a recycled segment) and
# starts it; a second `start` says it runs. `stop` stops it, drops the slot (a slot nobody reads would
# keep WAL on the primary for ever) and deletes the copy; `fresh` is stop + start (CI); `status`
# answers 0 when it runs and is in recovery.
#
# Runs as root or as postgres (the server's files belong to postgres). It changes the primary only
# to let 127.0.0.1 replicate (one pg_hba line, then a reload, never a restart).
#
#   PRIMARY_PORT (5432)  REPLICA_PORT (5433)  REPLICA_DIR (/var/lib/postgresql/loupe-replica)
#   REPLICA_WAIT (120: seconds to wait for the replica to accept connections before stopping it and
#   failing; it copies the whole cluster, every database, and replays what was written meanwhile:
#   2 s for a 0.9 GB cluster on an idle machine, over 30 s for 4.8 GB while others wrote to it)
set -euo pipefail

PRIMARY_PORT="${PRIMARY_PORT:-5432}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
REPLICA_DIR="${REPLICA_DIR:-/var/lib/postgresql/loupe-replica}"
REPLICA_WAIT="${REPLICA_WAIT:-120}"
PGBIN="${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}"
LOG="$REPLICA_DIR.log"
SLOT="${REPLICA_SLOT:-loupe_replica}"
SLOT_EXISTS="select exists (select 1 from pg_replication_slots where slot_name = '$SLOT')"

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
  if [ ! -f "$REPLICA_DIR/standby.signal" ] || [ "$(primary_sql "$SLOT_EXISTS")" != t ]; then
    allow_replication
    drop_slot
    rm -rf "$REPLICA_DIR"
    mkdir -p "$(dirname "$REPLICA_DIR")"
    chown postgres:postgres "$(dirname "$REPLICA_DIR")" 2>/dev/null || true
    # -R writes standby.signal and primary_conninfo (with the slot); -X stream copies the WAL written
    # meanwhile; -C -S creates the slot as the copy starts, so no WAL is missed between the two.
    as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$REPLICA_DIR" \
      -R -X stream -C -S "$SLOT" -c fast --no-sync ||
      die "pg_basebackup from 127.0.0.1:$PRIMARY_PORT failed (is replication allowed in pg_hba?)"
    # Debian keeps postgresql.conf under /etc, so the copy has none; postgres wants one in its folder.
    as_pg touch "$REPLICA_DIR/postgresql.conf"
  fi
  # Its own port, and no config file of the primary's (Debian keeps them under /etc): the copy's
  # postgresql.auto.conf plus these flags are all it needs.
  as_pg "$PGBIN/pg_ctl" -D "$REPLICA_DIR" -l "$LOG" -w -t "$REPLICA_WAIT" start \
    -o "-p $REPLICA_PORT -c listen_addresses=127.0.0.1 -c hot_standby=on -c hot_standby_feedback=on -c unix_socket_directories=/tmp \
        -c hba_file=$(primary_sql "show hba_file") -c ident_file=$(primary_sql "show ident_file") \
        -c shared_buffers=32MB -c max_connections=$(primary_sql "show max_connections")" >/dev/null || {
    # Not left half-started, nor its slot keeping WAL on the primary: the log alone stays.
    as_pg "$PGBIN/pg_ctl" -D "$REPLICA_DIR" -m immediate stop >/dev/null 2>&1 || true
    drop_slot
    rm -rf "$REPLICA_DIR"
    die "the replica did not accept connections within ${REPLICA_WAIT}s (stopped and removed again); see $LOG"
  }
  [ "$(replica_sql "select pg_is_in_recovery()")" = t ] || die "the server on $REPLICA_PORT is not a standby"
  echo "pg-replica: running on 127.0.0.1:$REPLICA_PORT, streaming from $PRIMARY_PORT ($REPLICA_DIR)"
}

drop_slot() {
  if "$PGBIN/pg_isready" -h 127.0.0.1 -p "$PRIMARY_PORT" -q; then
    primary_sql "select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '$SLOT' and not active" >/dev/null
  fi
}

stop() {
  if running; then as_pg "$PGBIN/pg_ctl" -D "$REPLICA_DIR" -m fast -w stop >/dev/null; fi
  drop_slot
  rm -rf "$REPLICA_DIR" "$LOG"
  echo "pg-replica: stopped (copy and slot removed)"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
fresh)
  stop
  start
  ;;
status)
  running && [ "$(replica_sql "select pg_is_in_recovery()")" = t ] && echo "pg-replica: running on $REPLICA_PORT" ||
    { echo "pg-replica: not running"; exit 1; }
  ;;
*) die "usage: scripts/pg-replica.sh start|stop|fresh|status" ;;
esac
