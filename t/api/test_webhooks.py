"""Webhooks: CRUD, input rules, and delivery by the background worker.

CRUD runs against the session's server.  Delivery tests run an httpd with
its worker on a database of their own, and a real HTTPS receiver on
127.0.0.1 with a self-signed certificate trusted through
FeedbackOutboundCAFile (FeedbackOutboundAllowLoopback lets the worker
reach loopback); the signatures are checked here with Python's hmac.
"""
import base64
import hashlib
import hmac
import http.server
import json
import os
import random
import re
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qsl, urlsplit

import pytest
import requests

from conftest import Client, Org, error_log_lines, httpd, https_server
from helpers import (assert_error, pg_layout, pg_list_layout, CLOVER,
                     wait_for)

FIELDS = {"object", "id", "name", "url", "secret", "description", "topics",
          "status", "requestConfig", "lastStatus", "health", "version",
          "createdAt", "updatedAt"}
HEALTH = {"lastResponseTime", "avgResponseTime", "lastSuccessAt",
          "errorsSinceLastSuccess", "consecutiveFailures"}
URL = "https://hooks.example.com/in"


def create(org, **body):
    body.setdefault("name", "Hook")
    body.setdefault("url", URL)
    body.setdefault("topics", ["post.created"])
    return org.api.post("/webhooks", json=body)


@pytest.fixture
def wh_org(server):
    """An organization of its own: the maximum counts per organization."""
    return Org(server, "wh" + os.urandom(3).hex())


def test_create_and_read(wh_org):
    r = create(wh_org, name="Prod", description="All posts",
               topics=["post.created", "comment.created", "post.created"],
               requestConfig={"timeoutMs": 5000,
                              "headers": {"X-Custom": "v"}})
    assert r.status_code == 201, r.text
    w = r.json()
    assert set(w) == FIELDS
    assert (w["object"], w["name"], w["url"]) == ("webhook", "Prod", URL)
    assert w["description"] == "All posts"
    assert w["topics"] == ["post.created", "comment.created"]
    assert (w["status"], w["version"], w["lastStatus"]) == ("active", "1.0",
                                                            None)
    assert w["requestConfig"] == {"timeoutMs": 5000,
                                  "headers": {"X-Custom": "v"}}
    assert set(w["health"]) == HEALTH
    assert w["health"] == {"lastResponseTime": 0, "avgResponseTime": 0,
                           "lastSuccessAt": None, "errorsSinceLastSuccess": 0,
                           "consecutiveFailures": 0}
    assert re.fullmatch(r"whsec_[A-Za-z0-9+/]{43}=", w["secret"])
    assert len(base64.b64decode(w["secret"][6:])) == 32
    assert re.fullmatch(r"[0-9a-f]{24}", w["id"])
    g = wh_org.api.get("/webhooks/" + w["id"])
    assert g.status_code == 200 and g.json() == w
    d = create(wh_org).json()
    assert d["description"] is None
    assert d["requestConfig"] == {"timeoutMs": 10000, "headers": {}}
    assert d["secret"] != w["secret"]


WEBHOOK_KEYS = ["object", "id", "name", "url", "secret", "description",
                "topics", "status", "requestConfig", "lastStatus", "health",
                "version", "createdAt", "updatedAt"]
DELIVERY_KEYS = ["object", "id", "webhookId", "eventId", "topic", "status",
                 "attempts", "nextAttemptAt", "lastError", "deliveredAt",
                 "createdAt", "updatedAt", "attemptLog"]
ODD = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"


def test_bytes(wh_org, server):
    """Webhooks and deliveries are written in C in the bytes PostgreSQL
    gave: json_build_object's objects, the headers a jsonb column in its
    own layout, the topics as to_json wrote them (["a","b"]), attempt logs
    as json_agg's; every member set, or null."""
    layout = {"jsonb_members": ("headers",), "compact_members": ("topics",)}
    r = create(wh_org, name=ODD, description=ODD,
               topics=["post.created", "comment.created"],
               requestConfig={"timeoutMs": 5000,
                              "headers": {"X-Long-Name": "é日本 \"q\\",
                                          "X-A": "v"}})
    w = r.json()
    assert list(w) == WEBHOOK_KEYS and w["lastStatus"] is None
    assert r.content == pg_layout(w, **layout)
    server.sql("UPDATE webhooks SET last_at = '2025-01-02T03:04:05.6789Z', "
               "last_code = 500, last_message = %s, last_response_ms = 12, "
               "avg_response_ms = 12.6, last_success_at = '2025-01-01Z', "
               "errors_since_success = 2, consecutive_failures = 1 "
               "WHERE id = %s", ODD, w["id"])
    r = wh_org.api.get("/webhooks/" + w["id"])
    assert r.json()["lastStatus"] == {
        "code": 500, "message": ODD, "timestamp": "2025-01-02T03:04:05.678Z"}
    assert r.json()["health"]["avgResponseTime"] == 13
    assert r.content == pg_layout(r.json(), **layout)
    r = wh_org.api.get("/webhooks?limit=1")
    assert r.content == pg_list_layout(r.json()["data"], **layout)
    # A delivery: its attempts oldest first, an answer older than 7 days
    # no longer shown; a page of them.
    d = wh_org.api.post("/webhooks/%s/test" % w["id"]).json()
    assert list(d) == DELIVERY_KEYS
    for k in range(3):
        server.sql(
            "INSERT INTO webhook_delivery_attempts (org_id, delivery_id, "
            " webhook_id, attempt, outcome, status_code, duration_ms, error, "
            " response_body, created_at) VALUES (%s, %s, %s, %s, 'ok', %s, "
            " 5, %s, %s, now() - %s * interval '5 days')", wh_org.id,
            d["id"], w["id"], k + 1, 200 if k else None, ODD if k else None,
            ODD, 2 - k)
    wh_org.api.post("/webhooks/%s/test" % w["id"])
    r = wh_org.api.get("/webhooks/%s/deliveries?limit=2" % w["id"])
    page = r.json()
    assert r.content == pg_list_layout(page["data"])
    log = page["data"][1]["attemptLog"]
    assert [a["attempt"] for a in log] == [1, 2, 3]
    assert [a["responseBody"] for a in log] == [None, ODD, ODD]
    assert list(log[0]) == ["attempt", "outcome", "statusCode",
                            "durationMs", "error", "responseBody",
                            "createdAt"]


