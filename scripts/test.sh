#!/usr/bin/env bash
# Runs every test: the CUnit tests over modules/core, the static checks of
# the sources and docs (t/static), then the API suite (pytest) against a
# real httpd and a real PostgreSQL that it starts.
# Installs missing Debian packages first (as root).
#
#   scripts/test.sh [--unit-only] [--asan] [PATH...] [pytest arguments...]
#
# PATH is a test file or folder of t/static or t/api (a pytest node id,
# FILE::test, too): given any, only those run, in one pytest session, and
# the CUnit tests do not.  Other arguments (-k, -x, ...) go to pytest;
# "-m EXPR" (two arguments) selects within the full run's sessions too.
#
# The full run runs the API tests in two pytest sessions: on two workers
# every test but the serial ones (t/api/conftest.py, SERIAL), then those
# alone.  Paths named run in one session, as before.
#
# Every pytest session ends with its slowest tests and fixtures (set-up
# and tear-down apart), so each log shows where the time goes; a later
# --durations=N among the arguments overrides the number.
#
# --asan builds the module and the unit tests with AddressSanitizer, runs
# httpd with the sanitizer preloaded (a report ends the child, which the
# suite's error-log check turns into a failure) and the unit tests with
# leak detection.  The next plain run rebuilds without it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
unit_only=0
sanitize=
while [ $# -gt 0 ]; do
    case "$1" in
        --unit-only) unit_only=1; shift ;;
        --asan) sanitize=address; shift ;;
        *) break ;;
    esac
done
# The arguments that name a file or folder (from where the script was
# called) are the tests to run; made absolute, since pytest runs from the
# top directory.
paths=()
# A -m of the caller's is kept apart: the full run's sessions select
# with it and their own marker both (a second -m would replace theirs).
pytest_args=()
mark=
while [ $# -gt 0 ]; do
    arg=$1
    shift
    file=${arg%%::*}
    if [ "$arg" = -m ] && [ $# -gt 0 ]; then
        mark=$1
        shift
    elif [ "${arg#-}" = "$arg" ] && [ -e "$file" ]; then
        dir=$(cd "$(dirname "$file")" && pwd)
        paths+=("$dir/$(basename "$file")${arg#"$file"}")
    else
        pytest_args+=("$arg")
    fi
done

"$here/scripts/deps.sh" test
"$here/scripts/build.sh" SANITIZE="$sanitize" mod_feedback.so t/unit/run-unit \
    bin/feedback-import
if [ -n "$sanitize" ]; then
    export FEEDBACK_TEST_HTTPD_WRAPPER="env LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
fi

# The cluster lives under /tmp: the checkout may sit in a 0700 home that
# the postgres user cannot enter.
work=$(mktemp -d /tmp/fbtest.XXXXXX)
chmod 755 "$work"
cleanup() {
    "$here/scripts/pg.sh" stop "$work/pg" || true
    rm -rf "$work"
}
trap cleanup EXIT
pg_port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$here/scripts/pg.sh" start "$work/pg" "$pg_port"
# One migrated database that every pytest session (and worker) copies
# for its own, instead of each migrating one (t/api/conftest.py).
template_db() {
    "$here/scripts/pg.sh" createdb "$work/pg" "$pg_port" fbtemplate
    FEEDBACK_DB=$("$here/scripts/pg.sh" dsn "$work/pg" "$pg_port" fbtemplate) \
        "$here/bin/feedbackctl" migrate >/dev/null
    export FEEDBACK_TEST_TEMPLATE=fbtemplate
}

if [ ${#paths[@]} -gt 0 ] && [ "$unit_only" -eq 0 ]; then
    cd "$here"
    template_db
    echo "== the tests named (pytest)"
    FEEDBACK_TEST_PG_DIR="$work/pg" FEEDBACK_TEST_PG_PORT="$pg_port" \
        /usr/bin/python3 -m pytest -q -p no:cacheprovider --durations=40 \
        "${paths[@]}" ${mark:+-m "$mark"} \
        ${pytest_args[@]+"${pytest_args[@]}"}
    exit 0
fi

# Unit tests of the store layer use their own database.
"$here/scripts/pg.sh" createdb "$work/pg" "$pg_port" fbunit
unit_dsn=$("$here/scripts/pg.sh" dsn "$work/pg" "$pg_port" fbunit)
FEEDBACK_DB=$unit_dsn "$here/bin/feedbackctl" migrate >/dev/null
echo "== unit tests (CUnit)"
FEEDBACK_TEST_DB=$unit_dsn "$here/t/unit/run-unit"

[ "$unit_only" -eq 1 ] && exit 0

cd "$here"
echo "== static checks (pytest)"
/usr/bin/python3 -m pytest -q -p no:cacheprovider --durations=10 t/static

# The API tests: those that time nothing on $workers workers (pytest-xdist,
# a file to a worker, each with its own database and httpd), then the
# serial ones alone (t/api/conftest.py, SERIAL).  Both always run; the
# script fails if either did.  FEEDBACK_TEST_WORKERS=1 runs one session.
workers=${FEEDBACK_TEST_WORKERS:-2}
template_db
export FEEDBACK_TEST_PG_DIR="$work/pg" FEEDBACK_TEST_PG_PORT="$pg_port"
api() {
    local rc=0
    /usr/bin/python3 -m pytest -q -p no:cacheprovider --durations=40 t/api \
        "$@" ${pytest_args[@]+"${pytest_args[@]}"} || rc=$?
    # 5: -k or -m left nothing to run in this session.
    [ "$rc" -eq 5 ] && rc=0
    return "$rc"
}
if [ "$workers" -le 1 ]; then
    echo "== API tests (pytest)"
    api ${mark:+-m "$mark"}
    exit $?
fi
echo "== API tests beside each other ($workers workers, pytest)"
rc=0
api -n "$workers" --dist loadfile -m "not serial${mark:+ and ($mark)}" \
    || rc=$?
echo "== API tests that run alone (pytest)"
api -m "serial${mark:+ and ($mark)}" || rc=$?
exit "$rc"
