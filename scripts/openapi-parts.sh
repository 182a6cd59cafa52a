#!/bin/sh
# Writes the C source that carries the families' parts of the served
# OpenAPI description (modules/resources/<family>/openapi.json) into the
# module: scripts/openapi-parts.sh OUT.c PART.json...  See fb_openapi.h.
set -eu
out=$1
shift
tmp=$out.tmp
{
    echo "/* Made by scripts/openapi-parts.sh from $# parts: do not edit. */"
    echo '#include "fb_openapi.h"'
    echo
    echo 'const fb_openapi_part_t fb_openapi_parts[] = {'
    for part in "$@"; do
        echo "    {\"$part\","
        # Each line a C string literal: backslashes and quotes escaped.
        sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/     "/' -e 's/$/\\n"/' \
            "$part"
        echo '    },'
    done
    echo '    {NULL, NULL}'
    echo '};'
} >"$tmp"
mv -f "$tmp" "$out"