def test_list_status_filter_and_cursors(wh_org):
    ids = [create(wh_org, name="h%d" % i).json()["id"] for i in range(5)]
    wh_org.api.request("PATCH", "/webhooks/" + ids[1],
                       json={"status": "paused"})
    seen, cursor = [], None
    while True:
        q = "/webhooks?limit=2" + ("&cursor=" + cursor if cursor else "")
        r = wh_org.api.get(q)
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) == {"object", "data", "nextCursor"}
        assert body["object"] == "list"
        seen += [w["id"] for w in body["data"]]
        cursor = body["nextCursor"]
        if cursor is None:
            break
    assert seen == list(reversed(ids))
    paused = wh_org.api.get("/webhooks?status=paused").json()["data"]
    assert [w["id"] for w in paused] == [ids[1]]
    active = wh_org.api.get("/webhooks?status=active").json()["data"]
    assert ids[1] not in [w["id"] for w in active] and len(active) == 4
    assert wh_org.api.get("/webhooks?status=suspended").json()["data"] == []
    assert_error(wh_org.api.get("/webhooks?status=gone"), 400,
                 "invalid_parameter", "status")
    assert_error(wh_org.api.get("/webhooks?cursor=zzz"), 400,
                 "invalid_cursor", "cursor")
    assert_error(wh_org.api.get("/webhooks?limit=0"), 400,
                 "invalid_parameter", "limit")


@pytest.mark.parametrize("body, code, param", [
    ({"url": URL, "topics": ["post.created"]}, "missing_parameter", "name"),
    ({"name": "x", "topics": ["post.created"]}, "missing_parameter", "url"),
    ({"name": "x", "url": URL}, "missing_parameter", "topics"),
    ({"name": "", "url": URL, "topics": ["post.created"]},
     "invalid_parameter", "name"),
    ({"name": "x" * 256, "url": URL, "topics": ["post.created"]},
     "invalid_parameter", "name"),
    ({"name": "x", "url": URL, "topics": []}, "invalid_parameter", "topics"),
    ({"name": "x", "url": URL, "topics": ["post.exploded"]},
     "invalid_parameter", "topics"),
    ({"name": "x", "url": URL, "topics": "post.created"},
     "invalid_parameter", "topics"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "description": "d" * 501}, "invalid_parameter", "description"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"timeoutMs": 999}},
     "invalid_parameter", "requestConfig.timeoutMs"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"timeoutMs": 30001}},
     "invalid_parameter", "requestConfig.timeoutMs"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"headers": {"X-%d" % i: "v" for i in range(11)}}},
     "invalid_parameter", "requestConfig.headers"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"headers": {"Bad Name": "v"}}},
     "invalid_parameter", "requestConfig.headers"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"headers": {"X-A": "a\r\nX-B: b"}}},
     "invalid_parameter", "requestConfig.headers"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"headers": {"X-A": "v" * 1025}}},
     "invalid_parameter", "requestConfig.headers"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"headers": {"X-A": 3}}},
     "invalid_parameter", "requestConfig.headers"),
    ({"name": "x", "url": URL, "topics": ["post.created"],
      "requestConfig": {"other": 1}},
     "parameter_not_supported", "requestConfig.other"),
    ({"name": "x", "url": URL, "topics": ["post.created"], "status": "paused"},
     "parameter_not_supported", "status"),
])
def test_create_rules(org, body, code, param):
    assert_error(org.api.post("/webhooks", json=body), 400, code, param)


@pytest.mark.parametrize("name", [
    "Host", "content-type", "Content-Length", "X-Webhook-Signature",
    "x-webhook-timestamp", "webhook-id", "Webhook-Timestamp",
    "webhook-signature", "Transfer-Encoding", "Connection",
    "Proxy-Authorization"])
def test_reserved_headers(wh_org, name):
    r = create(wh_org, requestConfig={"headers": {name: "v"}})
    assert_error(r, 400, "invalid_parameter", "requestConfig.headers")


