"""Assertions and constants the API tests share, and the load of the
isolation tests: paced reads that measure, attacks in a process of their
own."""
import collections
import gc
import http.client
import json
import math
import os
import secrets
import socket
import subprocess
import sys
import time

NOVA = "2026-01-01.nova"
CLOVER = "2025-12-12.clover"


def assert_error(resp, status, code, param=None, type_=None):
    """Checks the error envelope exactly: status, type, code, param."""
    assert resp.status_code == status, resp.text
    assert resp.headers["Content-Type"].startswith("application/json")
    body = resp.json()
    assert set(body) == {"error"}
    err = body["error"]
    assert err["code"] == code, err
    assert err["status"] == status
    if type_ is not None:
        assert err["type"] == type_
    assert isinstance(err["message"], str) and err["message"]
    if param is None:
        assert "param" not in err, err
    else:
        assert err["param"] == param, err
    return err


def done_or_missing(resp, ok, code, param="id"):
    """The answer of a request racing the delete of what it names: ok,
    or 404 code (naming param) when the delete went first.  Whether it
    was done."""
    if resp.status_code == 404:
        assert_error(resp, 404, code, param=param)
        return False
    assert resp.status_code == ok, resp.text
    return True


def read_answer(sock):
    """The bytes of one JSON answer read from a raw socket: its head and
    a body that ends in "}" (or what came before the server closed)."""
    got = b""
    while b"\r\n\r\n" not in got or not got.rstrip().endswith(b"}"):
        chunk = sock.recv(65536)
        if not chunk:
            break
        got += chunk
    return got


def wait_for(check, seconds=20):
    """Polls check() until it returns a true value or seconds pass; its
    last value."""
    deadline = time.time() + seconds
    while True:
        value = check()
        if value or time.time() > deadline:
            return value
        time.sleep(0.05)


def role_key(org, server, flag):
    """A key of a new admin whose custom role has every flag but flag."""
    suffix = secrets.token_hex(3)
    role = server.sql(
        "INSERT INTO roles (org_id, name, permissions) VALUES "
        "(%s, %s, fb_builtin_permissions('owner') || "
        " jsonb_build_object(%s::text, false)) RETURNING id",
        org.id, "no-" + flag + suffix, flag)[0][0]
    admin = server.sql(
        "INSERT INTO admins (org_id, name, email, role_id) VALUES "
        "(%s, %s, %s, %s) RETURNING id", org.id, "No " + flag,
        "no-%s-%s@example.com" % (flag, suffix), role)[0][0]
    return server.ctl("key", "create", org.id, admin)


def _pg_string(s):
    """s as PostgreSQL's escape_json writes it."""
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif c in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
                        "\t": "\\t"}[c])
        elif ord(c) < 0x20:
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def pg_layout(value, jsonb_members=(), sep=" : ", agg_members=(),
              compact_members=()):
    """value (parsed with parse_float=Decimal) in the layout PostgreSQL's
    json_build_object and json_agg write, as bytes: {"k" : v, ...} and
    [a, b]; the members named in jsonb_members hold jsonb columns, whose
    own layout is {"k": v, ...}, those in agg_members json_object_agg's
    objects ({ "k" : v }), those in compact_members to_json's arrays
    (["a","b"]).  Resources rendered in C must keep these bytes, which
    PostgreSQL gave when it built their JSON."""
    def text(v, sep, style=None):
        if isinstance(v, dict):
            inner = ", ".join(
                _pg_string(k) + sep
                + text(x, ": " if k in jsonb_members else sep,
                       "agg" if k in agg_members
                       else "compact" if k in compact_members else None)
                for k, x in v.items())
            return "{ " + inner + " }" if style == "agg" \
                else "{" + inner + "}"
        if isinstance(v, list):
            return "[" + ("," if style == "compact" else ", ").join(
                text(x, sep) for x in v) + "]"
        if isinstance(v, str):
            return _pg_string(v)
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        return str(v)
    return text(value, sep).encode()


def pg_list_layout(data, next_cursor=None, **layout):
    """The bytes of a list envelope of data (the API's own compact
    envelope, its objects in pg_layout with layout)."""
    return (b'{"object":"list","data":['
            + b",".join(pg_layout(x, **layout) for x in data)
            + b'],"nextCursor":' + json.dumps(next_cursor).encode() + b"}")


