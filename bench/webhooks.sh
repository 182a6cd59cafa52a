#!/usr/bin/env bash
# Webhook delivery throughput: one httpd's background worker delivering a
# burst of events to a local HTTPS receiver (t/api/test_webhooks_bench.py),
# on a private PostgreSQL that the API suite's harness starts.  Prints
# deliveries per second with the CPU time per delivery of httpd,
# PostgreSQL and the receiver, and appends the line to
# bench/results/webhooks.txt.
#
#   bench/webhooks.sh [EVENTS] [THREADS] [RECEIVER]
#
# EVENTS defaults to 4000; THREADS (FeedbackWorkerConcurrency) to the
# shipped default; RECEIVER is c (bench/hook_receiver.c, built here with
# gcc: it checks both signatures of every delivery and is not the
# bottleneck) or python (the suite's own receiver), c by default.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_WEBHOOKS=${1:-4000}
export FEEDBACK_BENCH_WEBHOOK_THREADS=${2:-default}
export FEEDBACK_BENCH_OUT="$here/bench/results/webhooks.txt"
case "${3:-c}" in
c)
    gcc -O2 -Wall -Wextra -Werror -pthread \
        -o "$here/bench/results/hook_receiver" "$here/bench/hook_receiver.c" \
        -lssl -lcrypto
    export FEEDBACK_BENCH_RECEIVER="$here/bench/results/hook_receiver" ;;
python) unset FEEDBACK_BENCH_RECEIVER ;;
*) echo "usage: $0 [EVENTS] [THREADS] [c|python]" >&2; exit 2 ;;
esac
"$here/scripts/build.sh" mod_feedback.so >/dev/null
cd "$here"
exec /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
    t/api/test_webhooks_bench.py
