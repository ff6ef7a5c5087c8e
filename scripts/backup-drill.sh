#!/usr/bin/env bash
# Backup drill (issue 43; the procedure is docs/deploy.md "Backups and point-in-time recovery").
# On a PostgreSQL cluster of its own (archive_mode on, WAL copied to an archive folder), with the
# three database roles and the real server (apps/server/dist/main.js, demo seeded):
#   1. takes a base backup (pg_basebackup),
#   2. writes (a customer, a file, access-log rows), waits for them to be anchored, notes the time T,
#   3. writes again (another customer and file), anchored too, and copies the file store (never
#      deleting from the copy, as the procedure says),
#   4. stops everything, restores the base backup with the WAL archive to T into a second cluster,
#      and the file store copy beside it,
#   5. checks the row counts and the access log's head at T, that every file row's bytes are there,
#      and `audit:verify --public-key … --restored-copy` (the real tool and the public key alone),
# then prints its figures (backup size, WAL archived, restore time) and removes what it made.
#
# Runs as root or as the postgres user (PostgreSQL's programs refuse root: they run as postgres), from
# /usr/lib/postgresql/*/bin. Builds the server bundle first (esbuild, seconds).
#
#   DRILL_DIR (/tmp/loupe-backup-drill)  DRILL_PORT (5440)  DRILL_RESTORE_PORT (5441)
#   DRILL_HTTP_PORT (5449)  DRILL_KEEP=1 keeps DRILL_DIR for a look afterwards
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

DIR="${DRILL_DIR:-/tmp/loupe-backup-drill}"
PORT="${DRILL_PORT:-5440}"
RESTORE_PORT="${DRILL_RESTORE_PORT:-5441}"
HTTP_PORT="${DRILL_HTTP_PORT:-5449}"
PGBIN="${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}"
SOURCE="$DIR/source"      # the cluster that is lost
ARCHIVE="$DIR/wal-archive" # archive_command's copies
BASE="$DIR/base"          # the base backup (tar, gzip)
RESTORED="$DIR/restored"  # the cluster restored to T
DATA="$DIR/data"          # the server's DATA_DIR (file store, anchor key)
FILES_COPY="$DIR/files-copy"
RESTORED_DATA="$DIR/restored-data"
SERVER_PID=""

say() { echo "backup-drill: $*"; }
die() {
  echo "backup-drill: FAILED: $*" >&2
  exit 1
}
as_pg() {
  if [ "$(id -u)" -ne 0 ]; then "$@"; else runuser -u postgres -- "$@"; fi
}
sql() { "$PGBIN/psql" -h 127.0.0.1 -p "$1" -U postgres -d "${3:-loupe}" -Atqc "$2"; }
ms() { date +%s%3N; }

cleanup() {
  local code=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill "$SERVER_PID" 2>/dev/null || true; fi
  for d in "$SOURCE" "$RESTORED"; do
    if [ -f "$d/postmaster.pid" ]; then as_pg "$PGBIN/pg_ctl" -D "$d" -m immediate stop >/dev/null 2>&1 || true; fi
  done
  if [ "$code" -ne 0 ]; then
    for log in "$DIR/source.log" "$DIR/restored.log" "$DIR/server.log"; do
      [ -f "$log" ] && { echo "--- $log (last lines)" >&2; tail -n 25 "$log" >&2; }
    done
  fi
  if [ "${DRILL_KEEP:-0}" != 1 ]; then rm -rf "$DIR"; fi
  exit "$code"
}
trap cleanup EXIT
trap "exit 143" INT TERM

[ -x "$PGBIN/initdb" ] || die "no PostgreSQL programs under /usr/lib/postgresql/*/bin"
for p in "$PORT" "$RESTORE_PORT"; do
  if "$PGBIN/pg_isready" -h 127.0.0.1 -p "$p" -q; then die "port $p is in use (set DRILL_PORT / DRILL_RESTORE_PORT)"; fi
done
rm -rf "$DIR"
mkdir -p "$DIR" "$ARCHIVE" "$BASE"
[ "$(id -u)" -ne 0 ] || chown postgres:postgres "$DIR" "$ARCHIVE" "$BASE"

say "building the server bundle"
npm run build -w apps/server >/dev/null
# The Node `npm ci` put into node_modules (Node 24, current time-zone rules: ADR 0050), as `npm run`
# scripts use it; the machine's own node may be older, and the server refuses old zone rules.
PATH="$PWD/node_modules/.bin:$PATH"
export PATH

# 1. The cluster to lose: WAL archived by copy; no fsync (a drill, not a durability test).
as_pg "$PGBIN/initdb" -D "$SOURCE" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
cat >>"$SOURCE/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $ARCHIVE/%f && cp %p $ARCHIVE/%f'
fsync = off
full_page_writes = on
EOF
as_pg "$PGBIN/pg_ctl" -D "$SOURCE" -l "$DIR/source.log" -w start >/dev/null
sql "$PORT" "CREATE DATABASE loupe" postgres

