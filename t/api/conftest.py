"""The API suite's harness: a real PostgreSQL and a real httpd.

One session starts (or reuses, when scripts/test.sh passes one) a private
PostgreSQL cluster, makes its database as a copy of one migrated with the
operator command (scripts/test.sh migrates one for all its sessions),
renders conf/httpd.conf.in with free ports and starts httpd in the
foreground.  Each test module gets its own organizations,
made with the same operator command users run.  After every test the httpd
error log is scanned for anything unexpected.
"""
import asyncio
import contextlib
import email
import email.policy
import http.server
import os
import re
import secrets
import shutil
import signal
import socket
import socketserver
import ssl
import subprocess
import tempfile
import threading
import time

import psycopg2
import pytest
import requests
from aiosmtpd.controller import Controller

import contract

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CTL = os.path.join(ROOT, "bin", "feedbackctl")
PG = os.path.join(ROOT, "scripts", "pg.sh")
KEY_CACHE_TTL = 1  # seconds; short so that revocation tests are quick

# Error-log lines that tests may cause on purpose, by the module's numbers.
ALLOWED_LOG = ()
BAD_LOG = re.compile(
    r"\[(?:[a-z_]*:)?(?:error|crit|alert|emerg)\]|AddressSanitizer|"
    r"LeakSanitizer|Segmentation fault|exit signal|child pid \d+ exit")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(*args, env=None):
    return subprocess.run(args, check=True, capture_output=True, text=True,
                          env=env).stdout


class Cluster:
    """A private PostgreSQL cluster (scripts/pg.sh)."""

    def __init__(self, directory, port, owned):
        self.dir, self.port, self.owned = directory, port, owned

    def dsn(self, dbname):
        return run(PG, "dsn", self.dir, str(self.port), dbname).strip()

    def createdb(self, dbname):
        run(PG, "createdb", self.dir, str(self.port), dbname)


def pg_admin(cluster, *statements):
    """Runs statements on cluster's postgres database outside a
    transaction; the last one's rows."""
    conn = psycopg2.connect(cluster.dsn("postgres"))
    conn.autocommit = True
    try:
        with conn.cursor() as cur:
            for st in statements:
                cur.execute(st)
            return cur.fetchall() if cur.description else []
    finally:
        conn.close()


def writers_dsn(clusters, dbname):
    """A connection string naming every cluster that may take writes:
    libpq connects to whichever does (docs/operator.md)."""
    return ("host=%s port=%s dbname=%s user=postgres "
            "target_session_attrs=read-write connect_timeout=2"
            % (",".join(c.dir + "/sock" for c in clusters),
               ",".join(str(c.port) for c in clusters), dbname))


@pytest.fixture(scope="session")
def cluster():
    directory = os.environ.get("FEEDBACK_TEST_PG_DIR")
    if directory:
        yield Cluster(directory, int(os.environ["FEEDBACK_TEST_PG_PORT"]),
                      False)
        return
    work = tempfile.mkdtemp(prefix="fbpg.", dir="/tmp")
    os.chmod(work, 0o755)
    c = Cluster(os.path.join(work, "pg"), free_port(), True)
    run(PG, "start", c.dir, str(c.port))
    try:
        yield c
    finally:
        run(PG, "stop", c.dir)
        shutil.rmtree(work, ignore_errors=True)


class Server:
    """A running httpd with mod_feedback, and its database."""

    def __init__(self, base, dsn, run_dir):
        self.base, self.dsn, self.run_dir = base, dsn, run_dir
        self.error_log = os.path.join(run_dir, "logs", "error.log")
        self.env = dict(os.environ, FEEDBACK_DB=dsn)

    def ctl(self, *args):
        return run(CTL, *args, env=self.env).strip()

    def sql(self, statement, *params):
        """Runs one statement; returns the rows (or [])."""
        with psycopg2.connect(self.dsn) as conn, conn.cursor() as cur:
            cur.execute(statement, params)
            return cur.fetchall() if cur.description else []