@pytest.mark.parametrize("url", [
    "http://hooks.example.com/in",
    "https://127.0.0.1/in",
    "https://127.1/in",
    "https://2130706433/in",
    "https://[::ffff:127.0.0.1]/in",
    "https://169.254.169.254/latest",
    "https://10.0.0.5/in",
    "https://[::1]/in",
    # Documentation and other special-purpose ranges: a host's own
    # interface may sit in one.
    "https://192.0.2.2/in",
    "https://198.51.100.7/in",
    "https://203.0.113.1/in",
    "https://192.88.99.1/in",
    "https://[2001:db8::1]/in",
    "https://[::ffff:192.0.2.2]/in",
    "https://[3fff::1]/in",
    "https://[100::1]/in",
    "https://[2001:2::1]/in",
    "https://[5f00::1]/in",
    "https://[64:ff9b:1::1]/in",
    # Port 0 names no service; 65536 is no port.
    "https://hooks.example.com:0/in",
    "https://hooks.example.com:65536/in",
    "https://user:pw@hooks.example.com/in",
    "ftp://hooks.example.com/in",
    "not a url",
    "https://hooks.example.com/" + "a" * 2030,
])
def test_rejected_urls(wh_org, url):
    r = create(wh_org, url=url)
    assert_error(r, 400, "invalid_parameter", "url")
    w = create(wh_org).json()
    r = wh_org.api.request("PATCH", "/webhooks/" + w["id"], json={"url": url})
    assert_error(r, 400, "invalid_parameter", "url")


def test_update(wh_org):
    w = create(wh_org, description="d",
               requestConfig={"headers": {"X-A": "1"}}).json()
    time.sleep(0.01)
    r = wh_org.api.request("PATCH", "/webhooks/" + w["id"], json={
        "name": "New", "url": "https://other.example.com/x",
        "topics": ["comment.deleted"], "description": None,
        "requestConfig": {"timeoutMs": 2000, "headers": {"X-B": "2"}}})
    assert r.status_code == 200, r.text
    u = r.json()
    assert (u["name"], u["url"], u["topics"]) == (
        "New", "https://other.example.com/x", ["comment.deleted"])
    assert u["description"] is None
    assert u["requestConfig"] == {"timeoutMs": 2000, "headers": {"X-B": "2"}}
    assert u["secret"] == w["secret"] and u["updatedAt"] > w["updatedAt"]
    r = wh_org.api.request("PATCH", "/webhooks/" + w["id"],
                           json={"status": "paused"})
    assert r.json()["status"] == "paused"
    assert r.json()["name"] == "New"
    r = wh_org.api.request("PATCH", "/webhooks/" + w["id"],
                           json={"status": "active"})
    assert r.json()["status"] == "active"
    assert_error(wh_org.api.request("PATCH", "/webhooks/" + w["id"],
                                    json={"status": "suspended"}),
                 400, "invalid_parameter", "status")
    assert_error(wh_org.api.request("PATCH", "/webhooks/" + w["id"],
                                    json={"topics": []}),
                 400, "invalid_parameter", "topics")
    assert_error(wh_org.api.request("PATCH", "/webhooks/" + w["id"],
                                    json={"secret": "whsec_x"}),
                 400, "parameter_not_supported", "secret")


def test_secret_rotation(wh_org):
    w = create(wh_org).json()
    r = wh_org.api.post("/webhooks/%s/secret" % w["id"])
    assert r.status_code == 200, r.text
    assert r.json()["secret"] != w["secret"]
    assert r.json()["secret"].startswith("whsec_")
    assert wh_org.api.get("/webhooks/" + w["id"]).json()["secret"] == \
        r.json()["secret"]


def test_delete_and_not_found(wh_org, other_org):
    w = create(wh_org).json()
    path = "/webhooks/" + w["id"]
    for method, kw in (("GET", {}), ("PATCH", {"json": {"name": "x"}}),
                       ("DELETE", {})):
        assert_error(other_org.api.request(method, path, **kw), 404,
                     "webhook_not_found", "id")
    assert_error(other_org.api.post(path + "/secret"), 404,
                 "webhook_not_found", "id")
    r = wh_org.api.request("DELETE", path)
    assert r.status_code == 200
    assert r.json() == {"id": w["id"], "object": "webhook", "deleted": True}
    assert_error(wh_org.api.get(path), 404, "webhook_not_found", "id")
    assert_error(wh_org.api.request("DELETE", path), 404,
                 "webhook_not_found", "id")
    assert_error(wh_org.api.get("/webhooks/nothex"), 400, "invalid_id", "id")


def test_maximum_per_organization(wh_org):
    for i in range(10):
        assert create(wh_org, name="n%d" % i).status_code == 201
    r = create(wh_org)
    err = assert_error(r, 400, "invalid_request")
    assert "10" in err["message"]
    w = wh_org.api.get("/webhooks?limit=1").json()["data"][0]
    wh_org.api.request("DELETE", "/webhooks/" + w["id"])
    assert create(wh_org).status_code == 201


def test_nova_only_and_manage_api(org):
    h = {"Service-Version": CLOVER}
    assert_error(org.api.get("/webhooks", headers=h), 404,
                 "version_not_supported")
    assert_error(org.api.post("/webhooks", headers=h, json={}), 404,
                 "version_not_supported")
    viewer = org.client("viewer")
    assert viewer.get("/webhooks").status_code == 403
    member = org.client("member")
    assert member.get("/webhooks").status_code == 403
    assert member.post("/webhooks", json={
        "name": "x", "url": URL, "topics": ["post.created"]}
    ).status_code == 403


# ---- delivery ----

