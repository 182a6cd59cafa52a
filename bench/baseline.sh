#!/usr/bin/env bash
# Builds mod_feedback.so of a given commit, the frozen baseline that
# bench/run.sh measures next to the working tree's module, and prints the
# path of the built file.
#
#   bench/baseline.sh REV SCHEMA_VERSION
#
# The module refuses a database whose schema is newer than its own
# (FB_SCHEMA_VERSION, from the last migration in sql/), so the baseline
# is built with the working tree's SCHEMA_VERSION on make's command line:
# the migrations since REV only add, and the baseline only reads.  The
# build is kept under $BENCH_BASELINE_CACHE (/var/tmp/fb-bench-baseline),
# one directory per commit and schema version, so that the next run does
# not build it again.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:?commit}
schema=${2:?schema version}
[[ $schema =~ ^[1-9][0-9]{0,5}$ ]] || {
    echo "baseline: bad schema version: $schema" >&2; exit 2; }
sha=$(git -C "$here" rev-parse --verify --quiet "$rev^{commit}") || {
    echo "baseline: no such commit: $rev" >&2; exit 2; }
cache=${BENCH_BASELINE_CACHE:-/var/tmp/fb-bench-baseline}
dir=$cache/$sha-schema$schema
if [ -s "$dir/mod_feedback.so" ]; then
    echo "$dir/mod_feedback.so"
    exit 0
fi
mkdir -p "$cache"
# Built aside and renamed into place: a failed or concurrent build never
# leaves a half-written module where the next run would take it.
tmp=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "baseline: building mod_feedback.so of ${sha:0:7} (schema $schema)" >&2
git -C "$here" archive "$sha" | tar -x -C "$tmp"
make -C "$tmp" -s mod_feedback.so SCHEMA_VERSION="$schema" \
        >"$tmp/build.log" 2>&1 \
    || { tail -n 40 "$tmp/build.log" >&2
         echo "baseline: the build of ${sha:0:7} failed" >&2; exit 1; }
mkdir -p "$tmp/out"
cp "$tmp/mod_feedback.so" "$tmp/out/mod_feedback.so"
git -C "$here" log -1 --format='%H %cI %s' "$sha" >"$tmp/out/COMMIT"
if ! mv -T "$tmp/out" "$dir" 2>/dev/null; then
    # Another run got there first: use its build.
    [ -s "$dir/mod_feedback.so" ] || {
        echo "baseline: cannot write $dir" >&2; exit 1; }
fi
echo "$dir/mod_feedback.so"
