#!/usr/bin/env bash
# Measures the API against the reference handler (bench/mod_fbref.c) in one
# httpd, on a private PostgreSQL with generated data, and prints a table.
#
#   bench/run.sh            (or: make bench)
#
# Everything it starts lives under a mktemp directory in /tmp, on free
# ports of 127.0.0.1, and is stopped on exit, failure included.  The
# table is also written to bench/results/latest.txt.
#
# Settings (environment):
#   BENCH_DURATION     wrk duration per request, in seconds ("10" or "10s")
#   BENCH_THREADS      wrk threads (2)
#   BENCH_CONNECTIONS  wrk connections (32)
#   BENCH_WARMUP       warm-up per request, in seconds (2)
#   BENCH_STRICT       1: exit with status 3 when the target is missed
#   BENCH_KEEP         1: keep the run directory (logs, data) afterwards
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bench=$here/bench

duration=${BENCH_DURATION:-10}
duration=${duration%s}
threads=${BENCH_THREADS:-2}
conns=${BENCH_CONNECTIONS:-32}
warmup=${BENCH_WARMUP:-2}
warmup=${warmup%s}
for n in "$duration" "$threads" "$conns" "$warmup"; do
    [[ $n =~ ^[1-9][0-9]{0,3}$ ]] || {
        echo "bench: settings must be small positive integers" >&2; exit 2; }
done
target=0.70
py=/usr/bin/python3

log() { printf 'bench: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

"$here/scripts/deps.sh" bench

# The run directory must be reachable by postgres (the cluster) and
# www-data (the socket directory), hence 0755.
run_dir=$(mktemp -d /tmp/fb-bench.XXXXXX)
chmod 755 "$run_dir"
mkdir -p "$run_dir/run" "$run_dir/logs"
conf=$run_dir/httpd.conf
pg_dir=$run_dir/pg

cleanup() {
    local rc=$? pid
    set +e
    trap - EXIT INT TERM
    if [ -f "$run_dir/run/httpd.pid" ]; then
        pid=$(cat "$run_dir/run/httpd.pid")
        /usr/sbin/apache2 -f "$conf" -k stop 2>/dev/null
        for _ in $(seq 100); do
            [ -f "$run_dir/run/httpd.pid" ] || break
            sleep 0.1
        done
        if [ -f "$run_dir/run/httpd.pid" ] && [ -n "$pid" ]; then
            log "httpd did not stop; killing its process group $pid"
            kill -KILL -- "-$pid" 2>/dev/null
        fi
    fi
    [ -d "$pg_dir" ] && "$here/scripts/pg.sh" stop "$pg_dir"
    if [ "$rc" -ne 0 ] && [ -s "$run_dir/logs/error.log" ]; then
        log "httpd error.log (last lines):"
        tail -n 20 "$run_dir/logs/error.log" >&2
    fi
    if [ "${BENCH_KEEP:-0}" = 1 ]; then
        log "run directory kept: $run_dir"
    else
        rm -rf "$run_dir"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Both modules, quietly unless the build fails.
make -C "$here" -s mod_feedback.so bench/mod_fbref.so \
        >"$run_dir/build.log" 2>&1 \
    || { cat "$run_dir/build.log" >&2; die "the build failed"; }

# Two free ports, held together so that they differ.
read -r port pg_port < <("$py" - <<'PY'
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))
PY
)