class Receiver(http.server.BaseHTTPRequestHandler):
    """Records every POST; answers by path: /ok 200, /gone 410, /fail 500,
    /slowfail 500 after 0.3 s, /flaky/N 500 for the first N requests and
    200 after, /chaos 500 for 30% of requests at random, /slow 200 after
    20 s; the ids of 2xx answers go to acks."""
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: without this, Nagle's
    # algorithm holds the body for the client's delayed ACK (40 ms) on a
    # kept-alive connection, and the bench would measure that.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        srv = self.server
        with srv.lock:
            srv.hits.append((self.path, dict(self.headers.items()), body,
                             time.time()))
            n = sum(1 for h in srv.hits if h[0] == self.path)
        route = self.path.split("?")[0]
        if route == "/ok":
            code = 200
        elif route == "/gone":
            code = 410
        elif route.startswith("/flaky/"):
            code = 500 if n <= int(route.split("/")[2]) else 200
        elif route == "/chaos":
            code = 500 if random.random() < 0.3 else 200
        elif route == "/slow":
            time.sleep(20)
            code = 200
        elif route == "/slowfail":
            time.sleep(0.3)
            code = 500
        else:
            code = 500
        if code == 200:
            with srv.lock:
                srv.acks.append((self.path, json.loads(body)["id"]))
        out = b'{"received":true}'
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


@pytest.fixture(scope="module")
def receiver():
    with https_server(Receiver) as srv:
        srv.hits, srv.acks, srv.lock = [], [], threading.Lock()
        yield srv


def hits(receiver, path):
    with receiver.lock:
        return [h for h in receiver.hits if h[0] == path]


@pytest.fixture
def site(fresh_database, receiver):
    conf = ("FeedbackOutboundAllowLoopback On\n"
            "FeedbackOutboundCAFile %s\n"
            "FeedbackWorkerInterval 50\n"
            "FeedbackWorkerLease 10\n"
            "FeedbackWebhookRetrySchedule 300ms 300ms 300ms 300ms\n"
            "FeedbackWebhookFailureThreshold 3\n" % receiver.cert)
    with httpd(fresh_database, conf, worker=True) as s:
        s.org = Org(s, "dl" + os.urandom(3).hex())
        s.board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                        "RETURNING id", s.org.id)[0][0]
        yield s
        bad = error_log_lines(s)
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)
        with open(s.error_log, errors="replace") as f:
            # A finish that did not match its lease would say FB00207.
            assert "FB00207" not in f.read()


def post(site, title="A post to deliver"):
    r = site.org.api.post("/posts", json={"title": title,
                                          "boardId": site.board})
    assert r.status_code == 201, r.text
    return r.json()


def hook(site, path, **body):
    body.setdefault("name", "Receiver")
    body.setdefault("topics", ["post.created"])
    r = site.org.api.post("/webhooks", json=dict(
        body, url=site.receiver_base + path))
    assert r.status_code == 201, r.text
    return r.json()


@pytest.fixture(autouse=True)
def _receiver_base(request):
    if "site" in request.fixturenames:
        site = request.getfixturevalue("site")
        site.receiver_base = request.getfixturevalue("receiver").base


def verify(secret, headers, body):
    """Both signature schemes, checked independently of the server."""
    ts = headers["X-Webhook-Timestamp"]
    assert abs(int(ts) - time.time()) < 60
    want = hmac.new(secret.encode(), ts.encode() + b"." + body,
                    hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["X-Webhook-Signature"], want)
    key = base64.b64decode(secret[len("whsec_"):])
    msg = (headers["webhook-id"] + "." + headers["webhook-timestamp"]
           + ".").encode() + body
    sig = base64.b64encode(hmac.new(key, msg, hashlib.sha256).digest())
    assert headers["webhook-signature"] == "v1," + sig.decode()
    assert headers["webhook-timestamp"] == ts


def deliveries(site, webhook_id):
    return site.sql("SELECT state, attempts FROM webhook_deliveries "
                    "WHERE webhook_id = %s", webhook_id)


def test_signed_delivery_retried_with_the_same_id(site, receiver):
    path = "/flaky/2?" + os.urandom(4).hex()
    w = hook(site, path, requestConfig={"headers": {"X-Tenant": "t1"},
                                        "timeoutMs": 3000})
    p = post(site)
    got = wait_for(lambda: len(hits(receiver, path)) >= 3 and
                   hits(receiver, path))
    assert got and len(got) == 3
    assert wait_for(lambda: deliveries(site, w["id"]) == [("delivered", 3)])
    bodies = {h[2] for h in got}
    assert len(bodies) == 1
    for _, headers, body, _ in got:
        verify(w["secret"], headers, body)
        assert headers["Content-Type"] == "application/json"
        assert headers["X-Tenant"] == "t1"
    payload = json.loads(got[0][2])
    assert set(payload) == {"id", "object", "topic", "organizationId",
                            "webhookId", "createdAt", "data"}
    assert (payload["object"], payload["topic"]) == ("notification_event",
                                                     "post.created")
    assert (payload["organizationId"], payload["webhookId"]) == (
        site.org.id, w["id"])
    assert payload["data"]["object"] == "notification_event_data"
    assert payload["data"]["item"]["id"] == p["id"]
    assert payload["data"]["changes"] == []
    assert {h[1]["webhook-id"] for h in got} == {payload["id"]}
    # The bytes receivers have always been sent: PostgreSQL's own
    # json_build_object of the event (the payload was built so before it
    # was written in C; signatures are made over these bytes).
    built = site.sql(
        "SELECT json_build_object('id', e.id, 'object', "
        "'notification_event', 'topic', e.topic, 'organizationId', "
        "e.org_id, 'webhookId', %s, 'createdAt', fb_iso(e.created_at), "
        "'data', json_build_object('object', 'notification_event_data', "
        "'item', e.item, 'changes', e.changes))::text "
        "FROM events e WHERE e.org_id = %s AND e.id = %s",
        w["id"], site.org.id, payload["id"])
    assert [got[0][2].decode()] == [b for (b,) in built]
    # The schedule: 300 ms between attempts at least.
    times = [h[3] for h in got]
    assert all(b - a >= 0.25 for a, b in zip(times, times[1:]))
    # Health after the success.
    g = wait_for(lambda: (lambda x: x["health"]["lastSuccessAt"] and x)(
        site.org.api.get("/webhooks/" + w["id"]).json()))
    assert g["status"] == "active"
    assert g["lastStatus"]["code"] == 200
    assert g["health"]["consecutiveFailures"] == 0
    assert g["health"]["errorsSinceLastSuccess"] == 0
    assert g["health"]["avgResponseTime"] >= 0
    log = site.sql("SELECT attempt, outcome, status_code FROM "
                   "webhook_delivery_attempts WHERE webhook_id = %s "
                   "ORDER BY attempt", w["id"])
    assert log == [(1, "http_status", 500), (2, "http_status", 500),
                   (3, "ok", 200)]


