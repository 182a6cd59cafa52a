#!/usr/bin/env bash
# Measures the API against the reference handler (bench/mod_fbref.c) in one
# httpd, on a private PostgreSQL with generated data, and prints a table;
# then, unless BENCH_POSTS=0, the same for an organization of a million
# posts, the latencies of its lists and the plans of their statements.
# A second httpd runs the module of a frozen commit (bench/baseline.sh)
# on the same database: each API request is measured on both, one after
# the other, once both are seen to answer the same bytes.
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
#   BENCH_POSTS        posts of the second part (1000000); 0 skips it
#   BENCH_DEEP_PAGES   pages of 100 walked for the deep page (1000)
#   BENCH_LATENCY_CONNECTIONS  wrk connections of the list latencies (1)
#   BENCH_WIDE_CONNECTIONS     the second, higher concurrency (128)
#   BENCH_BASELINE     commit of the baseline build (1088b39); none: none
set -euo pipefail
# A failure inside $(...) (a wrk run in measure) must stop the run too.
shopt -s inherit_errexit
here=$(cd "$(dirname "$0")/.." && pwd)
bench=$here/bench

duration=${BENCH_DURATION:-10}
duration=${duration%s}
threads=${BENCH_THREADS:-2}
conns=${BENCH_CONNECTIONS:-32}
warmup=${BENCH_WARMUP:-2}
warmup=${warmup%s}
rounds=${BENCH_ROUNDS:-1}
posts=${BENCH_POSTS:-1000000}
deep=${BENCH_DEEP_PAGES:-1000}
lat_conns=${BENCH_LATENCY_CONNECTIONS:-1}
wide=${BENCH_WIDE_CONNECTIONS:-128}
baseline=${BENCH_BASELINE:-1088b39}
for n in "$duration" "$threads" "$conns" "$warmup" "$rounds" "$deep" \
         "$lat_conns" "$wide"; do
    [[ $n =~ ^[1-9][0-9]{0,3}$ ]] || {
        echo "bench: settings must be small positive integers" >&2; exit 2; }
done
# Post ids end in a 24-bit number (bench/gen_posts.sql).
[[ $posts =~ ^[0-9]{1,8}$ ]] && [ "$posts" -le 16000000 ] || {
    echo "bench: BENCH_POSTS must be 0 to 16000000" >&2; exit 2; }
target=0.70
py=/usr/bin/python3