admin_url="postgres://postgres@127.0.0.1:$PORT/postgres"
owner_url="postgres://loupe_owner:owner-pw@127.0.0.1:$PORT/loupe"
server_url="postgres://loupe_server:server-pw@127.0.0.1:$PORT/loupe"
retention_url="postgres://loupe_retention:retention-pw@127.0.0.1:$PORT/loupe"

say "migrating as the owner (npm run db:migrate), three roles"
DATABASE_ADMIN_URL="$admin_url" DATABASE_OWNER_URL="$owner_url" DATABASE_URL="$server_url" \
  DATABASE_RETENTION_URL="$retention_url" DATA_DIR="$DATA" node apps/server/dist/db-migrate.js >/dev/null

say "starting the server with only the server's role (demo seeded)"
# Anchors every 3 s once a row was added, so the drill's writes are anchored without waiting minutes.
DATABASE_URL="$server_url" DATA_DIR="$DATA" PORT="$HTTP_PORT" HOST=127.0.0.1 NODE_ENV=development \
  LOG_LEVEL=warn ANCHOR_INTERVAL_MINUTES=0.05 ANCHOR_EVERY_ROWS=1 \
  node apps/server/dist/main.js >"$DIR/server.log" 2>&1 &
SERVER_PID=$!
api="http://127.0.0.1:$HTTP_PORT"
for _ in $(seq 1 180); do
  curl -sf "$api/readyz" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited"
  sleep 1
done
curl -sf "$api/readyz" >/dev/null || die "the server did not become ready"
token="$(curl -sf "$api/api/user/login" -H 'content-type: application/json' \
  -d '{"email":"admin@loupe.test","password":"LoupeDemo1"}' | jq -r .data.token)"
[ -n "$token" ] && [ "$token" != null ] || die "demo sign-in failed"

# A one-pixel PNG: the file store sniffs the type from the bytes.
png="$DIR/pixel.png"
echo 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' | base64 -d >"$png"

# A customer (logged as a create), a file for them (logged), and their files read back (logged).
write() {
  local id
  id="$(curl -sf "$api/api/user" -H "authorization: Bearer $token" -H 'content-type: application/json' \
    -d "{\"first_name\":\"Drill\",\"last_name\":\"$1\",\"email\":\"drill.$1@example.com\"}" | jq -r .data.id)"
  [ -n "$id" ] && [ "$id" != null ] || die "creating customer $1 failed"
  curl -sf "$api/api/customer/$id/files" -H "authorization: Bearer $token" -F "files[0]=@$png;type=image/png" >/dev/null ||
    die "uploading a file for customer $1 failed"
  curl -sf "$api/api/customer/$id/files" -H "authorization: Bearer $token" >/dev/null || die "listing files failed"
}
# Waits until an anchor in the database vouches for the log's head.
anchored() {
  local head
  head="$(sql "$PORT" "SELECT seq FROM access_log_head")"
  for _ in $(seq 1 60); do
    [ "$(sql "$PORT" "SELECT coalesce(max(head_seq), 0) >= $head FROM access_log_anchors")" = t ] && return 0
    sleep 0.5
  done
  die "no anchor reached row $head within 30 s"
}

# 2. The base backup, then the writes the restore must keep.
say "base backup (pg_basebackup -Ft -z -X fetch)"
as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U postgres -D "$BASE" -Ft -z -X fetch -c fast
base_bytes="$(du -sb "$BASE" | cut -f1)"

write Before
anchored
counts="SELECT (SELECT count(*) FROM customers) || ' ' || (SELECT count(*) FROM files) || ' ' || (SELECT seq FROM access_log_head)"
read -r customers_at_t files_at_t head_at_t <<<"$(sql "$PORT" "$counts")"
sleep 1
target="$(sql "$PORT" "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'")"
sleep 1

# 3. Writes after T that the restore must not have, anchored too: the file store's latest anchor is
# then newer than the restored copy, as it would be after a real loss.
write After
anchored
read -r customers_end files_end head_end <<<"$(sql "$PORT" "$counts")"
sql "$PORT" "SELECT pg_switch_wal()" >/dev/null
for _ in $(seq 1 30); do
  [ "$(sql "$PORT" "SELECT last_archived_wal IS NOT NULL AND last_archived_wal >= (SELECT pg_walfile_name(pg_current_wal_lsn() - 1)) FROM pg_stat_archiver")" = t ] && break
  sleep 0.5
done
# The file store's copy: taken after T and never deleting (cp without removal, as rsync without --delete).
mkdir -p "$FILES_COPY"
cp -a "$DATA/files/." "$FILES_COPY/"
files_copy_bytes="$(du -sb "$FILES_COPY" | cut -f1)"
public_key="$DIR/anchor-public.pem"
node -e 'const c=require("node:crypto"),f=require("node:fs");f.writeFileSync(process.argv[2],c.createPublicKey(f.readFileSync(process.argv[1])).export({type:"spki",format:"pem"}))' \
  "$DATA/access-log-anchor-key.pem" "$public_key"

