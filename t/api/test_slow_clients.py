"""One organization cannot take the server from the others with slow
requests (issue 27).

A request that will be refused (no route, a bad key, a missing
permission, a bad version or query) is answered before any byte of its
body is read, and its connection closed.
"""
import json
import secrets
import socket
import time

import pytest

from conftest import BAD_LOG, Org, httpd


@pytest.fixture(scope="module")
def site(database):
    with httpd(database) as s:
        s.port = int(s.base.rsplit(":", 1)[1])
        yield s
        with open(s.error_log, errors="replace") as f:
            bad = [l for l in f.read().splitlines() if BAD_LOG.search(l)]
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


class Tenant:
    """An organization with keys of each built-in role and a board."""

    def __init__(self, site, name):
        self.org = Org(site, name + secrets.token_hex(3))
        self.viewer = self.org.key_for("viewer")
        self.member = self.org.key_for("member")
        self.board = site.sql("INSERT INTO boards (org_id, name) VALUES "
                              "(%s, 'S') RETURNING id", self.org.id)[0][0]


# ---- refusals before the body ----

def raw(site, text, wait=3.0):
    """Sends text (a request line and header, no body), reads until the
    server closes or wait passes: (seconds until closed or None, the
    answer's head, its body)."""
    t0 = time.time()
    got = b""
    with socket.create_connection(("127.0.0.1", site.port)) as s:
        s.sendall(text.encode())
        s.settimeout(wait)
        closed = None
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    closed = time.time() - t0
                    break
                got += chunk
        except socket.timeout:
            pass
    head, _, body = got.partition(b"\r\n\r\n")
    return closed, head.decode("latin-1"), body


REFUSALS = [
    # (what, method and path, key, extra header, status, code)
    ("no route", "POST /v2/nothing", "viewer", "", 404, "resource_not_found"),
    ("no method", "PUT /v2/boards", "member", "", 405,
     "method_not_allowed"),
    ("unknown key", "POST /v2/posts", None, "", 401, "invalid_api_key"),
    ("viewer writes", "POST /v2/posts", "viewer", "", 403, None),
    ("unknown version", "POST /v2/posts", "member",
     "Service-Version: 1999-01-01.old\r\n", 400, "version_not_supported"),
    ("unknown query", "POST /v2/posts?page=2", "member", "", 400,
     "parameter_not_supported"),
]


@pytest.mark.parametrize("case", REFUSALS, ids=[c[0] for c in REFUSALS])
def test_refused_before_the_body(site, case):
    """A refused request announcing a million bytes of body and sending
    none gets its answer at once, with Connection: close, and the server
    closes (before: the answer waited for the body httpd read to
    discard it)."""
    what, line, role, extra, status, code = case
    tenant = Tenant(site, "ref")
    key = {"viewer": tenant.viewer, "member": tenant.member,
           None: "sk_" + secrets.token_hex(20)}[role]
    closed, head, body = raw(
        site, "%s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n%s"
        "Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
        % (line, key, extra))
    assert head.startswith("HTTP/1.1 %d" % status), head
    assert "Connection: close" in head, head
    assert "application/json" in head, head
    err = json.loads(body)["error"]
    assert err["status"] == status
    if code is not None:
        assert err["code"] == code, err
    assert closed is not None and closed < 1.0, (what, closed)


def test_refused_on_a_kept_alive_connection(site):
    """The same on a connection's second request: the first is served
    and kept alive, the refused one closes it."""
    tenant = Tenant(site, "ka")
    with socket.create_connection(("127.0.0.1", site.port)) as s:
        s.settimeout(3)
        s.sendall(("GET /v2/boards HTTP/1.1\r\nHost: x\r\n"
                   "Authorization: Bearer %s\r\n\r\n"
                   % tenant.viewer).encode())
        got = b""
        while b"\r\n\r\n" not in got or not got.rstrip().endswith(b"]"):
            got += s.recv(65536)
        assert got.startswith(b"HTTP/1.1 200") and b"close" not in got
        t0 = time.time()
        s.sendall(("POST /v2/boards HTTP/1.1\r\nHost: x\r\n"
                   "Authorization: Bearer %s\r\nContent-Type: "
                   "application/json\r\nContent-Length: 1000000\r\n\r\n"
                   % tenant.viewer).encode())
        got = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
        assert time.time() - t0 < 1.0
    assert got.startswith(b"HTTP/1.1 403"), got
    assert b"Connection: close" in got