log() { printf 'bench: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

"$here/scripts/deps.sh" bench

# The run directory must be reachable by postgres (the cluster) and
# www-data (the socket directory), hence 0755.
run_dir=$(mktemp -d /tmp/fb-bench.XXXXXX)
chmod 755 "$run_dir"
# Each httpd has its own server root: the module under test in $run_dir,
# the baseline in $run_dir/base.
base_dir=$run_dir/base
mkdir -p "$run_dir/run" "$run_dir/logs" "$base_dir/run" "$base_dir/logs"
chmod 755 "$base_dir"
pg_dir=$run_dir/pg

# stop_httpd ROOT: stops the httpd whose server root is ROOT, if running.
stop_httpd() {
    local root=$1 pid
    [ -f "$root/run/httpd.pid" ] || return 0
    pid=$(cat "$root/run/httpd.pid")
    /usr/sbin/apache2 -f "$root/httpd.conf" -k stop 2>/dev/null
    for _ in $(seq 100); do
        [ -f "$root/run/httpd.pid" ] || break
        sleep 0.1
    done
    if [ -f "$root/run/httpd.pid" ] && [ -n "$pid" ]; then
        log "httpd did not stop; killing its process group $pid"
        kill -KILL -- "-$pid" 2>/dev/null
    fi
}

cleanup() {
    local rc=$? root
    set +e
    trap - EXIT INT TERM
    stop_httpd "$run_dir"
    stop_httpd "$base_dir"
    [ -d "$pg_dir" ] && "$here/scripts/pg.sh" stop "$pg_dir"
    for root in "$run_dir" "$base_dir"; do
        if [ "$rc" -ne 0 ] && [ -s "$root/logs/error.log" ]; then
            log "$root/logs/error.log (last lines):"
            tail -n 20 "$root/logs/error.log" >&2
        fi
    done
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
# The baseline, built once per commit (bench/baseline.sh), for this
# tree's schema version: the Makefile's, the number of the last migration.
if [ "$baseline" != none ]; then
    schema=$(cd "$here/sql" && printf '%s\n' [0-9]*_*.sql | sort | tail -1)
    schema=$(sed 's/_.*//; s/^0*//' <<<"$schema")
    base_so=$("$bench/baseline.sh" "$baseline" "$schema") \
        || die "the baseline build failed"
    base_rev=$(git -C "$here" rev-parse --short "$baseline^{commit}")
fi

# Three free ports, held together so that they differ.
read -r port pg_port base_port < <("$py" - <<'PY'
import socket
socks = [socket.socket() for _ in range(3)]
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

# The second part: an organization of $posts posts (bench/gen_posts.sql),
# inserted by one session per core (at most 4).
psql_q() { "$psql_bin" "$FEEDBACK_DB" -X -q -v ON_ERROR_STOP=1 "$@"; }
now() { date +%s.%N; }
if [ "$posts" -gt 0 ]; then
    log "generating $posts posts"
    t_end=$(psql_q -tA -c "SELECT date_trunc('second', now())")
    gen=(-v org="$org" -v n="$posts" -v t_end="$t_end"
         -f "$bench/gen_posts.sql")
    parts=$(nproc)
    [ "$parts" -le 4 ] || parts=4
    [ "$posts" -ge $((parts * 100)) ] || parts=1
    gen_t0=$(now)
    psql_q -v step=setup "${gen[@]}" >/dev/null
    gen_pids=()
    for i in $(seq 0 $((parts - 1))); do
        psql_q -v step=posts -v lo=$((posts * i / parts + 1)) \
            -v hi=$((posts * (i + 1) / parts)) -v seed="0.$((i + 1))" \
            "${gen[@]}" >/dev/null &
        gen_pids+=($!)
    done
    for pid in "${gen_pids[@]}"; do
        wait "$pid" || die "generating posts failed"
    done
    gen_t1=$(now)
    psql_q -v step=finish "${gen[@]}" >/dev/null
    gen_t2=$(now)
    counts=$(psql_q -tA -F ' ' -v org="$org" <<'SQL'
SELECT count(*), count(*) FILTER (WHERE NOT in_review),
       (SELECT count(*) FROM post_tags WHERE org_id = :'org'),
       pg_relation_size('posts') / 1048576,
       pg_total_relation_size('posts') / 1048576
FROM posts WHERE org_id = :'org'
SQL
)
    read -r n_posts n_visible n_tags heap_mb total_mb <<<"$counts"
    [ "$n_posts" = "$posts" ] || die "generated $n_posts posts, not $posts"
    gen_summary=$("$py" - "$gen_t0" "$gen_t1" "$gen_t2" "$parts" <<'PY'
import sys
t0, t1, t2 = (float(x) for x in sys.argv[1:4])
print("%.1f s: rows %.1f s (%s sessions), indexes, checks and VACUUM "
      "ANALYZE %.1f s" % (t2 - t0, t1 - t0, sys.argv[4], t2 - t1))
PY
)
    log "generated in $gen_summary"
    # auto_explain is loaded by every new session but logs nothing until
    # the plans are captured, after the measurements.
    psql_q -c "ALTER SYSTEM SET session_preload_libraries = 'auto_explain'" \
        -c "SELECT pg_reload_conf()" >/dev/null
fi

# httpd with both modules, and the baseline's httpd, from the same
# conf/httpd.conf.in and secret (cursors are signed with it).
secret=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
# The rate limits stay on, as in production, but far above what a run
# sends in a minute, so that they count without refusing; so do the
# limits of searches one organization and the node run at once (the
# bench's one organization searches from 32 connections, and measures
# the server's speed, not its sharing).  The fair shares of workers
# and the searches' bulkhead and time budget are as shipped.
limits_conf='FeedbackRateLimitKey 1000000
FeedbackRateLimitOrg 1000000
FeedbackExpensivePerOrganization 1000
FeedbackExpensivePerNode 1000'
ref_conf="$limits_conf
<Location /ref>
    SetHandler fbref
    Require all granted
</Location>"
# start_httpd ROOT PORT MODULE [NAME=VALUE...]: renders ROOT/httpd.conf
# and starts it.
start_httpd() {
    local root=$1 port=$2 module=$3 directive known
    shift 3
    "$here/scripts/render-conf.sh" "$root/httpd.conf" RUN_DIR="$root" \
        PORT="$port" MODULE="$module" SECRET="$secret" \
        DBD_PARAMS="$FEEDBACK_DB" LOG_LEVEL=warn "$@"
    # A module directive newer than the module (an older baseline) is
    # left out rather than refused; mod_feedback's are named Feedback*.
    known=$(strings -n 8 "$module")
    for directive in $(grep -o '^ *Feedback[A-Za-z]*' "$root/httpd.conf" \
                       | sort -u); do
        if ! grep -qxF "$directive" <<<"$known"; then
            log "$module does not know $directive: left out"
            sed -i "s/^ *$directive\b/# &/" "$root/httpd.conf"
        fi
    done
    /usr/sbin/apache2 -f "$root/httpd.conf" -k start
    for _ in $(seq 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    die "httpd did not start on port $port"
}
start_httpd "$run_dir" "$port" "$here/mod_feedback.so" \
    EXTRA_MODULES="LoadModule fbref_module $here/bench/mod_fbref.so" \
    EXTRA_CONF="$ref_conf"
base=http://127.0.0.1:$port
old=
if [ "$baseline" != none ]; then
    start_httpd "$base_dir" "$base_port" "$base_so" \
        EXTRA_CONF="$limits_conf"
    old=http://127.0.0.1:$base_port
fi
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


def get(url, auth, want):
    req = urllib.request.Request(url)
    if auth:
        req.add_header("Authorization", "Bearer " + key)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
            ctype = r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        sys.exit("bench: %s answered %d: %s" % (url, e.code, e.read()[:300]))
    if not ctype.startswith(want):
        sys.exit("bench: %s answered Content-Type %r" % (url, ctype))
    return body


def ids(rows):
    """The first column of the reference's rows (the id)."""
    return [row.split("\t")[0] for row in rows.decode().split("\n")]


a = get(url_a, True, "application/json")
b = get(url_b, False, "text/tab-separated-values")
c = get(url_c, True, "application/json")
d = get(url_d, False, "text/tab-separated-values")
if ids(b) != [json.loads(a)["id"]]:
    sys.exit("bench: the board differs:\n API %r\n ref %r" % (a, b))
api, ref = json.loads(c), ids(d)
data = api.get("data")
if not isinstance(data, list) or len(data) != 100 or len(ref) != 101:
    sys.exit("bench: expected 100 brands from the API and 101 from the "
             "reference, got %s and %d"
             % (len(data) if isinstance(data, list) else data, len(ref)))
if [x["id"] for x in data] != ref[:100]:
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

# One wrk run; prints "requests duration_us p50_us p99_us timeouts bytes
# http_errors socket_errors".  No response may be a 4xx or 5xx (wrk
# counts those; the 304 line's pass) and no socket error may occur,
# unless wrk_errors_ok is set: the runs at higher concurrencies count
# them instead.
# Requests slower than 10 s are only counted (wrk leaves them out of the
# percentiles).
#   wrk_run SECS URL [WRK_OPTION...] [-- IDS_FILE PATH_TEMPLATE]
# With "--", bench/ids.lua picks an id per request.  wrk_t and wrk_c, when
# set, replace BENCH_THREADS and BENCH_CONNECTIONS; wrk_max_bytes, when
# set, is the most a response may read on average, headers included.
wrk_run() {
    local secs=$1 url=$2 out line script=$bench/report.lua
    local opts=() tail=()
    shift 2
    while [ $# -gt 0 ]; do
        if [ "$1" = -- ]; then
            tail=("$@")
            script=$bench/ids.lua
            break
        fi
        opts+=("$1")
        shift
    done
    out=$(timeout $((secs + 30)) wrk -t"${wrk_t:-$threads}" \
          -c"${wrk_c:-$conns}" -d"${secs}s" --timeout 10s -s "$script" \
          "${opts[@]}" "$url" "${tail[@]}") \
        || die "wrk failed on $url"
    line=$(grep '^FBBENCH ' <<<"$out") || die "no wrk report for $url"
    local requests duration p50 p99 status connect read write tmo bytes
    read -r requests duration p50 p99 status connect read write tmo bytes \
        < <(sed -E -e 's/^FBBENCH //' -e 's/[a-z0-9_]+=//g' <<<"$line")
    if [ $((status + connect + read + write)) != 0 ] \
            && [ -z "${wrk_errors_ok:-}" ]; then
        die "errors on $url: 4xx/5xx $status, connect $connect," \
            "read $read, write $write"
    fi
    if [ -n "${wrk_max_bytes:-}" ] && [ "$requests" -gt 0 ] \
            && [ $((bytes / requests)) -gt "$wrk_max_bytes" ]; then
        die "$url ${tail[*]}: $((bytes / requests)) bytes per response," \
            "more than $wrk_max_bytes"
    fi
    echo "$requests $duration $p50 $p99 $tmo $bytes $status" \
         "$((connect + read + write))"
}

# The posts part: GET by id over random posts against the reference,
# and the list latencies.  The deep page's cursor is the one a client
# gets after following nextCursor $deep times.
if [ "$posts" -gt 0 ]; then
    portal="https://$org.feedback.example.com"
    portal_q="https%3A%2F%2F$org.feedback.example.com"
    ids_file=$run_dir/post_ids.txt
    psql_q -tA -v org="$org" >"$ids_file" <<'SQL'
SELECT id FROM posts WHERE org_id = :'org' ORDER BY random() LIMIT 10000
SQL
    word_common=export
    word_rare=zeppelin
    q_g="sortBy=upvotes&limit=100"
    q_i="q=$word_common&limit=100"
    q_j="q=$word_rare&limit=100"
    q_k="q=$word_rare&sortBy=createdAt&limit=100"
    hits=$(psql_q -tA -F ' ' -v org="$org" \
        -v common="$word_common" -v rare="$word_rare" <<'SQL'
SELECT count(*) FILTER (
           WHERE search @@ websearch_to_tsquery('english', :'common')),
       count(*) FILTER (
           WHERE search @@ websearch_to_tsquery('english', :'rare'))
FROM posts WHERE org_id = :'org' AND NOT in_review
SQL
)
    read -r n_common n_rare <<<"$hits"
    log "posts: checking API against reference, walking $deep pages"
    checked=$("$py" "$bench/posts.py" check "$key" "$base" "$org" \
              "$portal" "$ids_file" "$deep" "$q_g" "$q_i" "$q_j" "$q_k")
    read -r size_e size_f size_g size_i size_j size_k size_h deep_cursor \
        walk_pages walk_rows walk_s walk_p50 walk_p99 walk_first walk_last \
        walk_md5 <<<"$checked"
    sql_md5=$(psql_q -tA -v org="$org" -v n="$walk_rows" <<'SQL'
SELECT md5(string_agg(id, ',' ORDER BY upvotes DESC, id DESC))
FROM (SELECT id, upvotes FROM posts
      WHERE org_id = :'org' AND NOT in_review
      ORDER BY upvotes DESC, id DESC LIMIT :n) s
SQL
)
    [ "$sql_md5" = "$walk_md5" ] \
        || die "the walk's $walk_rows posts differ from SQL's order"
    log "posts: API and reference answer; walked $walk_pages pages" \
        "($walk_rows posts, in SQL's order) in ${walk_s}s"
    path_f="/ref/post?org=$org&id={id}&private=true&portal=$portal_q"
    path_h="/v2/posts?$q_g&cursor=$deep_cursor"
fi

# The baseline must answer the very bytes of this tree's module: the
# board, the brands, 20 posts and every list measured, each list with
# its next page.
if [ -n "$old" ]; then
    same_paths=("/v2/boards/$board" "/v2/brands?limit=100")
    if [ "$posts" -gt 0 ]; then
        while read -r id; do
            same_paths+=("/v2/posts/$id")
        done < <(head -n 20 "$ids_file")
        same_paths+=("/v2/posts?$q_g" "$path_h" "/v2/posts?$q_i"
                     "/v2/posts?$q_j" "/v2/posts?$q_k")
    fi
    same=$("$py" "$bench/same.py" "$key" "$base" "$old" \
           "${same_paths[@]}") \
        || die "the baseline $base_rev does not answer the same bytes"
    read -r compared timed <<<"$same"
    log "the baseline $base_rev answers the same bytes ($compared" \
        "responses; $timed first-page cursors differ, by the request time)"
fi

# The 304 line: each side's own ETag of 1,000 of the posts (the tag may
# be computed differently, the body must not).
if [ "$posts" -gt 0 ]; then
    etags_new=$run_dir/post_etags.txt
    "$py" "$bench/posts.py" etags "$key" "$base" "$ids_file" 1000 \
        "$etags_new"
    if [ -n "$old" ]; then
        etags_old=$base_dir/post_etags.txt
        "$py" "$bench/posts.py" etags "$key" "$old" "$ids_file" 1000 \
            "$etags_old"
    fi
fi

# What each request runs: req KEY SIDE sets req_url and req_opts (wrk
# options, then ids.lua's arguments after "--") and wrk_t, wrk_c and
# wrk_max_bytes for wrk_run.  SIDE: new (this tree) or old (the
# baseline).  KEY: (a) to (l) of the table; eW, gC and gW are (e) at
# BENCH_WIDE_CONNECTIONS and (g) at BENCH_CONNECTIONS and at
# BENCH_WIDE_CONNECTIONS, for their latencies.
req() {
    local key=$1 root=$base tags=${etags_new:-}
    if [ "$2" = old ]; then
        root=$old
        tags=${etags_old:-}
    fi
    req_opts=(-H "$auth")
    wrk_t=$threads wrk_c=$conns wrk_max_bytes= wrk_errors_ok=
    case $key in
    a) req_url=$root/v2/boards/$board ;;
    b) req_url="$root/ref/board?org=$org&id=$board" req_opts=() ;;
    c) req_url="$root/v2/brands?limit=100" ;;
    d) req_url="$root/ref/brands?org=$org&limit=101" req_opts=() ;;
    e|eW) req_url=$root req_opts+=(-- "$ids_file" "/v2/posts/{id}") ;;
    f) req_url=$root req_opts=(-- "$ids_file" "$path_f") ;;
    l) req_url=$root req_opts+=(-- "$tags" "/v2/posts/{id}")
       # Answered 304: headers only, far below a post's size.
       wrk_max_bytes=$size_e ;;
    g|gC|gW) req_url="$root/v2/posts?$q_g" ;;
    h) req_url=$root$path_h ;;
    i) req_url="$root/v2/posts?$q_i" ;;
    j) req_url="$root/v2/posts?$q_j" ;;
    k) req_url="$root/v2/posts?$q_k" ;;
    *) die "no request $key" ;;
    esac
    case $key in
    g|h|i|j|k) wrk_t=1 wrk_c=$lat_conns ;;
    eW|gW) wrk_c=$wide ;;
    esac
    # Beyond the pool, 503s (FeedbackDBAcquireTimeout) are a result.
    [[ $key != ?[CW] ]] || wrk_errors_ok=1
}
# Whether KEY is measured on the baseline too: every API request.
on_baseline() {
    [ -n "$old" ] && [[ $1 != [bdf] ]]
}
keys=(a b c d)
[ "$posts" = 0 ] || keys+=(e f l g h i j k eW gC gW)

