#!/usr/bin/env bash
# axe-core, the accessibility checker the help center's browser test runs
# inside Chromium (t/api/test_help_browser.py), fetched once from the npm
# registry as a pinned tarball checked against its integrity (SHA-512),
# as scripts/sdk.sh fetches the official client.  Needs curl, tar and
# openssl.
#
#   scripts/axe.sh        prints the path of axe.min.js
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
registry=https://registry.npmjs.org

axe_version=4.14.1
axe_integrity=sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==

. "$here/scripts/npm-fetch.sh"

npm_fetch "$registry/axe-core/-/axe-core-$axe_version.tgz" \
    "$axe_integrity" "$here/t/browser/node_modules/axe-core" >&2
echo "$here/t/browser/node_modules/axe-core/axe.min.js"
