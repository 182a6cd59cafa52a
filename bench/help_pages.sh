#!/usr/bin/env bash
# The public help center's article page (about 20 KB) against the same
# bytes served as a static file by the same httpd, at -c32 (t/api/
# test_help_pages_bench.py), on the test harness's private PostgreSQL:
# requests per second, p50 and p99 of both, in alternating rounds,
# appended to bench/results/help_pages.txt.
#
#   bench/help_pages.sh [ROUNDS] [SECONDS] [TTL]
#
# Default: 3 rounds of 10 s, FeedbackHelpCenterCacheTTL at its default;
# TTL 0 measures the page made afresh for every request.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_HELP_PAGES=${1:-3}
export FEEDBACK_BENCH_SECONDS=${2:-10}
export FEEDBACK_BENCH_HELP_TTL=${3:-}
export FEEDBACK_BENCH_OUT="$here/bench/results/help_pages.txt"
cd "$here"
"$here/scripts/build.sh" mod_feedback.so >/dev/null
exec "$here/scripts/test.sh" t/api/test_help_pages_bench.py -s