def wait_for_port(port, proc, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("httpd exited with %s" % proc.returncode)
        try:
            with socket.create_connection(("127.0.0.1", port), 0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("httpd did not start listening")


def httpd_command(*args):
    """httpd's command line, behind FEEDBACK_TEST_HTTPD_WRAPPER if set
    (for example "env LD_PRELOAD=.../libasan.so" or "valgrind ...")."""
    wrapper = os.environ.get("FEEDBACK_TEST_HTTPD_WRAPPER", "").split()
    return wrapper + ["/usr/sbin/apache2"] + list(args)


def render_conf(path, **values):
    args = ["%s=%s" % (k, v) for k, v in values.items()]
    run(os.path.join(ROOT, "scripts", "render-conf.sh"), path, *args)


@contextlib.contextmanager
def httpd(dsn, extra_conf="", worker=False):
    """Runs an httpd with mod_feedback on a free port until the block ends.
    Its background worker is off unless worker is true: emails the tests
    queue then stay pending for them to inspect, and servers sharing the
    session's database never deliver each other's.  The email delivery
    tests run servers with workers on databases of their own.
    FEEDBACK_TEST_KEEP=1 keeps its run directory (and error log) after the
    block; FEEDBACK_TEST_LOG_LEVEL sets its LogLevel (default warn);
    FEEDBACK_TEST_MODULE another build of the module (a bench's
    baseline)."""
    if not worker:
        extra_conf = "FeedbackWorker Off\n" + extra_conf
    run_dir = tempfile.mkdtemp(prefix="fbhttpd.", dir="/tmp")
    os.chmod(run_dir, 0o755)
    for d in ("run", "logs"):
        os.makedirs(os.path.join(run_dir, d))
    port = free_port()
    conf = os.path.join(run_dir, "httpd.conf")
    render_conf(conf, RUN_DIR=run_dir, PORT=port, LOG_LEVEL=os.environ.get("FEEDBACK_TEST_LOG_LEVEL", "warn"),
                MODULE=os.environ.get("FEEDBACK_TEST_MODULE",
                                      os.path.join(ROOT, "mod_feedback.so")),
                SECRET=secrets.token_hex(32), DBD_PARAMS=dsn,
                KEY_CACHE_TTL=KEY_CACHE_TTL, EXTRA_CONF=extra_conf)
    proc = subprocess.Popen(httpd_command("-f", conf, "-DFOREGROUND"))
    try:
        wait_for_port(port, proc)
        yield Server("http://127.0.0.1:%d" % port, dsn, run_dir)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if not os.environ.get("FEEDBACK_TEST_KEEP"):
            shutil.rmtree(run_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def database_template(cluster):
    """A migrated database that the session's database and
    fresh_database copy (CREATE DATABASE ... TEMPLATE is much faster than
    migrating again).  scripts/test.sh migrates one for all its pytest
    sessions and workers (FEEDBACK_TEST_TEMPLATE); without it, the
    session migrates its own."""
    name = os.environ.get("FEEDBACK_TEST_TEMPLATE")
    if name:
        return name
    dbname = "fbtmpl_" + secrets.token_hex(4)
    cluster.createdb(dbname)
    run(CTL, "migrate", env=dict(os.environ, FEEDBACK_DB=cluster.dsn(dbname)))
    return dbname


@pytest.fixture(scope="session")
def database(cluster, database_template):
    """The session's database: a copy of the migrated template."""
    return create_database(cluster, "fbapi_" + secrets.token_hex(4),
                           database_template)


def create_database(cluster, dbname, template):
    """Makes dbname on cluster as a copy of template, with the settings
    the migrations gave the template's sessions (ALTER DATABASE ... SET,
    which a copy does not carry: sql/006); its DSN."""
    conn = psycopg2.connect(cluster.dsn("postgres"))
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute('CREATE DATABASE "%s" TEMPLATE "%s"' % (dbname, template))
        cur.execute("SELECT unnest(setconfig) FROM pg_db_role_setting s "
                    "JOIN pg_database d ON d.oid = s.setdatabase "
                    "WHERE d.datname = %s AND s.setrole = 0", (template,))
        for (setting,) in cur.fetchall():
            name, value = setting.split("=", 1)
            cur.execute('ALTER DATABASE "%s" SET %s = %%s' % (dbname, name),
                        (value,))
    conn.close()
    return cluster.dsn(dbname)


@pytest.fixture
def fresh_database(cluster, database_template):
    """A database of its own for one test, for tests whose background
    workers must not meet the session server's (email delivery)."""
    return create_database(cluster, "fbown_" + secrets.token_hex(4),
                           database_template)


def log_offset(server):
    """Where server's error log ends now: error_log_lines(..., since=)
    then reads only what is written after, not what other tests wrote."""
    return os.path.getsize(server.error_log) \
        if os.path.exists(server.error_log) else 0


def error_log_lines(server, allowed=(), since=0):
    """The lines of server's error log (from the offset since on) that
    ALLOWED_LOG and allowed do not excuse."""
    with open(server.error_log, errors="replace") as f:
        f.seek(since)
        lines = f.read().splitlines()
    allowed = ALLOWED_LOG + tuple(allowed)
    return [l for l in lines if BAD_LOG.search(l)
            and not any(n in l for n in allowed)]


class _TLSServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


class FilesHandler(http.server.BaseHTTPRequestHandler):
    """Serves the class's files ({path: (body, content type)}; 404 for
    others) and records each path asked for in the server's .hits."""
    protocol_version = "HTTP/1.1"
    files = {}

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.server.hits.append(self.path)
        body, ctype = self.files.get(self.path, (b"missing", "text/plain"))
        self.send_response(200 if self.path in self.files else 404)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def tls_certificate():
    """A self-signed certificate for 127.0.0.1 and localhost in a
    directory of its own, removed after the block: yields (cert, key)."""
    work = tempfile.mkdtemp(prefix="fbtls.", dir="/tmp")
    os.chmod(work, 0o755)
    cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
    try:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048",
                        "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                        "-addext",
                        "subjectAltName=IP:127.0.0.1,DNS:localhost",
                        "-keyout", key, "-out", cert], check=True,
                       capture_output=True)
        os.chmod(cert, 0o644)
        yield cert, key
    finally:
        shutil.rmtree(work, ignore_errors=True)


@contextlib.contextmanager
def https_server(handler):
    """A real HTTPS server on 127.0.0.1 answering with handler (a
    BaseHTTPRequestHandler class), under a self-signed certificate for
    127.0.0.1 and localhost; yields the server with .base (its URL) and
    .cert (the certificate, for FeedbackOutboundCAFile)."""
    with tls_certificate() as (cert, key):
        srv = _TLSServer(("127.0.0.1", 0), handler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(cert, key)
        srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
        srv.base = "https://127.0.0.1:%d" % srv.server_address[1]
        srv.cert = cert
        srv.hits = []
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        try:
            yield srv
        finally:
            srv.shutdown()


class SmtpSink:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 that keeps every message
    it accepts.  It can refuse recipients (refuse = "550 ..." or
    "451 ...", for the next refuse_count of them, None: all), refuse
    every message after its data (refuse_data), and can hold a session at
    RCPT until released, to catch a sender mid-transfer."""

    def __init__(self):
        self.messages = []      # (envelope sender, recipients, message)
        self.refuse = None
        self.refuse_count = None
        self.refuse_data = None     # a reply to the message instead of 250
        self.hold = False
        self.held = []          # peers (host, port) of held sessions
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1",
                                     port=self.port)

    @property
    def url(self):
        return "smtp://127.0.0.1:%d" % self.port

    async def handle_RCPT(self, server, session, envelope, address, options):
        if self.hold:
            self.held.append(session.peer)
            while self.hold:
                await asyncio.sleep(0.02)
        if self.refuse and self.refuse_count != 0:
            if self.refuse_count is not None:
                self.refuse_count -= 1
            return self.refuse
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.refuse_data:
            return self.refuse_data
        msg = email.message_from_bytes(envelope.original_content,
                                       policy=email.policy.default)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos),
                              msg))
        return "250 Message accepted for delivery"

    def wait_for(self, count, seconds=15):
        """Waits until count messages arrived; returns them."""
        deadline = time.time() + seconds
        while len(self.messages) < count and time.time() < deadline:
            time.sleep(0.05)
        return list(self.messages)


@pytest.fixture
def smtp_sink():
    sink = SmtpSink()
    sink.controller.start()
    try:
        yield sink
    finally:
        sink.hold = False
        sink.controller.stop()


@pytest.fixture(scope="session")
def server(database):
    with httpd(database) as s:
        yield s


class Client:
    """Talks to the API as one API key."""

    def __init__(self, server, key):
        self.server, self.key = server, key
        self.http = requests.Session()

    def request(self, method, path, key=True, headers=None, **kw):
        h = {}
        if key is True:
            h["Authorization"] = "Bearer " + self.key
        elif key:
            h["Authorization"] = "Bearer " + key
        h.update(headers or {})
        return self.http.request(method, self.server.base + "/v2" + path,
                                 headers=h, timeout=30, **kw)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, **kw):
        return self.request("POST", path, **kw)


class Org:
    """An organization made by the operator command, with its Owner."""

    def __init__(self, server, name):
        self.server = server
        out = server.ctl("org", "create", name, "owner@%s.example" % name,
                         "%s Owner" % name)
        self.id, self.owner_id, self.key = out.split("\t")
        self.api = Client(server, self.key)

    def key_for(self, role):
        """A key of a new admin with a built-in role."""
        suffix = secrets.token_hex(3)
        admin = self.server.ctl("admin", "create", self.id,
                                "%s %s" % (role, suffix),
                                "%s-%s@example.com" % (role, suffix), role)
        return self.server.ctl("key", "create", self.id, admin)

    def client(self, role):
        return Client(self.server, self.key_for(role))


@pytest.fixture(scope="module")
def org(server, request):
    return Org(server, "org" + secrets.token_hex(3))


@pytest.fixture(scope="module")
def other_org(server):
    return Org(server, "other" + secrets.token_hex(3))


contract.watch()


# What runs alone.  scripts/test.sh runs the API tests in two sessions:
# the tests marked serial alone, after every other on two workers
# (pytest-xdist, one file to a worker; each worker has its own database
# and httpd on free ports, in the one cluster).  Serial are the tests
# that time something or load the machine on purpose: benches (every
# *_bench.py), attacks and slow clients, faults and failovers, rate
# limits and shares (fixed windows, upper bounds on a wait), deliveries
# with their backoff, schedules and caches of a second, bursts of
# concurrent writes that wait on the pool (FeedbackDBAcquireTimeout:
# beside another worker one answered 503).  A file name
# marks the whole file, FILE::test one test.  A test added to a file
# here is serial too; a new test that bounds a time from above or counts
# what happens in so many seconds belongs here.
SERIAL = (
    "test_changelog_schedule.py",
    "test_comments_concurrency.py",
    "test_email_delivery.py",
    "test_failover.py",
    "test_faults.py",
    "test_help_pages.py::test_portal_cache_keeps_a_page_for_its_ttl",
    "test_help_pages.py::test_database_down_kept_pages_still_answer",
    "test_help_pages.py::test_pages_made_count_against_the_public_rate_limit",
    "test_idempotency.py::test_a_key_still_running_is_409",
    "test_idempotency.py::test_a_concurrent_request_with_the_key_rolls_back",
    "test_nodes.py",
    "test_post_voters.py::test_concurrent_votes_keep_upvotes_exact",
    "test_rate_limits.py",
    "test_replica.py",
    "test_reports.py::test_over_the_time_budget",
    "test_shares.py",
    "test_slow_clients.py",
    "test_tenants.py",
    "test_tickets_concurrency.py",
    "test_webhooks.py::test_stopping_gives_a_delivery_in_flight_back",
)


def serial(nodeid):
    """Whether the test of nodeid (path::name[params]) runs alone."""
    path, _, rest = nodeid.partition("::")
    name = os.path.basename(path)
    test = rest.split("[", 1)[0]
    return name.endswith("_bench.py") or name in SERIAL \
        or "%s::%s" % (name, test) in SERIAL


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "serial: runs alone, not beside another worker's tests "
        "(conftest.py, SERIAL)")


@pytest.hookimpl(tryfirst=True)     # before -m deselects by the mark
def pytest_collection_modifyitems(config, items):
    modules = {}
    for item in items:
        modules[os.path.basename(item.nodeid.split("::")[0])] = item.module
        if serial(item.nodeid):
            item.add_marker(pytest.mark.serial)
    # A test of SERIAL renamed or gone would run beside others unseen.
    stale = [e for e in SERIAL if "::" in e and e.split("::")[0] in modules
             and not hasattr(modules[e.split("::")[0]], e.split("::")[1])]
    if stale:
        raise pytest.UsageError("conftest.py SERIAL names no test: %s"
                                % ", ".join(stale))


@pytest.fixture(autouse=True)
def contract_kept():
    """Fails a test that received an answer the served description does
    not allow (t/api/contract.py)."""
    contract.take()
    yield
    found = contract.take()
    assert not found, "answers outside the served description:\n" \
        + "\n".join(found[:20])


@pytest.fixture(autouse=True)
def error_log_clean(request):
    """Fails a test that made httpd log an error it did not expect."""
    if "server" not in request.fixturenames:
        yield
        return
    server = request.getfixturevalue("server")
    start = log_offset(server)
    yield
    bad = error_log_lines(server, getattr(request.module, "ALLOWED_LOG", ()),
                          since=start)
    assert not bad, "unexpected error log lines:\n" + "\n".join(bad)