log "warming up (${warmup}s per request)"
for k in "${keys[@]}"; do
    # The latency variants request what (e) and (g) warmed.
    [[ $k != ?[CW] ]] || continue
    for side in new old; do
        [ "$side" = new ] || on_baseline "$k" || continue
        req "$k" "$side"
        wrk_run "$warmup" "$req_url" "${req_opts[@]}" >/dev/null
    done
done

# One measured run, with the CPU time httpd and PostgreSQL spent on it.
#   measure SIDE URL [WRK_OPTION...] [-- IDS_FILE PATH_TEMPLATE]
declare -A httpd_pid
httpd_pid[new]=$(cat "$run_dir/run/httpd.pid")
[ -z "$old" ] || httpd_pid[old]=$(cat "$base_dir/run/httpd.pid")
pg_pid=$(head -n 1 "$pg_dir/data/postmaster.pid")
measure() {
    local pid=${httpd_pid[$1]} h0 h1 p0 p1 result
    shift
    h0=$("$py" "$bench/cputime.py" "$pid")
    p0=$("$py" "$bench/cputime.py" "$pg_pid")
    result=$(wrk_run "$duration" "$@")
    h1=$("$py" "$bench/cputime.py" "$pid")
    p1=$("$py" "$bench/cputime.py" "$pg_pid")
    echo "$result $h0 $h1 $p0 $p1;"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
log "measuring (wrk -t$threads -c$conns -d${duration}s per request," \
    "$rounds round(s)${old:+, this tree and the baseline alternating})"
declare -A runs
for round in $(seq "$rounds"); do
    # Each request on both sides in a row, so that a drift of the
    # machine's load hits both; who goes first alternates by round.
    sides=(new old)
    [ $((round % 2)) = 1 ] || sides=(old new)
    for k in "${keys[@]}"; do
        for side in "${sides[@]}"; do
            [ "$side" = new ] || on_baseline "$k" || continue
            req "$k" "$side"
            runs[$side:$k]+=$(measure "$side" "$req_url" "${req_opts[@]}")
        done
    done
done

# The plans of what was measured: auto_explain (loaded by every session
# since the data was made) logs EXPLAIN (ANALYZE, BUFFERS) of each
# statement while it is switched on.  A marker statement from psql goes
# before each request, so that the log tells which plan is whose.
mkdir -p "$bench/results"
if [ "$posts" -gt 0 ]; then
    log "posts: capturing the plans"
    pg_log=$pg_dir/server.log
    log_offset=$(stat -c %s "$pg_log")
    psql_q -c "LOAD 'auto_explain'" \
        -c "ALTER SYSTEM SET auto_explain.log_min_duration = 0" \
        -c "ALTER SYSTEM SET auto_explain.log_analyze = on" \
        -c "ALTER SYSTEM SET auto_explain.log_buffers = on" \
        -c "SELECT pg_reload_conf()" >/dev/null
    sleep 1
    plan_keys=()
    for spec in "(e)|/v2/posts/$(head -n 1 "$ids_file")" \
                "(g)|/v2/posts?$q_g" "(h)|/v2/posts?$q_g&cursor=$deep_cursor" \
                "(i)|/v2/posts?$q_i" "(j)|/v2/posts?$q_j" \
                "(k)|/v2/posts?$q_k"; do
        psql_q -c "SELECT 'fbbench-plan ${spec%%|*}'" >/dev/null
        "$py" "$bench/posts.py" fetch "$key" "$base" "${spec#*|}"
        plan_keys+=("${spec%%|*}" "GET ${spec#*|}")
    done
    psql_q -c "LOAD 'auto_explain'" \
        -c "ALTER SYSTEM RESET auto_explain.log_min_duration" \
        -c "ALTER SYSTEM RESET auto_explain.log_analyze" \
        -c "ALTER SYSTEM RESET auto_explain.log_buffers" \
        -c "SELECT pg_reload_conf()" >/dev/null
    sleep 0.5
    plan_summary=$("$py" "$bench/posts.py" plans "$pg_log" "$log_offset" \
                   "$bench/results/plans.txt" "${plan_keys[@]}") \
        || die "plans missing from the log: $plan_summary"
fi

# The table, on stdout and in bench/results/latest.txt.
rev=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$here" status --porcelain 2>/dev/null)" ]; then
    rev="$rev (with uncommitted changes)"
