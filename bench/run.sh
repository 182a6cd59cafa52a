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
#   BENCH_ROUNDS       measured rounds; the median one is shown (1)
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
rounds=${BENCH_ROUNDS:-1}
for n in "$duration" "$threads" "$conns" "$warmup" "$rounds"; do
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
# The rate limits stay on, as in production, but far above what a run
# sends in a minute, so that they count without refusing.
ref_conf='FeedbackRateLimitKey 1000000
FeedbackRateLimitOrg 1000000
<Location /ref>
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

# One wrk run; prints "requests duration_us p50_us p99_us timeouts".
# Every response must be a 2xx, without socket errors.  Requests slower
# than 10 s are only counted (wrk leaves them out of the percentiles).
wrk_run() {
    local secs=$1 url=$2 out line
    shift 2
    out=$(timeout $((secs + 30)) wrk -t"$threads" -c"$conns" -d"${secs}s" \
          --timeout 10s -s "$bench/report.lua" "$@" "$url") \
        || die "wrk failed on $url"
    line=$(grep '^FBBENCH ' <<<"$out") || die "no wrk report for $url"
    local requests duration p50 p99 non2xx connect read write tmo
    read -r requests duration p50 p99 non2xx connect read write tmo \
        < <(sed -E -e 's/^FBBENCH //' -e 's/[a-z0-9_]+=//g' <<<"$line")
    if [ "$non2xx" != 0 ] || [ "$connect" != 0 ] || [ "$read" != 0 ] \
            || [ "$write" != 0 ]; then
        die "errors on $url: non-2xx $non2xx, connect $connect," \
            "read $read, write $write"
    fi
    echo "$requests $duration $p50 $p99 $tmo"
}

log "warming up (${warmup}s per request)"
wrk_run "$warmup" "$url_a" -H "$auth" >/dev/null
wrk_run "$warmup" "$url_b" >/dev/null
wrk_run "$warmup" "$url_c" -H "$auth" >/dev/null
wrk_run "$warmup" "$url_d" >/dev/null

# One measured run, with the CPU time httpd and PostgreSQL spent on it.
httpd_pid=$(cat "$run_dir/run/httpd.pid")
pg_pid=$(head -n 1 "$pg_dir/data/postmaster.pid")
measure() {
    local h0 h1 p0 p1 result
    h0=$("$py" "$bench/cputime.py" "$httpd_pid")
    p0=$("$py" "$bench/cputime.py" "$pg_pid")
    result=$(wrk_run "$duration" "$@")
    h1=$("$py" "$bench/cputime.py" "$httpd_pid")
    p1=$("$py" "$bench/cputime.py" "$pg_pid")
    echo "$result $h0 $h1 $p0 $p1;"
}

log "measuring (wrk -t$threads -c$conns -d${duration}s per request," \
    "$rounds round(s))"
runs_a= runs_b= runs_c= runs_d=
for _ in $(seq "$rounds"); do
    runs_a+=$(measure "$url_a" -H "$auth")
    runs_b+=$(measure "$url_b")
    runs_c+=$(measure "$url_c" -H "$auth")
    runs_d+=$(measure "$url_d")
done

# The table, on stdout and in bench/results/latest.txt.
mkdir -p "$bench/results"
rev=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$here" status --porcelain 2>/dev/null)" ]; then
    rev="$rev (with uncommitted changes)"
fi
header="mod_feedback benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $rev
wrk -t$threads -c$conns -d${duration}s per request, ${warmup}s of warm-up,\
 $rounds round(s); $(nproc) cores shared by wrk, httpd and PostgreSQL"
"$py" "$bench/table.py" "$target" "${BENCH_STRICT:-0}" "$header" \
    "$size_a" "$runs_a" "$size_b" "$runs_b" \
    "$size_c" "$runs_c" "$size_d" "$runs_d" \
    | tee "$bench/results/latest.txt"
