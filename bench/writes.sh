#!/usr/bin/env bash
# The writes of a support inbox, each against its floor
# (t/api/test_writes_bench.py; bench/README.md, "Writes"): create post,
# vote, comment, conversation reply (contact and admin), conversation
# state change, ticket PATCH and contact upsert, each at wrk -t2
# -cCONNECTIONS for SECONDS with and without an Idempotency-Key, on the
# test harness's httpd and a private PostgreSQL started here with
# pg_stat_statements loaded (the shipped settings otherwise: fsync on);
# beside each, pgbench -M prepared with as many clients running the
# least that write must write.  Prints req/s, p50 and p99, the CPU time
# PostgreSQL and httpd spent per write (/proc), the floor's, and each
# write's statements; appends it to bench/results/writes.txt.
#
#   bench/writes.sh [SECONDS] [CONNECTIONS]     (defaults: 5, 16)
#
# FEEDBACK_BENCH_ONLY=post,vote,...  some of the writes (post, vote,
#   comment, reply_contact, reply_admin, state, ticket, contact)
# FEEDBACK_BENCH_IDEM=0 / 1 / 0,1    without keys, with, both (0,1)
# FEEDBACK_BENCH_STATEMENTS=0        no pg_stat_statements run
# FEEDBACK_BENCH_SEED (20000)        posts of the organization
# FEEDBACK_BENCH_CONVERSATIONS, FEEDBACK_BENCH_TICKETS (400 each)
# FEEDBACK_BENCH_SETUP_SQL           SQL run on the database after the seed
# FEEDBACK_BENCH_PG_SET="commit_delay=1000 ..."  PostgreSQL settings of
#   an experiment, set on the private cluster before the run
# FEEDBACK_TEST_MODULE=path.so       another build (the baseline:
#   bench/baseline.sh 1088b39 N prints its path)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-5}
conns=${2:-16}
. "$here/bench/stats_pg.sh"
stats_pg_start writes "$secs" "$conns"
pg -tA -c "SHOW fsync" | grep -qx on || {
    echo "writes: the cluster runs with fsync off" >&2; exit 1; }

cd "$here"
FEEDBACK_TEST_PG_DIR="$work/pg" FEEDBACK_TEST_PG_PORT="$pg_port" \
FEEDBACK_BENCH_WRITES=$secs FEEDBACK_BENCH_CONNECTIONS=$conns \
FEEDBACK_BENCH_OUT="$here/bench/results/writes.txt" \
    /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_writes_bench.py