def test_payload_images_are_signed_the_same_on_every_attempt(site,
                                                             receiver):
    """Stored images are markers in the database; a payload carries them
    as signed URLs under FeedbackPublicURL, valid 90 days from the event,
    so the bytes are the same on every attempt."""
    path = "/flaky/1?" + os.urandom(4).hex()
    hook(site, path)
    gif = base64.b64encode(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")
    r = site.org.api.post("/posts", json={
        "title": "Pictured", "boardId": site.board,
        "content": '<p><img src="data:image/gif;base64,%s"></p>'
                   % gif.decode()})
    assert r.status_code == 201, r.text
    got = wait_for(lambda: len(hits(receiver, path)) >= 2
                   and hits(receiver, path))
    assert got and got[0][2] == got[1][2]
    item = json.loads(got[0][2])["data"]["item"]
    assert "files.feedback.invalid" not in got[0][2].decode()
    (url,) = re.findall(r'<img src="([^"]*)"', item["content"])
    parts = urlsplit(url.replace("&amp;", "&"))
    created = site.sql("SELECT extract(epoch FROM created_at)::bigint "
                       "FROM events WHERE org_id = %s AND item->>'id' = %s",
                       site.org.id, item["id"])[0][0]
    assert dict(parse_qsl(parts.query))["expires"] == str(
        created + 90 * 24 * 3600)
    served = requests.get(site.base + parts.path + "?" + parts.query,
                          timeout=10)
    assert served.status_code == 200
    assert served.content.startswith(b"GIF89a")


def test_other_topics_are_not_delivered(site, receiver):
    path = "/ok?" + os.urandom(4).hex()
    w = hook(site, path, topics=["comment.created"])
    post(site)
    time.sleep(0.5)
    assert hits(receiver, path) == [] and deliveries(site, w["id"]) == []


def test_gone_suspends(site, receiver):
    path = "/gone?" + os.urandom(4).hex()
    w = hook(site, path)
    post(site)
    assert wait_for(lambda: deliveries(site, w["id"]) == [("failed", 1)])
    g = site.org.api.get("/webhooks/" + w["id"]).json()
    assert g["status"] == "suspended"
    assert g["lastStatus"]["code"] == 410
    assert g["health"]["consecutiveFailures"] == 1
    # Suspended: the next event is skipped, visibly, and never sent.
    post(site, "Another one")
    time.sleep(0.5)
    assert len(hits(receiver, path)) == 1
    assert sorted(deliveries(site, w["id"])) == [("failed", 1),
                                                 ("skipped", 0)]
    # Resuming resets the failure counters.
    r = site.org.api.request("PATCH", "/webhooks/" + w["id"],
                             json={"status": "active"})
    assert r.json()["status"] == "active"
    assert r.json()["health"]["consecutiveFailures"] == 0


def test_failure_threshold_suspends(site, receiver):
    path = "/fail?" + os.urandom(4).hex()
    w = hook(site, path)
    post(site)
    # Threshold 3: the third failed attempt suspends the webhook; its
    # pending retry is then skipped, not sent.
    assert wait_for(lambda: site.org.api.get("/webhooks/" + w["id"])
                    .json()["status"] == "suspended")
    assert wait_for(lambda: deliveries(site, w["id"]) == [("skipped", 3)])
    time.sleep(0.7)
    assert len(hits(receiver, path)) == 3
    g = site.org.api.get("/webhooks/" + w["id"]).json()
    assert g["health"]["consecutiveFailures"] == 3
    assert g["health"]["errorsSinceLastSuccess"] == 3
    assert g["lastStatus"]["code"] == 500 and g["health"]["lastSuccessAt"] \
        is None


@pytest.mark.parametrize("threshold,events", [(15, 60), (70, 120)])
def test_failure_threshold_is_exact_under_parallel_deliveries(
        fresh_database, receiver, threshold, events):
    """Deliveries of one webhook run in parallel on every worker thread of
    every child of every node.  With many events queued and a receiver
    that always fails, exactly FeedbackWebhookFailureThreshold attempts
    reach it: no attempt starts once failures and attempts in flight add
    up to the threshold.  Then the webhook is suspended and the rest of
    its deliveries are skipped, never sent.  Under 64 the threshold is the
    number of slots and every failure spends one; over it, only the
    failures past threshold - 64 do (sql/017)."""
    loopback = "FeedbackOutboundAllowLoopback On\n"
    conf = (loopback + "FeedbackOutboundCAFile %s\n"
            "FeedbackWorkerInterval 20\n"
            "FeedbackWorkerLease 10\n"
            "FeedbackWorkerConcurrency 8\n"
            "FeedbackWebhookRetrySchedule 100ms 100ms 100ms\n"
            "FeedbackWebhookFailureThreshold %d\n"
            % (receiver.cert, threshold))
    path = "/slowfail?" + os.urandom(4).hex()
    # Queued through a server without a worker: every delivery is due
    # when the workers start.
    with httpd(fresh_database, loopback) as quiet:
        org = Org(quiet, "burst" + os.urandom(3).hex())
        board = quiet.sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                          "'B') RETURNING id", org.id)[0][0]
        r = org.api.post("/webhooks", json={
            "name": "Burst", "url": receiver.base + path,
            "topics": ["post.created"]})
        assert r.status_code == 201, r.text
        w = r.json()
        for i in range(events):
            assert org.api.post("/posts", json={
                "title": "Burst %d" % i, "boardId": board}).status_code == 201
    # Two nodes, two children each, eight worker threads per child.
    with httpd(fresh_database, conf, worker=True) as one, \
            httpd(fresh_database, conf, worker=True) as two:
        assert wait_for(lambda: one.sql(
            "SELECT count(*) FROM webhook_deliveries WHERE webhook_id = %s "
            "AND state = 'pending'", w["id"]) == [(0,)], 60)
        time.sleep(0.5)
        assert len(hits(receiver, path)) == threshold
        assert one.sql("SELECT status, consecutive_failures FROM webhooks "
                       "WHERE id = %s", w["id"]) == [("suspended",
                                                      threshold)]
        assert one.sql("SELECT count(*) FROM webhook_delivery_attempts "
                       "WHERE webhook_id = %s", w["id"]) == [(threshold,)]
        assert one.sql("SELECT state, count(*) FROM webhook_deliveries "
                       "WHERE webhook_id = %s GROUP BY state", w["id"]) == [
            ("skipped", events)]
        # Every attempt gave its slot back; every slot is spent.
        slots = min(threshold, 64)
        assert one.sql(
            "SELECT count(*), "
            "  count(*) FILTER (WHERE s.lease_until IS NOT NULL), "
            "  count(*) FILTER (WHERE s.spent_in_run = h.failure_run) "
            "FROM webhook_slots s JOIN webhooks h ON h.org_id = s.org_id "
            "  AND h.id = s.webhook_id WHERE h.id = %s", w["id"]) == [
            (slots, 0, slots)]
        # Resuming starts a new run of failures: its slots are free again.
        api = Client(one, org.key)
        r = api.request("PATCH", "/webhooks/" + w["id"],
                        json={"status": "active"})
        assert r.json()["status"] == "active", r.text
        assert api.post("/posts", json={"title": "After",
                                        "boardId": board}).status_code == 201
        assert wait_for(lambda: len(hits(receiver, path)) > threshold)
        for s in (one, two):
            assert not error_log_lines(s)


