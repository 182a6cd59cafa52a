"""The operator surface over HTTP (SetHandler feedback-operator): made
organizations, admins and keys work on /v2 at once; httpd's own
authentication guards it, and without it nothing is served."""
import base64
import hashlib
import os
import secrets
import shutil
import tempfile
import time

import pytest
import requests

from conftest import Org, httpd
from helpers import assert_error

MODS = "/usr/lib/apache2/modules/"
PASSWORD = secrets.token_hex(8)


@pytest.fixture(scope="module")
def ops(database):
    work = tempfile.mkdtemp(prefix="fbops.", dir="/tmp")
    os.chmod(work, 0o755)
    users = os.path.join(work, "operators")
    with open(users, "w") as f:
        for user in ("ops", "someone"):
            digest = base64.b64encode(hashlib.sha1(
                PASSWORD.encode()).digest()).decode()
            f.write("%s:{SHA}%s\n" % (user, digest))
    os.chmod(users, 0o644)
    conf = "".join("LoadModule %s_module %smod_%s.so\n" % (m, MODS, m)
                   for m in ("authn_core", "authn_file", "auth_basic",
                             "authz_user"))
    conf += """LogLevel warn feedback:notice
<Location /operator>
    SetHandler feedback-operator
    AuthType Basic
    AuthName "mod_feedback operators"
    AuthBasicProvider file
    AuthUserFile %s
    Require user ops
</Location>
<Location /open-operator>
    SetHandler feedback-operator
    Require all granted
</Location>
""" % users
    with httpd(database, conf) as s:
        s.ops = requests.Session()
        s.ops.auth = ("ops", PASSWORD)
        yield s
    shutil.rmtree(work, ignore_errors=True)


def call(s, method, path, **kw):
    return s.ops.request(method, s.base + "/operator" + path, timeout=30,
                         **kw)


def v2(s, key, path):
    return requests.get(s.base + "/v2" + path, timeout=30,
                        headers={"Authorization": "Bearer " + key})


def test_organization_admin_and_key_over_http(ops):
    r = call(ops, "POST", "/organizations",
             json={"name": "Over HTTP", "ownerEmail": "o@http.example"})
    assert r.status_code == 201, r.text
    org = r.json()
    assert org["object"] == "organization" and org["name"] == "Over HTTP"
    assert len(org["id"]) == 24 and org["apiKey"].startswith("sk_")
    assert v2(ops, org["apiKey"], "/boards").status_code == 200
    listed = call(ops, "GET", "/organizations").json()
    assert listed["object"] == "list"
    assert {"object": "organization", "id": org["id"], "name": "Over HTTP"} \
        .items() <= [o for o in listed["data"]
                     if o["id"] == org["id"]][0].items()

    r = call(ops, "POST", "/organizations/%s/admins" % org["id"],
             json={"name": "Mem", "email": "m@http.example",
                   "role": "member"})
    assert r.status_code == 201, r.text
    admin = r.json()
    assert (admin["role"], admin["organizationId"]) == ("member", org["id"])
    r = call(ops, "POST", "/organizations/%s/keys" % org["id"],
             json={"adminId": admin["id"]})
    assert r.status_code == 201, r.text
    key = r.json()
    assert key["adminId"] == admin["id"]
    got = v2(ops, key["key"], "/admins/" + admin["id"])
    assert got.status_code == 200 and got.json()["email"] == "m@http.example"
    # Without adminId: the Owner's.
    r = call(ops, "POST", "/organizations/%s/keys" % org["id"])
    assert r.status_code == 201 and r.json()["adminId"] == org["ownerId"]

    keys = call(ops, "GET", "/organizations/%s/keys" % org["id"]).json()
    assert len(keys["data"]) == 3
    mine = [k for k in keys["data"] if k["adminId"] == admin["id"]][0]
    assert key["key"].startswith(mine["prefix"])
    assert mine["revokedAt"] is None
    r = call(ops, "DELETE", "/keys/" + mine["id"])
    assert r.status_code == 200 and r.json()["revoked"] is True
    assert_error(call(ops, "DELETE", "/keys/" + mine["id"]), 404,
                 "resource_not_found")
    time.sleep(1.2)     # the key cache's TTL in the suite
    assert v2(ops, key["key"], "/boards").status_code == 401

    with open(ops.error_log) as f:
        log = f.read()
    assert "FB00453" in log and "operator ops: created organization %s" \
        % org["id"] in log


