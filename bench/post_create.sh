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
. "$here/bench/stats_pg.sh"
stats_pg_start post_create "$secs" "$conns"

cd "$here"
FEEDBACK_TEST_PG_DIR="$work/pg" FEEDBACK_TEST_PG_PORT="$pg_port" \
FEEDBACK_BENCH_POST_CREATE=$secs FEEDBACK_BENCH_CONNECTIONS=$conns \
FEEDBACK_BENCH_OUT="$here/bench/results/post_create.txt" \
    /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_posts_create_bench.py
