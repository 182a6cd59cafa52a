#!/usr/bin/env bash
# Renders conf/httpd.conf.in: scripts/render-conf.sh OUT NAME=VALUE ...
# Names not given keep their defaults below.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?output file}; shift
declare -A v=([LOG_LEVEL]=warn [KEY_CACHE_TTL]=10 [EXTRA_MODULES]= [EXTRA_CONF]=)
for kv in "$@"; do v[${kv%%=*}]=${kv#*=}; done
content=$(cat "$here/conf/httpd.conf.in")
# Quoted: an "&" in a value must stay itself (bash 5.2 patsub_replacement).
for k in "${!v[@]}"; do content=${content//@$k@/"${v[$k]}"}; done
if grep -q '@[A-Z_]*@' <<<"$content"; then
    echo "render-conf: unfilled: $(grep -o '@[A-Z_]*@' <<<"$content" | sort -u | tr '\n' ' ')" >&2
    exit 1
fi
printf '%s\n' "$content" >"$out"