# 4. Loss: the server and the cluster go.
kill "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""
as_pg "$PGBIN/pg_ctl" -D "$SOURCE" -m fast stop >/dev/null
wal_bytes="$(du -sb "$ARCHIVE" | cut -f1)"
wal_files="$(find "$ARCHIVE" -type f | wc -l)"

say "restoring to $target"
started="$(ms)"
mkdir -p "$RESTORED"
tar -xzf "$BASE/base.tar.gz" -C "$RESTORED"
chmod 700 "$RESTORED"
[ "$(id -u)" -ne 0 ] || chown -R postgres:postgres "$RESTORED"
cat >>"$RESTORED/postgresql.auto.conf" <<EOF
restore_command = 'cp $ARCHIVE/%f %p'
recovery_target_time = '$target'
recovery_target_action = 'promote'
EOF
as_pg touch "$RESTORED/recovery.signal"
as_pg "$PGBIN/pg_ctl" -D "$RESTORED" -l "$DIR/restored.log" -w -t 120 start \
  -o "-p $RESTORE_PORT -c archive_mode=off -c unix_socket_directories=$DIR" >/dev/null
for _ in $(seq 1 120); do
  [ "$(sql "$RESTORE_PORT" "SELECT pg_is_in_recovery()" postgres 2>/dev/null)" = f ] && break
  sleep 0.25
done
[ "$(sql "$RESTORE_PORT" "SELECT pg_is_in_recovery()" postgres)" = f ] || die "the restored cluster did not finish recovery"
mkdir -p "$RESTORED_DATA/files"
cp -a "$FILES_COPY/." "$RESTORED_DATA/files/"
restore_ms=$(($(ms) - started))

# 5. What the restore must hold.
read -r customers files head <<<"$(sql "$RESTORE_PORT" "$counts")"
[ "$customers $files $head" = "$customers_at_t $files_at_t $head_at_t" ] ||
  die "at T: customers, files, log head $customers_at_t $files_at_t $head_at_t; restored: $customers $files $head"
[ "$(sql "$RESTORE_PORT" "SELECT count(*) FROM customers WHERE last_name = 'Before'")" = 1 ] || die "the write before T is missing"
[ "$(sql "$RESTORE_PORT" "SELECT count(*) FROM customers WHERE last_name = 'After'")" = 0 ] || die "the write after T was restored"
missing=0
while read -r key; do
  [ -z "$key" ] && continue
  [ -f "$RESTORED_DATA/files/$key" ] || {
    echo "backup-drill: missing file $key" >&2
    missing=$((missing + 1))
  }
done < <(sql "$RESTORE_PORT" "SELECT storage_key FROM files UNION ALL SELECT thumbnail_key FROM files WHERE thumbnail_key IS NOT NULL")
[ "$missing" -eq 0 ] || die "$missing stored file(s) of the restored rows are not in the file store's copy"

say "audit:verify on the restored copy, with the public key"
restored_url="postgres://loupe_server:server-pw@127.0.0.1:$RESTORE_PORT/loupe"
verify() {
  DATABASE_URL="$restored_url" DATA_DIR="$RESTORED_DATA" ANCHOR_KEY_FILE=/nonexistent \
    node apps/server/dist/audit-verify.js --public-key "$public_key" "$@"
}
set +e
verify --restored-copy >"$DIR/verify-restored.json"
restored_code=$?
verify >"$DIR/verify-plain.json"
plain_code=$?
set -e
cat "$DIR/verify-restored.json"
[ "$restored_code" -eq 0 ] || die "audit:verify --restored-copy exited $restored_code"
[ "$(jq -r '.anchor.notInThisCopy.fromSeq' "$DIR/verify-restored.json")" = $((head_at_t + 1)) ] ||
  die "verify did not report the rows after T as not in this copy"
[ "$plain_code" -eq 1 ] && jq -e '.anchor.problems | any(test("missing tail"))' "$DIR/verify-plain.json" >/dev/null ||
  die "verify without --restored-copy should report the rows after T as a missing tail"

echo
echo "backup drill passed:"
echo "  base backup (pg_basebackup -Ft -z, demo database):  $base_bytes bytes"
echo "  WAL archived while the drill ran:                    $wal_files segments, $wal_bytes bytes"
echo "  file store copy:                                     $files_copy_bytes bytes"
echo "  restore to T (untar, replay, promote, copy files):   $restore_ms ms"
echo "  at T: $customers_at_t customers, $files_at_t files, log head $head_at_t; at the loss: $customers_end, $files_end, $head_end"
echo "  audit:verify --restored-copy: ok; rows $((head_at_t + 1))–$head_end are not in this copy (written after T)"
