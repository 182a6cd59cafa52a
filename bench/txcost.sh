#!/usr/bin/env bash
# What a committed transaction costs on this machine, whatever it writes:
# pgbench -M prepared -c16 -j2 for SECONDS each on a private PostgreSQL
# (fsync on, the shipped settings) with the migrated schema and one
# organization, running the smallest transactions a write is made of.
# The rates are the ceiling of any write of the API here: compare them
# with GET /v2/posts/{id} in bench/writes.sh's first line (bench/README.md,
# "What a transaction costs").
#
#   bench/txcost.sh [SECONDS]        (default 5)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-5}
. "$here/bench/stats_pg.sh"
stats_pg_start txcost "$secs" 16
pg -c "CREATE DATABASE txcost"
dsn="host=$work/pg/sock port=$pg_port dbname=txcost user=postgres"
FEEDBACK_DB="$dsn" "$here/bin/feedbackctl" migrate >/dev/null
FEEDBACK_DB="$dsn" "$here/bin/feedbackctl" org create txcost \
    owner@txcost.example "Txcost Owner" >/dev/null
sql() { PGDB=txcost pg -tA -c "$1"; }
org=$(sql "SELECT id FROM organizations")
owner=$(sql "SELECT id FROM admins")
sql "CREATE TABLE txcost_plain (n integer)"
pgbench=$(pgbin)/pgbench
script=$work/script.sql

# One line: NAME, then the rate of the transaction given.
rate() {
    local name=$1
    printf '%s\n' "$2" > "$script"
    "$pgbench" -n -M prepared -c16 -j2 -T"$secs" -f "$script" "$dsn" \
        2>&1 | awk -v n="$name" '/^tps/ { printf "%-46s %7.0f\n", n, $3 }'
}
event="INSERT INTO events (org_id, topic, item)
  VALUES ('$org', 'post.created', '{\"id\": \"x\"}');"
audit="INSERT INTO audit_logs (org_id, action, domain, actor_type, actor_id,
  target_type, target_id, request_id) VALUES ('$org', 'post.created',
  'feedback', 'api_key', '$owner', 'post', 'x', 'r');"

echo "txcost: pgbench -M prepared -c16 -j2 -T$secs each; load average" \
     "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-46s %7s\n' "transaction" "tps"
rate "SELECT 1, no transaction" "SELECT 1;"
rate "BEGIN; SELECT 1; COMMIT (no WAL to flush)" "BEGIN; SELECT 1; COMMIT;"
rate "one row, no index" "BEGIN; INSERT INTO txcost_plain VALUES (1); COMMIT;"
rate "an event" "BEGIN; $event COMMIT;"
rate "an audit entry" "BEGIN; $audit COMMIT;"
rate "an event and an audit entry" "BEGIN; $event $audit COMMIT;"
