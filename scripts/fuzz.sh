#!/usr/bin/env bash
# Runs fuzz targets built by `make fuzz-build` (t/fuzz/build/fuzz_<name>),
# each for the given number of seconds, one after the other.
#
#   scripts/fuzz.sh SECONDS NAME...
#
# Each run starts from a scratch copy of t/fuzz/corpus/<name> (new inputs
# are written there, never into the repository), with t/fuzz/<name>.dict
# when there is one.  A crash, a sanitizer report, a leak or an input
# slower than FUZZ_INPUT_TIMEOUT seconds (default 25) fails the target;
# the input is kept in the scratch directory, whose path is printed, with
# the command that replays it.  FUZZ_WORK names the scratch directory
# (default: a new one under /tmp, removed when every target passed).
# The status is non-zero when any target failed.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 2 ]; then
    echo "usage: $0 SECONDS NAME..." >&2
    exit 2
fi
seconds=$1
shift
work=${FUZZ_WORK:-$(mktemp -d /tmp/fbfuzz.XXXXXX)}
input_timeout=${FUZZ_INPUT_TIMEOUT:-25}
failed=()

for name in "$@"; do
    bin="$here/t/fuzz/build/fuzz_$name"
    dir="$work/$name"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    if [ -d "$here/t/fuzz/corpus/$name" ]; then
        cp "$here/t/fuzz/corpus/$name"/* "$dir/corpus/" 2>/dev/null
    fi
    args=(-max_total_time="$seconds" -timeout="$input_timeout"
          -rss_limit_mb=4096 -print_final_stats=1
          -artifact_prefix="$dir/artifacts/")
    if [ -f "$here/t/fuzz/$name.dict" ]; then
        args+=(-dict="$here/t/fuzz/$name.dict")
    fi
    echo "== fuzz_$name: ${seconds}s"
    if "$bin" "${args[@]}" "$dir/corpus" >"$dir/log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^Done' "$dir/log" \
            | sed 's/^/   /'
    else
        failed+=("$name")
        echo "   FAILED; the end of $dir/log:"
        grep -v '^#' "$dir/log" | tail -40 | sed 's/^/   | /'
        for a in "$dir"/artifacts/*; do
            [ -e "$a" ] || continue
            echo "   input: $a"
            echo "   replay: $bin $a"
        done
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]} (scratch directory $work)" >&2
    exit 1
fi
[ -z "${FUZZ_WORK:-}" ] && rm -rf "$work"
echo "fuzz: every target ran ${seconds}s without a finding"