def test_paused_skips(site, receiver):
    path = "/ok?" + os.urandom(4).hex()
    w = hook(site, path)
    site.org.api.request("PATCH", "/webhooks/" + w["id"],
                         json={"status": "paused"})
    post(site)
    assert wait_for(lambda: deliveries(site, w["id"]) == [("skipped", 0)])
    time.sleep(0.3)
    assert hits(receiver, path) == []


def test_rotated_secret_signs_at_once(site, receiver):
    path = "/ok?" + os.urandom(4).hex()
    w = hook(site, path)
    r = site.org.api.post("/webhooks/%s/secret" % w["id"])
    new = r.json()["secret"]
    post(site)
    got = wait_for(lambda: hits(receiver, path))
    verify(new, got[0][1], got[0][2])
    with pytest.raises(AssertionError):
        verify(w["secret"], got[0][1], got[0][2])


def test_name_resolving_to_loopback_reaches_nothing(fresh_database,
                                                    receiver):
    """Without the test-only loopback directive, a name that resolves to
    127.0.0.1 is stored (names are judged when connecting) and then every
    attempt ends as forbidden_address with no connection made."""
    conf = ("FeedbackOutboundCAFile %s\n"
            "FeedbackWorkerInterval 50\n"
            "FeedbackWebhookRetrySchedule 200ms\n"
            "FeedbackWebhookFailureThreshold 5\n" % receiver.cert)
    with httpd(fresh_database, conf, worker=True) as s:
        org = Org(s, "canary" + os.urandom(3).hex())
        board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                      "RETURNING id", org.id)[0][0]
        path = "/ok?" + os.urandom(4).hex()
        url = "https://localhost:%d%s" % (receiver.server_address[1], path)
        r = org.api.post("/webhooks", json={"name": "Canary", "url": url,
                                            "topics": ["post.created"]})
        assert r.status_code == 201, r.text
        w = r.json()
        assert org.api.post("/posts", json={"title": "Canary post",
                                             "boardId": board}
                            ).status_code == 201
        assert wait_for(lambda: s.sql(
            "SELECT state FROM webhook_deliveries WHERE webhook_id = %s",
            w["id"]) == [("failed",)])
        outcomes = s.sql("SELECT outcome, status_code FROM "
                         "webhook_delivery_attempts WHERE webhook_id = %s",
                         w["id"])
        assert outcomes == [("forbidden_address", None)] * 2
        assert hits(receiver, path) == []
        g = org.api.get("/webhooks/" + w["id"]).json()
        assert g["lastStatus"]["code"] == 0
        assert g["lastStatus"]["message"].startswith("forbidden_address")
        assert g["health"]["consecutiveFailures"] == 2
        assert not error_log_lines(s)


