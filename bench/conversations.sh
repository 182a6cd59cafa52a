#!/usr/bin/env bash
# Conversation reads at scale (t/api/test_conversations_bench.py), on the
# test harness's private PostgreSQL: the list's first page, a deep page
# and a two-tag filter over an organization of many conversations, and a
# conversation of 2,000 parts (500 shown); p50/p99 latencies and the
# plans PostgreSQL ran for httpd's prepared statements, written to
# bench/results/conversations.txt.
#
#   bench/conversations.sh [CONVERSATIONS]     (default: 100000)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_CONVERSATIONS=${1:-100000}
export FEEDBACK_BENCH_OUT="$here/bench/results/conversations.txt"
cd "$here"
"$here/scripts/build.sh"
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_conversations_bench.py
