#!/usr/bin/env bash
# A private PostgreSQL cluster for development and tests, never the system
# one.  The data and socket directories live under DIR, which must be
# reachable by the postgres user (so not under a 0700 home).
#
#   scripts/pg.sh start DIR PORT     initialise if needed, then start
#   scripts/pg.sh stop DIR           fast shutdown
#   scripts/pg.sh crash DIR          immediate shutdown (a crash: the next
#                                    start recovers from the WAL)
#   scripts/pg.sh kill DIR           SIGKILL to the postmaster and every
#                                    backend at once (the host died)
#   scripts/pg.sh standby DIR PORT PRIMARY_DIR PRIMARY_PORT NAME
#                                    a streaming standby of the primary,
#                                    made with pg_basebackup and started;
#                                    NAME is its cluster_name (what the
#                                    primary's synchronous_standby_names
#                                    names)
#   scripts/pg.sh promote DIR        promotes a standby, waiting until it
#                                    takes writes
#   scripts/pg.sh createdb DIR PORT NAME
#   scripts/pg.sh dsn DIR PORT NAME  the libpq connection string
set -euo pipefail

pgbin() { ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1; }

as_postgres() {
    # runuser needs a working directory the postgres user can enter.
    (cd / && if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@";
             else "$@"; fi)
}

cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|crash|kill|standby|promote|createdb|dsn DIR [PORT] [NAME]" >&2; exit 2; }
bin=$(pgbin)

case "$cmd" in
start)
    port=${3:?port}
    mkdir -p "$dir/sock"
    [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_postgres "$bin/initdb" -D "$dir/data" -A trust -U postgres \
            -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_postgres "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
            -t 30 -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c max_connections=200" \
            start >/dev/null
    fi
    ;;
stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    ;;
crash)
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    fi
    ;;
kill)
    if [ -f "$dir/data/postmaster.pid" ]; then
        pm=$(head -1 "$dir/data/postmaster.pid")
        # Stopped first, the postmaster forks no backend while its
        # children are killed; then it goes too.  Nothing is flushed,
        # no connection is closed politely: the host died.
        kill -STOP "$pm" 2>/dev/null || true
        # /proc/PID/stat is "pid (name) state ppid ...".
        # (cat complains of processes gone since the glob: ignored.)
        kids=$( (cat /proc/[0-9]*/stat 2>/dev/null || true) \
               | sed 's/ (.*) / /' | awk -v pm="$pm" '$3 == pm { print $1 }')
        [ -z "$kids" ] || kill -KILL $kids 2>/dev/null || true
        kill -KILL "$pm" 2>/dev/null || true
        # Gone, or a zombie (whoever reaps it may take its time).
        while [ -e "/proc/$pm" ] \
              && [ "$(sed 's/.*) //; s/ .*//' "/proc/$pm/stat" \
                     2>/dev/null)" != Z ]; do
            sleep 0.02
        done
        rm -f "$dir/data/postmaster.pid"
    fi
    ;;
standby)
    port=${3:?port}; pdir=${4:?primary dir}; pport=${5:?primary port}
    name=${6:?name}
    mkdir -p "$dir/sock"
    [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_postgres "$bin/pg_basebackup" -h "$pdir/sock" -p "$pport" \
            -U postgres -D "$dir/data" -X stream -R -c fast
        echo "cluster_name = '$name'" >> "$dir/data/postgresql.auto.conf"
    fi
    "$0" start "$dir" "$port"
    ;;
promote)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -w -t 30 promote >/dev/null
    ;;
createdb)
    port=${3:?port}; name=${4:?name}
    if ! "$bin/psql" -h "$dir/sock" -p "$port" -U postgres -tAc \
            "SELECT 1 FROM pg_database WHERE datname = '$name'" | grep -q 1; then
        "$bin/createdb" -h "$dir/sock" -p "$port" -U postgres "$name"
    fi
    ;;
dsn)
    echo "host=$dir/sock port=${3:?port} dbname=${4:?name} user=postgres"
    ;;
*)
    echo "unknown command $cmd" >&2; exit 2 ;;
esac
