#!/usr/bin/env bash
# Builds the given make targets (default: the module) quietly; the full
# compiler output is shown only when the build fails.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
log=$(mktemp)
if ! make -j"$(nproc)" -C "$here" "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    exit 1
fi
rm -f "$log"
