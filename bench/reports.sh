#!/usr/bin/env bash
# Reports at scale (t/api/test_reports_bench.py), on the test harness's
# private PostgreSQL: an organization of CONVERSATIONS conversations over
# two years with PARTS parts each, generated set-based; p50/p99 of the
# report queries of bench/README.md ("Reports"), written to
# bench/results/reports.txt.
#
#   bench/reports.sh [CONVERSATIONS] [PARTS] [RUNS] [ROW_RUNS]
#                    (defaults: 1000000 10 50 5, the issue's sizes; ROW_RUNS
#                    of the cases read from the rows, and twice that of
#                    the drill-in's pages: seconds each at that size)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_REPORTS=${1:-1000000}
export FEEDBACK_BENCH_PARTS=${2:-10}
export FEEDBACK_BENCH_RUNS=${3:-50}
export FEEDBACK_BENCH_ROW_RUNS=${4:-5}
export FEEDBACK_BENCH_OUT="$here/bench/results/reports.txt"
cd "$here"
"$here/scripts/build.sh"
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_reports_bench.py