def test_stopping_gives_a_delivery_in_flight_back(fresh_database,
                                                  receiver):
    """httpd stops at once while a receiver is slow to answer, and the
    delivery is due again, its attempt neither counted nor logged."""
    conf = ("FeedbackOutboundAllowLoopback On\n"
            "FeedbackOutboundCAFile %s\n"
            "FeedbackWorkerInterval 50\n"
            "FeedbackWorkerLease 60\n" % receiver.cert)
    path = "/slow?" + os.urandom(4).hex()
    with httpd(fresh_database, conf, worker=True) as s:
        org = Org(s, "slow" + os.urandom(3).hex())
        board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                      "RETURNING id", org.id)[0][0]
        w = org.api.post("/webhooks", json={
            "name": "Slow", "url": receiver.base + path,
            "topics": ["post.created"],
            "requestConfig": {"timeoutMs": 30000}}).json()
        assert org.api.post("/posts", json={"title": "Slow one",
                                             "boardId": board}
                            ).status_code == 201
        assert wait_for(lambda: hits(receiver, path))
        stopping = time.time()
    assert time.time() - stopping < 5
    assert s.sql("SELECT state, attempts FROM webhook_deliveries WHERE "
                 "webhook_id = %s", w["id"]) == [("pending", 0)]
    assert s.sql("SELECT count(*) FROM webhook_delivery_attempts WHERE "
                 "webhook_id = %s", w["id"]) == [(0,)]


def test_test_event_deliveries_log_and_redeliver(site, receiver):
    path = "/ok?" + os.urandom(4).hex()
    w = hook(site, path)
    r = site.org.api.post("/webhooks/%s/test" % w["id"])
    assert r.status_code == 202, r.text
    d = r.json()
    assert (d["object"], d["webhookId"], d["topic"]) == (
        "webhook_delivery", w["id"], "webhook.test")
    assert d["status"] == "pending" and d["attemptLog"] == []
    got = wait_for(lambda: hits(receiver, path))
    verify(w["secret"], got[0][1], got[0][2])
    payload = json.loads(got[0][2])
    assert payload["topic"] == "webhook.test"
    assert payload["id"] == d["eventId"]
    assert payload["data"]["item"]["id"] == w["id"]
    assert "secret" not in payload["data"]["item"]
    assert wait_for(lambda: site.org.api.get(
        "/webhooks/%s/deliveries" % w["id"]).json()["data"][0]["status"]
        == "delivered")
    post(site)
    assert wait_for(lambda: len(hits(receiver, path)) == 2)
    assert wait_for(lambda: all(
        x["status"] == "delivered" for x in site.org.api.get(
            "/webhooks/%s/deliveries" % w["id"]).json()["data"]))
    page = site.org.api.get("/webhooks/%s/deliveries?limit=1" % w["id"])
    body = page.json()
    assert len(body["data"]) == 1 and body["nextCursor"]
    newest = body["data"][0]
    assert newest["topic"] == "post.created"
    assert newest["attempts"] == 1 and newest["deliveredAt"]
    log = newest["attemptLog"]
    assert [(a["attempt"], a["outcome"], a["statusCode"]) for a in log] == [
        (1, "ok", 200)]
    assert log[0]["responseBody"] == '{"received":true}'
    second = site.org.api.get("/webhooks/%s/deliveries?limit=1&cursor=%s"
                              % (w["id"], body["nextCursor"])).json()
    assert second["data"][0]["id"] == d["id"] and second["nextCursor"] is None
    # Redelivery: the same event id again, a fresh schedule.
    r = site.org.api.post("/webhooks/%s/deliveries/%s/redeliver"
                          % (w["id"], d["id"]))
    assert r.status_code == 202, r.text
    assert r.json()["status"] == "pending"
    got = wait_for(lambda: len(hits(receiver, path)) == 3
                   and hits(receiver, path))
    assert json.loads(got[2][2])["id"] == d["eventId"]
    assert got[2][2] == got[0][2]
    assert wait_for(lambda: site.org.api.get(
        "/webhooks/%s/deliveries?limit=100" % w["id"]).json()["data"][1]
        ["attemptLog"].__len__() == 2)
    # Errors.
    other = create_in(site)
    assert_error(site.org.api.post("/webhooks/%s/deliveries/%s/redeliver"
                                   % (other, d["id"])),
                 404, "webhook_delivery_not_found", "deliveryId")
    assert_error(site.org.api.post("/webhooks/%s/deliveries/xyz/redeliver"
                                   % w["id"]),
                 400, "invalid_id", "deliveryId")
    missing = "0" * 24
    assert_error(site.org.api.post("/webhooks/%s/test" % missing),
                 404, "webhook_not_found", "id")
    assert_error(site.org.api.get("/webhooks/%s/deliveries" % missing),
                 404, "webhook_not_found", "id")


def create_in(site):
    r = site.org.api.post("/webhooks", json={
        "name": "Other", "url": "https://hooks.example.com/x",
        "topics": ["comment.created"]})
    assert r.status_code == 201, r.text
    return r.json()["id"]


# ---- fault tolerance ----

