#!/usr/bin/env bash
# The import at scale (t/api/test_import_bench.py), on the test harness's
# private PostgreSQL: a source organization seeded in bulk (POSTS posts
# with 0 to 3 voters each, three comments a post, POSTS/5 conversations
# of four parts), served at the default rate limits (2,000 requests a
# minute per key), imported by `feedbackctl import` into an organization
# of another database; prints the minutes, the requests, the seconds
# waited for the rate limit and the importer's resident memory over time
# (bench/README.md, "Import"), written to bench/results/import.txt.
#
#   [FEEDBACK_BENCH_IMPORT_BASELINE=OTHER/bin/feedback-import] \
#   bench/import.sh [POSTS] [COMMENTS] [CONVERSATIONS] [PARTS]
#                   (defaults: 100000 300000 20000 4, the issue's sizes;
#                   2000 takes a couple of minutes).  With a baseline
#                   importer (another checkout's build), it runs first
#                   on the same source; each run starts on a new minute
#                   of the rate limit.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_IMPORT_POSTS=${1:-100000}
export FEEDBACK_BENCH_IMPORT_COMMENTS=${2:-$((FEEDBACK_BENCH_IMPORT_POSTS * 3))}
export FEEDBACK_BENCH_IMPORT_CONVERSATIONS=${3:-$((FEEDBACK_BENCH_IMPORT_POSTS / 5))}
export FEEDBACK_BENCH_IMPORT_PARTS=${4:-4}
export FEEDBACK_BENCH_OUT="$here/bench/results/import.txt"
cd "$here"
"$here/scripts/build.sh" mod_feedback.so bin/feedback-import
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_import_bench.py
