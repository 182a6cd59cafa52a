#!/usr/bin/env bash
# Help center search at scale (t/api/test_help_search_bench.py), on the
# test harness's private PostgreSQL: POST /v2/help_center/articles/search
# for a common word, a rare one, a German one and a filter alone, and the
# public search page for the same words, over a help center of ARTICLES
# live articles in 5 locales (bench/gen_help.sql); p50/p99 of each and
# the plans PostgreSQL ran for httpd's prepared statements, written to
# bench/results/help_search.txt.
#
#   bench/help_search.sh [ARTICLES] [RUNS]     (default: 5000 300)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_HELP_ARTICLES=${1:-5000}
export FEEDBACK_BENCH_RUNS=${2:-300}
export FEEDBACK_BENCH_OUT="$here/bench/results/help_search.txt"
cd "$here"
"$here/scripts/build.sh" mod_feedback.so >/dev/null
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_help_search_bench.py
