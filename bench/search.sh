#!/usr/bin/env bash
# POST /v2/posts/search beside the lists it replaces (t/api/
# test_search_bench.py), on the test harness's private PostgreSQL: filter
# mode (a board and a status) and search mode (a word in 14 % of the
# posts, a word in 49), p50/p99 of each and of its list, and the plans
# PostgreSQL ran for httpd's prepared statements, written to
# bench/results/search.txt.
#
#   bench/search.sh [POSTS]     (default: 1000000)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_SEARCH_POSTS=${1:-1000000}
export FEEDBACK_BENCH_OUT="$here/bench/results/search.txt"
cd "$here"
"$here/scripts/build.sh"
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_search_bench.py
