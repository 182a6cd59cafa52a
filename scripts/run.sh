#!/usr/bin/env bash
# Starts (or stops) mod_feedback in a real httpd with a private PostgreSQL
# and a demo organization, then prints an API key and a curl line.
#
#   scripts/run.sh start | stop
#
# FEEDBACK_RUN_DIR (default /tmp/mod_feedback-run), FEEDBACK_PORT (8080)
# and FEEDBACK_PG_PORT (54329) can be set.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
run_dir=${FEEDBACK_RUN_DIR:-/tmp/mod_feedback-run}
port=${FEEDBACK_PORT:-8080}
pg_port=${FEEDBACK_PG_PORT:-54329}
conf=$run_dir/httpd.conf

stop() {
    if [ -f "$run_dir/run/httpd.pid" ]; then
        /usr/sbin/apache2 -f "$conf" -k stop 2>/dev/null || true
        for _ in $(seq 50); do [ -f "$run_dir/run/httpd.pid" ] || break; sleep 0.1; done
    fi
    [ -d "$run_dir/pg" ] && "$here/scripts/pg.sh" stop "$run_dir/pg"
    return 0
}

start() {
    "$here/scripts/deps.sh" run
    "$here/scripts/build.sh"
    mkdir -p "$run_dir/run" "$run_dir/logs"
    "$here/scripts/pg.sh" start "$run_dir/pg" "$pg_port"
    "$here/scripts/pg.sh" createdb "$run_dir/pg" "$pg_port" feedback
    export FEEDBACK_DB
    FEEDBACK_DB=$("$here/scripts/pg.sh" dsn "$run_dir/pg" "$pg_port" feedback)
    "$here/bin/feedbackctl" migrate >/dev/null

    local org key
    org=$("$here/bin/feedbackctl" org list | awk -F'\t' '$2 == "Demo" {print $1; exit}')
    if [ -z "$org" ]; then
        IFS=$'\t' read -r org _ key < <("$here/bin/feedbackctl" org create Demo owner@demo.example "Demo Owner")
        "$here/bin/feedbackctl" demo-seed "$org" >/dev/null
    else
        key=$("$here/bin/feedbackctl" key create "$org")
    fi

    [ -f "$run_dir/secret" ] || head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$run_dir/secret"
    # The public help center on the demo's custom domain,
    # help.demo.localhost (browsers resolve *.localhost to this machine):
    # a virtual host of custom domains beside the API's.
    "$here/scripts/render-conf.sh" "$conf" RUN_DIR="$run_dir" PORT="$port" \
        MODULE="$here/mod_feedback.so" SECRET="$(cat "$run_dir/secret")" \
        DBD_PARAMS="$FEEDBACK_DB" EXTRA_CONF="
<VirtualHost *>
    ServerName 127.0.0.1
</VirtualHost>
<VirtualHost *>
    ServerName help.demo.localhost
    ServerAlias *.localhost
    FeedbackHelpCenterHosts external
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>"
    if [ -f "$run_dir/run/httpd.pid" ]; then
        /usr/sbin/apache2 -f "$conf" -k graceful
    else
        /usr/sbin/apache2 -f "$conf" -k start
    fi
    for _ in $(seq 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done

    cat <<MSG
mod_feedback is running on http://127.0.0.1:$port (logs: $run_dir/logs/error.log)
Demo organization: $org
API key: $key

Try:
  curl -s -H 'Authorization: Bearer $key' http://127.0.0.1:$port/v2/boards
The demo's public help center: http://help.demo.localhost:$port/

Stop with: scripts/run.sh stop
MSG
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