fi
lists=
[ "$posts" = 0 ] || lists=" (lists of posts: -t1 -c$lat_conns)"
header="mod_feedback benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $rev
wrk -t$threads -c$conns -d${duration}s per request$lists, ${warmup}s of\
 warm-up, $rounds round(s);
$(nproc) cores shared by wrk, httpd and PostgreSQL; load average\
 $load_before before the measurements, $(cut -d' ' -f1-3 /proc/loadavg) after"
if [ -n "$old" ]; then
    header+="
baseline: the module of commit $base_rev, built with SCHEMA_VERSION=$schema,
in a second httpd on the same database, measured right after or before
each API request of this tree (the order alternating by round)"
fi
declare -A name size
name=([a]="(a) API GET /v2/boards/{id}"
      [b]="(b) ref /ref/board?org=..&id=.."
      [c]="(c) API GET /v2/brands?limit=100"
      [d]="(d) ref /ref/brands?org=..&limit=101")
size=([a]=$size_a [b]=$size_b [c]=$size_c [d]=$size_d)
if [ "$posts" -gt 0 ]; then
    name+=([e]="(e) API GET /v2/posts/{id}, random ids"
           [f]="(f) ref /ref/post?org=..&id=.., same ids"
           [l]="(l) API GET /v2/posts/{id}, If-None-Match: 304"
           [g]="(g) API posts sortBy=upvotes, page 1"
           [h]="(h) API posts sortBy=upvotes, page $((walk_pages + 1))"
           [i]="(i) API posts q=$word_common ($n_common hits)"
           [j]="(j) API posts q=$word_rare ($n_rare hits)"
           [k]="(k) API posts q=$word_rare&sortBy=createdAt")
    name+=([eW]=${name[e]} [gC]=${name[g]} [gW]=${name[g]})
    size+=([e]=$size_e [f]=$size_f [l]=0 [g]=$size_g [h]=$size_h
           [i]=$size_i [j]=$size_j [k]=$size_k [eW]=$size_e [gC]=$size_g
           [gW]=$size_g)
