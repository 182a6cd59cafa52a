#!/usr/bin/env bash
# Webhook delivery throughput: one httpd's background worker delivering a
# burst of events to a local HTTPS receiver (t/api/test_webhooks_bench.py),
# on the test harness's private PostgreSQL.  Prints deliveries per second
# and appends the line to bench/results/webhooks.txt.
#
#   bench/webhooks.sh [EVENTS] [THREADS]     (defaults: 2000, 8)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/bench/results"
export FEEDBACK_BENCH_WEBHOOKS=${1:-2000}
export FEEDBACK_BENCH_WEBHOOK_THREADS=${2:-8}
export FEEDBACK_BENCH_OUT="$here/bench/results/webhooks.txt"
exec "$here/scripts/test.sh" -s -k test_bench_deliveries_per_second
