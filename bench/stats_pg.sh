# Sourced by the benches that run on a private PostgreSQL of their own
# (post_create.sh, writes.sh, txcost.sh): their arguments checked, then
# the set-up they need, once.
#
#   stats_pg_start NAME SECONDS CONNECTIONS
#
# checks that SECONDS and CONNECTIONS are small positive integers, gets
# the packages and the build, then starts a private PostgreSQL under a
# mktemp directory (/tmp/fb-NAME.*, gone on exit) with pg_stat_statements
# loaded and its tracking off (a test switches it on for the run whose
# statements it counts).  Sets work and pg_port, and pg, psql on the
# cluster's postgres database (or on the database named by PGDB), and
# pgbin, the directory of PostgreSQL's programs.  Needs here (the
# checkout).

stats_pg_start() {
    local name=$1 n
    for n in "$2" "$3"; do
        [[ $n =~ ^[1-9][0-9]{0,3}$ ]] || {
            echo "$name: arguments must be small positive integers" >&2
            exit 2; }
    done
    "$here/scripts/deps.sh" bench
    "$here/scripts/build.sh"
    mkdir -p "$here/bench/results"

    work=$(mktemp -d "/tmp/fb-$name.XXXXXX")
    chmod 755 "$work"
    trap stats_pg_cleanup EXIT
    pg_port=$(/usr/bin/python3 -c 'import socket; s = socket.socket()
s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$here/scripts/pg.sh" start "$work/pg" "$pg_port"
    # The library first (a restart), then its settings, which
    # PostgreSQL knows only once it is loaded.
    pg -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'"
    "$here/scripts/pg.sh" stop "$work/pg"
    "$here/scripts/pg.sh" start "$work/pg" "$pg_port"
    # Planning too: a statement planned again on every call (a custom
    # plan PostgreSQL keeps choosing) shows its plans per call.
    pg -c "ALTER SYSTEM SET pg_stat_statements.track = 'none'" \
       -c "ALTER SYSTEM SET pg_stat_statements.track_planning = on" \
       -c "SELECT pg_reload_conf()" >/dev/null
    # FEEDBACK_BENCH_PG_SET="name=value ...": settings of an experiment
    # (commit_delay, synchronous_commit: bench/README.md, "Writes").
    local set
    for set in ${FEEDBACK_BENCH_PG_SET:-}; do
        pg -c "ALTER SYSTEM SET ${set%%=*} = '${set#*=}'" >/dev/null
    done
    pg -c "SELECT pg_reload_conf()" >/dev/null
}

stats_pg_cleanup() {
    "$here/scripts/pg.sh" stop "$work/pg" || true
    rm -rf "$work"
}

pgbin() {
    ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1
}

pg() {
    "$(pgbin)/psql" -X -q -h "$work/pg/sock" -p "$pg_port" -U postgres \
        -d "${PGDB:-postgres}" -v ON_ERROR_STOP=1 "$@"
}
