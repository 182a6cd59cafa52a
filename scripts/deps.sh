#!/usr/bin/env bash
# Installs the Debian packages mod_feedback needs to build, run and test.
# As root it installs what is missing; as another user it prints the
# command to run and fails.
# Usage: scripts/deps.sh [build|run|test|bench|fuzz]
set -euo pipefail

# Building needs the -dev packages; running needs their libraries, which
# they pull in (libcurl4 is named too: outbound HTTP is libcurl's OpenSSL
# flavour, not the GnuTLS one some machines carry), and ca-certificates,
# the authorities outbound HTTPS trusts unless FeedbackOutboundCAFile
# names others (apt does not install it as a recommendation here).
# libmagic-dev: file types by content (ticket files; it pulls in the
# compiled magic database, libmagic-mgc); libarchive-dev: the entries of
# archives stored as files (core/fb_archive.c).
build_pkgs=(gcc make pkg-config libc6-dev apache2 apache2-dev
            libaprutil1-dbd-pgsql libjson-c-dev libssl-dev libgumbo-dev
            libcmark-dev libcurl4-openssl-dev libcurl4 libpq-dev ca-certificates
            postgresql libmagic-dev libarchive-dev)
# openssl: the outbound tests make a self-signed certificate with its CLI;
# python3-aiosmtpd: the SMTP server the email delivery tests send to;
# curl: scripts/sdk.sh fetches the official client library (and Node.js
# 20 when the machine has none) from the npm registry;
# python3-jsonschema: every answer the suite receives is checked against
# the served OpenAPI description (t/api/contract.py).
# chromium, chromium-driver, python3-selenium: the public help center's
# browser test (t/api/test_help_browser.py) drives headless Chromium;
# fonts-noto-color-emoji draws the collections' icons in its screenshots.
# python3-pytest-xdist: scripts/test.sh runs the API tests that time
# nothing on two workers (t/api/conftest.py, SERIAL).
test_pkgs=(libcunit1-dev python3 python3-pytest python3-requests
           python3-psycopg2 openssl python3-aiosmtpd curl
           python3-jsonschema chromium chromium-driver python3-selenium
           fonts-noto-color-emoji python3-pytest-xdist)
# git: the baseline build is made from `git archive` (bench/baseline.sh).
bench_pkgs=(wrk git)
# make fuzz: clang with libFuzzer and the sanitizer runtimes (Debian puts
# them in libclang-rt-14-dev, which clang does not always pull in).
fuzz_pkgs=(clang libclang-rt-14-dev)

# run: curl, for the line scripts/run.sh prints to try the API.
run_pkgs=(curl)

want=("${build_pkgs[@]}")
case "${1:-build}" in
    build) ;;
    run) want+=("${run_pkgs[@]}") ;;
    test) want+=("${test_pkgs[@]}") ;;
    bench) want+=("${test_pkgs[@]}" "${bench_pkgs[@]}") ;;
    fuzz) want+=("${fuzz_pkgs[@]}") ;;
    *) echo "usage: $0 [build|run|test|bench|fuzz]" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null \
            | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "mod_feedback needs these Debian packages: ${missing[*]}" >&2
    echo "Run as root:  $cmd" >&2
    exit 1
fi
echo "Installing: ${missing[*]}" >&2
apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends "${missing[@]}" >/dev/null
