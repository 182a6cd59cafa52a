#!/usr/bin/env bash
# The read replica's figures (t/api/test_replica_bench.py): on a primary
# and an asynchronous replica of this machine, an httpd without
# FeedbackReadReplica beside one with it, driven in turn by wrk: GET by
# id's requests a second (the cost of the routing), and under the list
# load the share of reads the replica served and the primary
# PostgreSQL's CPU time a read.  Written to bench/results/replica.txt.
#
#   bench/replica.sh [POSTS] [SECONDS] [ROUNDS]   (default: 2000 5 3)
#
# A third httpd runs the module of BENCH_BASELINE (default: the commit
# before the routing came, the parent of the one that added
# modules/http/fb_replica.c), built by bench/baseline.sh: this module
# without a replica against it is the routing's cost to every node.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_REPLICA=${1:-2000}
export FEEDBACK_BENCH_SECONDS=${2:-5}
export FEEDBACK_BENCH_ROUNDS=${3:-3}
export FEEDBACK_BENCH_OUT="$here/bench/results/replica.txt"
cd "$here"
"$here/scripts/build.sh"
# The module without the routing: main where this branch left it.
schema=$(ls "$here"/sql/[0-9]*_*.sql | sed 's|.*/0*\([0-9]*\)_.*|\1|' \
         | sort -n | tail -1)
FEEDBACK_BENCH_REPLICA_BASE=$("$here/bench/baseline.sh" \
    "${BENCH_BASELINE:-$(git -C "$here" log --diff-filter=A --format=%H \
                         -- modules/http/fb_replica.c | tail -1)^}" \
    "$schema")
export FEEDBACK_BENCH_REPLICA_BASE
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_replica_bench.py
