#!/usr/bin/env bash
# Comment and changelog lists, old module against new on one database:
# same bytes, then PostgreSQL CPU per request (bench/lists.py; README.md
# "Comments and changelogs").
#
#   bench/lists.sh [SECONDS] [ROUNDS]       (defaults: 5, 3)
#   BENCH_OLD_MODULE=path/to/old/mod_feedback.so (else d0fe551 is built)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/build.sh"
new=$(mktemp /tmp/fblists-new.XXXXXX.so)
cp "$here/mod_feedback.so" "$new"
old=${BENCH_OLD_MODULE:-}
tree=
cleanup() {
    rm -f "$new"
    if [ -n "$tree" ]; then
        git -C "$here" worktree remove --force "$tree"
    fi
}
trap cleanup EXIT
if [ -z "$old" ]; then
    tree=$(mktemp -d /tmp/fblists-old.XXXXXX)
    git -C "$here" worktree add --detach "$tree" d0fe551 >/dev/null
    "$tree/scripts/build.sh"
    old=$tree/mod_feedback.so
fi
/usr/bin/python3 "$here/bench/lists.py" "$old" "$new" "${1:-5}" "${2:-3}"