def percentile(values, q):
    """The q-th percentile of values by nearest rank: p99 of 100 values is
    the 99th smallest."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered) / 100) - 1)]


class ReadSample:
    """What one run of Reads saw: the latency of each read (ms) by path,
    every answer's status, timeouts and reconnections."""

    def __init__(self, paths):
        self.ms = {p: [] for p in paths}
        self.statuses = collections.Counter()
        self.timeouts = 0
        self.reconnects = 0

    def p50(self, path):
        return percentile(self.ms[path], 50)

    def p99(self, path):
        return percentile(self.ms[path], 99)

    def reads(self):
        return sum(len(v) for v in self.ms.values())

    def summary(self):
        """p50/p99 (ms) by path, for a FIGURE line."""
        return ", ".join("%s %.1f/%.1f" % (p, self.p50(p), self.p99(p))
                         for p in self.ms if self.ms[p])


class Reads:
    """Paced reads of one API key on one persistent connection (http.client,
    no pool, nothing else running in this process's interpreter while
    they do): the paths in turn, one started every interval (a late one
    is not made up for).  A read that times out counts as its timeout
    (in ms) and as a timeout; a kept-alive connection the server closed
    is opened again and the read sent once more, its whole time counted
    (reconnects says how often)."""

    def __init__(self, base, key, paths, interval=0.02, timeout=5.0):
        self.port = int(base.rsplit(":", 1)[1])
        self.headers = {"Authorization": "Bearer " + key}
        self.paths, self.interval, self.timeout = paths, interval, timeout
        self.conn = None

    def _get(self, path):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port,
                                                   timeout=self.timeout)
        self.conn.request("GET", path, headers=self.headers)
        resp = self.conn.getresponse()
        resp.read()
        if resp.will_close:
            self.close()
        return resp.status

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def read(self, path, sample):
        t0 = time.perf_counter()
        try:
            try:
                status = self._get(path)
            except (http.client.RemoteDisconnected, ConnectionResetError,
                    BrokenPipeError):
                # Closed while kept alive: once more, on a new one.
                self.close()
                sample.reconnects += 1
                status = self._get(path)
        except socket.timeout:
            self.close()
            sample.timeouts += 1
            status = "timeout"
        except (OSError, http.client.HTTPException):
            self.close()
            status = "connection error"
        sample.ms[path].append((time.perf_counter() - t0) * 1000)
        sample.statuses[status] += 1

    def run(self, seconds=None, each=None):
        """Reads until every path has each reads, or seconds have passed;
        a ReadSample."""
        sample = ReadSample(self.paths)
        start = nxt = time.perf_counter()
        i = 0
        gc.disable()            # no collection pause inside a read
        try:
            while not (each is not None and i >= each * len(self.paths)
                       or seconds is not None
                       and time.perf_counter() - start >= seconds):
                time.sleep(max(0.0, nxt - time.perf_counter()))
                self.read(self.paths[i % len(self.paths)], sample)
                i += 1
                nxt = max(nxt + self.interval, time.perf_counter())
        finally:
            gc.enable()
        return sample


ATTACKERS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "attackers.py")


class Attack:
    """An attack of t/api/attackers.py in a process of its own, lasting
    spec["seconds"] from its start: the block runs once its connections
    are up, and the attack stops by itself at its deadline; .result is
    what it received (statuses, median waits, its CPU seconds).  A
    process that overruns its deadline by 30 s is killed."""

    def __init__(self, spec):
        self.spec = spec
        self.result = None

    def __enter__(self):
        self.started = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, ATTACKERS],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.proc.stdin.write(json.dumps(self.spec))
        self.proc.stdin.close()
        self.proc.stdout.readline()         # "ready", or its end
        self.ready = time.monotonic()
        return self

    def remaining(self):
        return self.started + self.spec["seconds"] - time.monotonic()

    def __exit__(self, *exc):
        try:
            self.proc.wait(max(0.0, self.remaining()) + 30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("the attack did not stop by itself")
        finally:
            out = self.proc.stdout.read()
            self.proc.stdout.close()
        lines = out.strip().splitlines()
        self.result = json.loads(lines[-1]) if lines else None
        assert self.result is not None, "the attack reported nothing"
