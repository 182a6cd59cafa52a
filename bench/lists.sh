#!/usr/bin/env bash
# Comment and changelog lists, old module against new on one database:
# same bytes, then PostgreSQL CPU per request (bench/lists.py; README.md
# "Comments and changelogs").
#
#   bench/lists.sh [SECONDS] [ROUNDS]       (defaults: 5, 3)
#   BENCH_OLD_MODULE=path/to/old/mod_feedback.so (else d0fe551 is built)
#   BENCH_MORE_MODULES="label=path.so ..." (measured beside the two)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/build.sh"
new=$(mktemp /tmp/fblists-new.XXXXXX.so)
cp "$here/mod_feedback.so" "$new"
trap 'rm -f "$new"' EXIT
old=${BENCH_OLD_MODULE:-}
if [ -z "$old" ]; then
    # Built for this tree's schema (the number of its last migration):
    # the module refuses a newer schema than its own (bench/baseline.sh).
    schema=$(cd "$here/sql" && printf '%s\n' [0-9]*_*.sql | sort | tail -1)
    schema=$(sed 's/_.*//; s/^0*//' <<<"$schema")
    old=$("$here/bench/baseline.sh" d0fe551 "$schema")
fi
/usr/bin/python3 "$here/bench/lists.py" "$old" "$new" "${1:-5}" "${2:-3}"