# PostgreSQL, schema, the bench organization and its data.
"$here/scripts/pg.sh" start "$pg_dir" "$pg_port"
"$here/scripts/pg.sh" createdb "$pg_dir" "$pg_port" feedback
export FEEDBACK_DB
FEEDBACK_DB=$("$here/scripts/pg.sh" dsn "$pg_dir" "$pg_port" feedback)
psql_bin=$(command -v psql || ls -d /usr/lib/postgresql/*/bin/psql \
           | sort -V | tail -1)
"$here/bin/feedbackctl" migrate >/dev/null
IFS=$'\t' read -r org _ key < <("$here/bin/feedbackctl" org create \
    Bench owner@bench.example "Bench Owner")
[ -n "$org" ] && [ -n "$key" ] || die "could not create the organization"
"$psql_bin" "$FEEDBACK_DB" -X -q -v ON_ERROR_STOP=1 -v org="$org" \
    -f "$bench/gen.sql" >/dev/null
board=$("$psql_bin" "$FEEDBACK_DB" -X -tA -v org="$org" <<'SQL'
SELECT id FROM boards WHERE org_id = :'org' ORDER BY created_at LIMIT 1
SQL
)
[ -n "$board" ] || die "no board was generated"

# httpd with both modules.
secret=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
ref_conf='<Location /ref>
    SetHandler fbref
    Require all granted
</Location>'
"$here/scripts/render-conf.sh" "$conf" RUN_DIR="$run_dir" PORT="$port" \
    MODULE="$here/mod_feedback.so" SECRET="$secret" \
    DBD_PARAMS="$FEEDBACK_DB" LOG_LEVEL=warn \
    EXTRA_MODULES="LoadModule fbref_module $here/bench/mod_fbref.so" \
    EXTRA_CONF="$ref_conf"
/usr/sbin/apache2 -f "$conf" -k start
up=0
for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        up=1
        break
    fi
    sleep 0.1
done
[ "$up" = 1 ] || die "httpd did not start on port $port"

base=http://127.0.0.1:$port
auth="Authorization: Bearer $key"
url_a="$base/v2/boards/$board"
url_b="$base/ref/board?org=$org&id=$board"
url_c="$base/v2/brands?limit=100"
url_d="$base/ref/brands?org=$org&limit=101"

# The comparison is honest only if both sides answer the same thing: the
# same board bytes, and the same first 100 brands.
sizes=$("$py" - "$key" "$url_a" "$url_b" "$url_c" "$url_d" <<'PY'
import json
import sys
import urllib.error
import urllib.request

key, url_a, url_b, url_c, url_d = sys.argv[1:]


def get(url, auth):
    req = urllib.request.Request(url)
    if auth:
        req.add_header("Authorization", "Bearer " + key)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
            ctype = r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        sys.exit("bench: %s answered %d: %s" % (url, e.code, e.read()[:300]))
    if not ctype.startswith("application/json"):
        sys.exit("bench: %s answered Content-Type %r" % (url, ctype))
    return body


a, b = get(url_a, True), get(url_b, False)
c, d = get(url_c, True), get(url_d, False)
if a != b:
    sys.exit("bench: the board differs:\n API %r\n ref %r" % (a, b))
json.loads(a)
api, ref = json.loads(c), json.loads(d)
data = api.get("data")
if not isinstance(data, list) or len(data) != 100 or len(ref) != 101:
    sys.exit("bench: expected 100 brands from the API and 101 from the "
             "reference, got %s and %d"
             % (len(data) if isinstance(data, list) else data, len(ref)))
if data != ref[:100]:
    sys.exit("bench: the brands differ")
if not api.get("nextCursor"):
    sys.exit("bench: the API brand list has no nextCursor")
ids = [x["id"] for x in data]
if len(set(ids)) != 100:
    sys.exit("bench: duplicate brands in the list")
print(len(a), len(b), len(c), len(d))
PY
)
read -r size_a size_b size_c size_d <<<"$sizes"
log "API and reference agree (board $board, 100 brands)"

# One wrk run; prints "requests duration_us p50_us p99_us" and checks that
# every response was a 2xx without socket errors.
wrk_run() {
    local secs=$1 url=$2 out line
    shift 2
    out=$(timeout $((secs + 30)) wrk -t"$threads" -c"$conns" -d"${secs}s" \
          --timeout 5s -s "$bench/report.lua" "$@" "$url") \
        || die "wrk failed on $url"
    line=$(grep '^FBBENCH ' <<<"$out") || die "no wrk report for $url"
    local requests duration p50 p99 non2xx connect read write tmo
    read -r requests duration p50 p99 non2xx connect read write tmo \
        < <(sed -E -e 's/^FBBENCH //' -e 's/[a-z0-9_]+=//g' <<<"$line")
    if [ "$non2xx" != 0 ] || [ "$connect" != 0 ] || [ "$read" != 0 ] \
            || [ "$write" != 0 ] || [ "$tmo" != 0 ]; then
        die "errors on $url: non-2xx $non2xx, connect $connect," \
            "read $read, write $write, timeout $tmo"
    fi
    echo "$requests $duration $p50 $p99"
}

log "warming up (${warmup}s per request)"
wrk_run "$warmup" "$url_a" -H "$auth" >/dev/null
wrk_run "$warmup" "$url_b" >/dev/null
wrk_run "$warmup" "$url_c" -H "$auth" >/dev/null
wrk_run "$warmup" "$url_d" >/dev/null

log "measuring (wrk -t$threads -c$conns -d${duration}s per request)"
res_a=$(wrk_run "$duration" "$url_a" -H "$auth")
res_b=$(wrk_run "$duration" "$url_b")
res_c=$(wrk_run "$duration" "$url_c" -H "$auth")
res_d=$(wrk_run "$duration" "$url_d")

# The table, on stdout and in bench/results/latest.txt.
mkdir -p "$bench/results"
rev=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$here" status --porcelain 2>/dev/null)" ]; then
    rev="$rev (with uncommitted changes)"
fi
"$py" - "$res_a" "$res_b" "$res_c" "$res_d" \
    "$size_a" "$size_b" "$size_c" "$size_d" <<PY | tee "$bench/results/latest.txt"
import sys

rows = [r.split() for r in sys.argv[1:5]]
sizes = sys.argv[5:9]
names = [
    "(a) API GET /v2/boards/{id}",
    "(b) ref /ref/board?org=..&id=..",
    "(c) API GET /v2/brands?limit=100",
    "(d) ref /ref/brands?org=..&limit=101",
]
rps = [int(r[0]) / (int(r[1]) / 1e6) for r in rows]
print("mod_feedback benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), "
      "commit $rev")
print("wrk -t$threads -c$conns -d${duration}s per request, after "
      "${warmup}s of warm-up; $(nproc) cores shared by wrk, httpd and "
      "PostgreSQL")
print()
print("%-38s %9s %8s %8s %7s" % ("request", "req/s", "p50 ms", "p99 ms",
                                 "bytes"))
for name, r, v, size in zip(names, rows, rps, sizes):
    print("%-38s %9.0f %8.2f %8.2f %7s"
          % (name, v, int(r[2]) / 1000, int(r[3]) / 1000, size))
print()
by_id, lists = rps[0] / rps[1], rps[2] / rps[3]
print("ratio API/reference, GET by id (a/b):   %.2f   target >= $target: %s"
      % (by_id, "met" if by_id >= $target else "MISSED"))
print("ratio API/reference, list of 100 (c/d): %.2f" % lists)
PY
if [ "${BENCH_STRICT:-0}" = 1 ]; then
    "$py" -c 'import sys; a, b = map(float, sys.argv[1:3]); \
sys.exit(0 if a >= b else 3)' \
        "$(sed -n 's/.*(a\/b): *\([0-9.]*\).*/\1/p' \
           "$bench/results/latest.txt")" "$target"
fi