fi
rows=()
for k in "${keys[@]}"; do
    req "$k" new
    for side in new old; do
        [ "$side" = new ] || on_baseline "$k" || continue
        rows+=("$side:$k" "${name[$k]}" "${wrk_t}x$wrk_c" "${size[$k]}"
               "${runs[$side:$k]}")
    done
done
table_rc=0
table=$("$py" "$bench/table.py" "$target" "${BENCH_STRICT:-0}" "$header" \
        "${rows[@]}") || table_rc=$?
[ "$table_rc" = 0 ] || [ "$table_rc" = 3 ] || die "table.py failed"
{
    printf '%s\n' "$table"
    if [ "$posts" -gt 0 ]; then
        echo
        fmt -w 76 <<REPORT
Posts: $n_posts in one organization, $n_visible listed (not in review),
$n_tags post tags; the posts table is $heap_mb MB, $total_mb MB with its
indexes and TOAST.  Generated in $gen_summary.
REPORT
        echo
        fmt -w 76 <<REPORT
(e)/(f): each request names one of 10,000 random posts.  Lists: limit=100.
(h) is the page after following nextCursor $walk_pages times from (g)
(posts $((walk_rows + 1)) on), a walk of $walk_s s: page latency p50
$walk_p50 ms, p99 $walk_p99 ms, first 10 pages $walk_first ms, last 10
pages $walk_last ms on average; the $walk_rows posts walked are those of
SQL's ORDER BY upvotes DESC, id DESC.
REPORT
        echo
        echo "Plans (auto_explain: EXPLAIN ANALYZE BUFFERS of the statement" \
             "each request ran;"
        echo "in full in bench/results/plans.txt):"
        printf '%s\n' "$plan_summary"
    fi
} | tee "$bench/results/latest.txt"
exit "$table_rc"
