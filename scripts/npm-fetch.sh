# Sourced by scripts/sdk.sh and scripts/typed.sh: fetching pinned npm
# registry tarballs without npm.
#
# npm_fetch URL INTEGRITY DIR: the tarball's top folder (package/ for
# almost all) unpacked into DIR, once, after its SHA-512 is checked
# against INTEGRITY (the registry's "sha512-..." form).  Needs curl, tar
# and openssl.
npm_fetch() {
    local url=$1 integrity=$2 dir=$3 tmp got top
    [ -f "$dir/.integrity" ] && [ "$(cat "$dir/.integrity")" = "$integrity" ] \
        && return 0
    tmp=$(mktemp -d)
    if ! curl -fsSL --retry 3 -o "$tmp/p.tgz" "$url"; then
        rm -rf "$tmp"
        echo "npm_fetch: could not fetch $url" >&2
        return 1
    fi
    got="sha512-$(openssl dgst -sha512 -binary "$tmp/p.tgz" | base64 -w0)"
    if [ "$got" != "$integrity" ]; then
        rm -rf "$tmp"
        echo "npm_fetch: $url does not match its pinned integrity" >&2
        return 1
    fi
    mkdir "$tmp/x"
    tar -xzf "$tmp/p.tgz" -C "$tmp/x"
    top=$(ls "$tmp/x" | head -n 1)
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    mv "$tmp/x/$top" "$dir"
    echo "$integrity" > "$dir/.integrity"
    rm -rf "$tmp"
}
