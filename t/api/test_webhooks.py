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
import re
import shutil
import socketserver
import ssl
import subprocess
import tempfile
import threading
import time

import pytest

from conftest import Org, error_log_lines, httpd
from helpers import assert_error, CLOVER

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

