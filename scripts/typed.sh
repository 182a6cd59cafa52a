#!/usr/bin/env bash
# The tools of the typed-client test (t/api/test_typed_client.py):
# openapi-typescript and TypeScript, as t/typed/package-lock.json pins
# them, fetched from the npm registry into t/typed/node_modules without
# npm (every tarball checked against the lock's SHA-512).
#
#   scripts/typed.sh        prints the node binary to use (scripts/sdk.sh's)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
registry=https://registry.npmjs.org
. "$here/scripts/npm-fetch.sh"

node=$("$here/scripts/sdk.sh")
# Each package of the lock: its folder, tarball address and integrity.
/usr/bin/python3 - "$here/t/typed/package-lock.json" "$registry" <<'PY' |
import json, sys
lock, registry = json.load(open(sys.argv[1])), sys.argv[2]
for path, p in lock["packages"].items():
    if not path:
        continue
    name = path.rsplit("node_modules/", 1)[1]
    url = p.get("resolved") or "%s/%s/-/%s-%s.tgz" % (
        registry, name, name.split("/")[-1], p["version"])
    print(path, url, p["integrity"])
PY
while read -r path url integrity; do
    npm_fetch "$url" "$integrity" "$here/t/typed/$path" >&2
done
echo "$node"