def acked(receiver, path):
    """The event ids receiver answered 2xx for at path."""
    with receiver.lock:
        return {i for p, i in receiver.acks if p == path}


def httpd_children(server):
    """The pids of server's child processes (not its parent)."""
    procs = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                cmd = f.read()
            with open("/proc/%s/stat" % pid) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        if server.run_dir.encode() in cmd:
            procs[int(pid)] = ppid
    return [pid for pid, ppid in procs.items() if ppid in procs]


def test_sweep_drops_answers_older_than_seven_days(fresh_database):
    """Receivers' answers are kept 7 days: a worker's sweep, run when its
    child starts and then hourly, empties older ones in batches."""
    with httpd(fresh_database) as s:
        org = Org(s, "sweep" + os.urandom(3).hex())
        w = org.api.post("/webhooks", json={
            "name": "Old", "url": "https://hooks.example.com/in",
            "topics": ["post.created"]}).json()
        s.sql("WITH e AS (INSERT INTO events (org_id, topic, item) "
              "VALUES (%s, 'post.created', '{}') RETURNING org_id, id), "
              "d AS (INSERT INTO webhook_deliveries (org_id, webhook_id, "
              "event_id, state) SELECT org_id, %s, id, 'failed' FROM e "
              "RETURNING org_id, id, webhook_id) "
              "INSERT INTO webhook_delivery_attempts (org_id, delivery_id, "
              "webhook_id, attempt, outcome, status_code, duration_ms, "
              "response_body, created_at) "
              "SELECT d.org_id, d.id, d.webhook_id, g, 'http_status', 500, "
              "5, CASE WHEN g <= 2500 THEN 'old' ELSE 'new' END, "
              "CASE WHEN g <= 2500 THEN now() - interval '7 days 1 minute' "
              "ELSE now() - interval '6 days 23 hours' END "
              "FROM d, generate_series(1, 2502) g", org.id, w["id"])
    with httpd(fresh_database, "LogLevel warn feedback:info\n",
               worker=True) as s:
        left = lambda: s.sql(
            "SELECT response_body, count(*) FROM webhook_delivery_attempts "
            "WHERE response_body IS NOT NULL GROUP BY 1")
        assert wait_for(lambda: left() == [("new", 2)]), left()
        assert s.sql("SELECT count(*) FROM webhook_delivery_attempts")[0][0] \
            == 2502
        with open(s.error_log, errors="replace") as f:
            swept = [int(m) for m in re.findall(
                r"FB00213.*sweep webhook answers: (\d+) row", f.read())]
        assert sum(swept) == 2500
        assert not error_log_lines(s)



def test_fault_every_event_delivered_once_after_dedupe(fresh_database,
                                                       receiver):
    """1,000 events, a receiver failing 30% of requests at random, two
    httpd instances on one database, one child killed with SIGKILL
    mid-run: every event is acknowledged, none is left pending."""
    conf = ("FeedbackOutboundAllowLoopback On\n"
            "FeedbackOutboundCAFile %s\n"
            "FeedbackWorkerInterval 20\n"
            "FeedbackWorkerLease 3\n"
            "FeedbackWorkerConcurrency 4\n"
            "FeedbackWebhookRetrySchedule %s\n"
            "FeedbackWebhookFailureThreshold 100000\n"
            % (receiver.cert, " ".join(["100ms"] * 30)))
    path = "/chaos?" + os.urandom(4).hex()
    with httpd(fresh_database, conf, worker=True) as one, \
            httpd(fresh_database, conf, worker=True) as two:
        org = Org(one, "fault" + os.urandom(3).hex())
        board = one.sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                        "'B') RETURNING id", org.id)[0][0]
        r = org.api.post("/webhooks", json={
            "name": "Chaos", "url": receiver.base + path,
            "topics": ["post.created"]})
        assert r.status_code == 201, r.text
        w = r.json()
        # Events are recorded through the second instance: the first one's
        # children only deliver, so the kill cuts no API request.
        api = Client(two, org.key)

        def make(i):
            resp = api.post("/posts", json={"title": "Event %04d" % i,
                                          "boardId": board})
            assert resp.status_code == 201, resp.text

        with ThreadPoolExecutor(8) as pool:
            made = [pool.submit(make, i) for i in range(1000)]
            # Mid-run: a child of the first instance dies without warning,
            # while events are still being recorded and delivered.
            assert wait_for(lambda: len(acked(receiver, path)) >= 100)
            victims = httpd_children(one)
            assert victims
            os.kill(victims[0], signal.SIGKILL)
            assert len(acked(receiver, path)) < 900
            for f in made:
                f.result()
        events = {e for (e,) in one.sql(
            "SELECT id FROM events WHERE org_id = %s AND topic = "
            "'post.created'", org.id)}
        assert len(events) == 1000
        assert wait_for(lambda: acked(receiver, path) >= events, 120), \
            "missing: %d" % len(events - acked(receiver, path))
        assert wait_for(lambda: one.sql(
            "SELECT state, count(*) FROM webhook_deliveries WHERE "
            "webhook_id = %s GROUP BY state", w["id"]) == [("delivered",
                                                            1000)], 30)
        assert acked(receiver, path) == events
        # Sent twice to visible effect only what the killed child had in
        # flight (one per worker thread at most).
        with receiver.lock:
            oks = [i for p, i in receiver.acks if p == path]
        assert len(oks) - len(events) <= 4
        for s in (one, two):
            bad = error_log_lines(s, allowed=("AH00052",))
            assert not bad, "\n".join(bad)