def test_only_behind_httpd_authentication(ops):
    r = requests.post(ops.base + "/operator/organizations", timeout=30,
                      json={"name": "X", "ownerEmail": "x@x.example"})
    assert r.status_code == 401 and "WWW-Authenticate" in r.headers
    r = requests.post(ops.base + "/operator/organizations", timeout=30,
                      auth=("someone", PASSWORD),
                      json={"name": "X", "ownerEmail": "x@x.example"})
    assert r.status_code == 401
    # A <Location> without authentication serves nothing.
    r = requests.post(ops.base + "/open-operator/organizations",
                      timeout=30,
                      json={"name": "X", "ownerEmail": "x@x.example"})
    assert_error(r, 403, "forbidden")
    assert not [o for o in call(ops, "GET", "/organizations").json()["data"]
                if o["name"] == "X"]


def test_bad_input_is_refused_and_tenancy_kept(ops, server):
    a, b = Org(server, "opa" + secrets.token_hex(2)), \
        Org(server, "opb" + secrets.token_hex(2))
    path = "/organizations/%s/" % a.id
    cases = [
        ("POST", "/organizations", {"ownerEmail": "o@x.example"}, 400,
         "missing_parameter", "name"),
        ("POST", "/organizations", {"name": "N", "ownerEmail": "nope"}, 400,
         "invalid_parameter", "ownerEmail"),
        ("POST", "/organizations", {"name": "", "ownerEmail": "o@x.ex"},
         400, "invalid_parameter", "name"),
        ("POST", "/organizations", {"name": 5, "ownerEmail": "o@x.ex"},
         400, "invalid_parameter", "name"),
        ("POST", "/organizations", {"name": "n" * 201,
                                    "ownerEmail": "o@x.ex"},
         400, "invalid_parameter", "name"),
        ("POST", path + "admins", {"name": "A", "email": "a@x.example",
                                   "role": "admin"},
         400, "invalid_parameter", "role"),
        ("POST", path + "admins", {"name": "A", "role": "member",
                                   "email": "a@.example"},
         400, "invalid_parameter", "email"),
        ("POST", "/organizations/%s/admins" % ("0" * 24),
         {"name": "A", "email": "a@x.example", "role": "member"},
         404, "resource_not_found", None),
        # Another organization's admin is not found.
        ("POST", path + "keys", {"adminId": b.owner_id}, 404,
         "admin_not_found", "adminId"),
        ("GET", "/organizations/%s/keys" % ("f" * 24), None, 404,
         "resource_not_found", None),
        ("PUT", "/organizations", None, 405, "method_not_allowed", None),
        ("GET", "/nothing", None, 404, "resource_not_found", None),
    ]
    for method, p, body, status, code, param in cases:
        r = call(ops, method, p, json=body)
        assert_error(r, status, code, param)
    # A duplicate email within the organization (case aside).
    r = call(ops, "POST", path + "admins",
             json={"name": "Twice", "email": "t@x.example",
                   "role": "viewer"})
    assert r.status_code == 201
    assert_error(call(ops, "POST", path + "admins", json={
        "name": "Twice", "email": "T@X.example", "role": "viewer"}),
        400, "invalid_parameter", "email")
    # Not JSON, not an object: 400, nothing made.
    for raw in (b"{", b"[1]", b'"x"'):
        r = ops.ops.post(ops.base + "/operator/organizations", data=raw,
                         headers={"Content-Type": "application/json"},
                         timeout=30)
        assert_error(r, 400, "invalid_request")
    assert [o for o in call(ops, "GET", "/organizations").json()["data"]
            if o["id"] in (a.id, b.id)]
    assert server.sql("SELECT count(*) FROM admins WHERE org_id = %s",
                      b.id) == [(1,)]


def test_changes_are_audit_log_entries(ops):
    """Each change is an entry of the organization's audit log, of the
    operator httpd authenticated, from the client's address."""
    org = call(ops, "POST", "/organizations",
               json={"name": "Audited", "ownerEmail": "o@aud.example"}).json()
    admin = call(ops, "POST", "/organizations/%s/admins" % org["id"],
                 json={"name": "A", "email": "a@aud.example",
                       "role": "member"}).json()
    key = call(ops, "POST", "/organizations/%s/keys" % org["id"],
               json={"adminId": admin["id"]}).json()["key"]
    assert call(ops, "DELETE", "/keys/" + key).status_code == 200
    r = requests.get(ops.base + "/v2/audit-logs", timeout=30, headers={
        "Authorization": "Bearer " + org["apiKey"],
        "Featurebase-Version": "2026-01-01.nova"})
    assert r.status_code == 200, r.text
    logs = r.json()["data"]
    assert [e["action"] for e in logs] == [
        "api_key.deleted", "api_key.created", "teammate.invited",
        "organization.created"]
    for e in logs:
        assert e["actor"] == {"id": None, "type": "system", "email": "",
                              "name": "operator:ops", "apiKey": None}
        assert e["request"]["ipAddress"] == "127.0.0.1"
    assert logs[2]["resource"] == {"type": "admin", "id": admin["id"],
                                   "name": None}
    assert key not in r.text and org["apiKey"] not in r.text
