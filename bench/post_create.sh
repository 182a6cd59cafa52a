#!/usr/bin/env bash
# Creating posts (t/api/test_posts_create_bench.py): POST /v2/posts at
# wrk -t2 -cCONNECTIONS for SECONDS, then GET by id of the posts made
# (the render alone), on the test harness's httpd and a private
# PostgreSQL started here with pg_stat_statements loaded.  Prints req/s,
# the CPU time PostgreSQL and httpd spent per request (/proc) and what
# each statement cost per post; appends it to
# bench/results/post_create.txt.
#
#   bench/post_create.sh [SECONDS] [CONNECTIONS]     (defaults: 5, 16)
#
# FEEDBACK_BENCH_SEED (20000) sets the posts there before the run;
# FEEDBACK_BENCH_SETUP_SQL, SQL run on the database before it (an
# experiment: an index or a constraint dropped, a setting).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-5}
conns=${2:-16}
for n in "$secs" "$conns"; do
    [[ $n =~ ^[1-9][0-9]{0,3}$ ]] || {
        echo "post_create: arguments must be small positive integers" >&2
        exit 2; }
done
"$here/scripts/deps.sh" bench
"$here/scripts/build.sh"
mkdir -p "$here/bench/results"

work=$(mktemp -d /tmp/fb-create.XXXXXX)
chmod 755 "$work"
cleanup() {
    "$here/scripts/pg.sh" stop "$work/pg" || true
    rm -rf "$work"
}
trap cleanup EXIT
pg_port=$(/usr/bin/python3 -c 'import socket; s = socket.socket()
s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$here/scripts/pg.sh" start "$work/pg" "$pg_port"
psql=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql
pg() {
    "$psql" -X -q -h "$work/pg/sock" -p "$pg_port" -U postgres -d postgres \
        -v ON_ERROR_STOP=1 "$@"
}
# The library first (a restart), then its settings, which PostgreSQL
# knows only once it is loaded; the test switches tracking on for the
# run whose statements it counts.
pg -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'"
"$here/scripts/pg.sh" stop "$work/pg"
"$here/scripts/pg.sh" start "$work/pg" "$pg_port"
pg -c "ALTER SYSTEM SET pg_stat_statements.track = 'none'" \
   -c "SELECT pg_reload_conf()" >/dev/null

cd "$here"
FEEDBACK_TEST_PG_DIR="$work/pg" FEEDBACK_TEST_PG_PORT="$pg_port" \
FEEDBACK_BENCH_POST_CREATE=$secs FEEDBACK_BENCH_CONNECTIONS=$conns \
FEEDBACK_BENCH_OUT="$here/bench/results/post_create.txt" \
    /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_posts_create_bench.py
