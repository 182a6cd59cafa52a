"""The audit log (GET /v2/audit-logs, sql/034, modules/http/fb_audit.h).

Every write operation of the served description (those it marks with
x-audit-action) is driven once with a valid body through the robustness
test's Site, and leaves exactly one entry, found by its request's
X-Request-Id; reads leave none, nor does a write that is refused or
rolled back (a rule, a 412, a database fault in the write or in the
entry itself).  Then the list: filters, cursors, who may read it, one
organization's entries never shown to another, entries that nothing can
change or remove but the retention sweep, and the operator surface's
entries."""
import re
import secrets
import time

import pytest
import requests

from conftest import Org, httpd
from helpers import CLOVER, NOVA, assert_error
from test_robustness import BASES, OPERATIONS, Site, filled

# The database faults below are logged as such (FB00031), on purpose.
ALLOWED_LOG = ("FB00031",)


def entries(org, **params):
    """Every entry the org's Owner reads, newest first (all pages)."""
    out, cursor = [], None
    while True:
        q = dict(params, limit=100)
        if cursor:
            q["cursor"] = cursor
        r = org.api.get("/audit-logs", params=q,
                        headers={"Featurebase-Version": NOVA})
        assert r.status_code == 200, r.text
        body = r.json()
        out += body["data"]
        cursor = body["nextCursor"]
        if not cursor:
            return out


def count(server, org_id):
    return server.sql("SELECT count(*) FROM audit_logs WHERE org_id = %s",
                      org_id)[0][0]


def by_request(server, request_id):
    return server.sql("SELECT action, target_type, target_id, actor_type, "
                      "actor_id, key_id, metadata FROM audit_logs "
                      "WHERE request_id = %s", request_id)


@pytest.fixture(scope="module")
def site(database):
    """A server without rate limits and an organization with an object
    of every kind (test_robustness.py's Site)."""
    with httpd(database, "FeedbackRateLimitKey 0\nFeedbackRateLimitOrg 0\n"
               "FeedbackRateLimitPublic 0\n") as s:
        site = Site(s)
        site.webhook = site.make("webhook")
        site.ids["webhook"] = site.webhook
        yield site


def described(site):
    """(method, template as the description writes it, x-audit-action or
    None) of every operation served."""
    doc = requests.get(site.server.base + "/v2/openapi.json",
                       timeout=30).json()
    return {(m.upper(), p[len("/v2"):]): op.get("x-audit-action")
            for p, item in doc["paths"].items() for m, op in item.items()
            if m in ("get", "post", "patch", "delete", "put")}


def shape(template):
    return re.sub(r"\{[^}]*\}", "{}", template)


def test_every_write_leaves_exactly_one_entry(site):
    """Each write operation of the served description, with a valid body,
    leaves one entry with its action, its actor and its request id; the
    list of writes is the description's, not one kept here."""
    actions = {(m, shape(t)): a for (m, t), a in described(site).items()}
    writes = [(m, t) for m, t, _ in OPERATIONS
              if actions[(m, shape(t))] is not None]
    # Every method but GET writes, except searches and reports (reads
    # with a body) and a public link (no key, no admin).
    assert len(writes) > 60
    unaudited = {(m, shape(t)) for m, t, _ in OPERATIONS if m != "GET"} \
        - {(m, shape(t)) for m, t in writes}
    assert ("POST", "/conversations/search") in unaudited
    assert {op for op in unaudited if not op[1].endswith("/search")
            and not op[1].startswith("/reports/")} \
        == {("POST", "/email/unsubscribe")}
    api = site.org.api
    for method, template in writes:
        path = site.path(template)
        body = filled(site, BASES.get((method, template), {}))
        r = api.request(method, path, json=body,
                        headers={"Featurebase-Version": NOVA,
                                 "User-Agent": "audit-test/1"})
        assert r.status_code in (200, 201, 202), (method, path, r.text)
        assert "X-Request-Id" in r.headers, (method, template)
        request_id = r.headers["X-Request-Id"]
        rows = by_request(site.server, request_id)
        assert len(rows) == 1, (method, template, rows)
        action, target_type, target_id, actor_type, actor_id, key_id, \
            meta = rows[0]
        assert action == actions[(method, shape(template))]
        assert actor_type == "api_key" and actor_id == site.org.owner_id
        assert key_id is not None
        assert meta["method"] == method and meta["path"] == "/v2" + path
        # What the write set: the body's members (with those a check
        # completes it with, such as a new key's adminId).
        assert set(body) <= set(meta["fields"]), (method, template)
        # The target: an object the path names, or the one made (or the
        # body names); none only for the subscribers of changelogs.
        if target_id is None:
            assert target_type == "changelog_subscribers", (method, template)
        elif "{" in template:
            assert target_id.lower() in path.lower().split("/"), \
                (method, template, target_id)


def test_creates_name_what_they_made(site):
    """A create's entry names the object made: read from its answer, or
    named by its handler where the answer comes after the commit."""
    api = site.org.api
    unique = secrets.token_hex(3)
    for path, body in (
            ("/boards", {"name": "Audited " + unique}),
            ("/posts", {"title": "Made", "boardId": site.ids["board"],
                        "content": '<p>"id": "not this one"</p>'}),
            ("/comments", {"postId": site.path("{post}"),
                           "content": "<p>id</p>"}),
            ("/changelogs", {"title": "C", "htmlContent": "<p>C</p>"}),
            ("/tags", {"name": "t" + unique}),
            ("/contacts", {"email": "made%s@audit.example" % unique}),
            ("/companies", {"companyId": "c" + unique, "name": "Co"}),
            ("/api_keys", {"name": "made"}),
            ("/surveys", {"title": "S", "pages": [{"type": "text",
                                                   "title": "Q"}]}),
            ("/webhooks", {"name": "W", "url": "https://hooks.example.com/a",
                           "topics": ["post.created"]})):
        r = api.post(path, json=body, headers={"Featurebase-Version": NOVA})
        assert r.status_code in (200, 201), (path, r.text)
        rows = by_request(site.server, r.headers["X-Request-Id"])
        assert [row[2] for row in rows] == [r.json()["id"]], path


def test_reads_leave_none(site):
    before = count(site.server, site.org.id)
    api = site.org.api
    for (method, template), action in described(site).items():
        if method != "GET" or "{" in template:
            continue
        r = api.get(template, headers={"Featurebase-Version": NOVA})
        assert action is None
        assert "X-Request-Id" not in r.headers
    r = api.post("/conversations/search", json={"query": {
        "field": "state", "operator": "=", "value": "open"}},
        headers={"Featurebase-Version": NOVA})
    assert r.status_code == 200, r.text
    assert count(site.server, site.org.id) == before


def test_refused_writes_leave_none(site):
    """A write refused by a rule, by a stale If-Match, by a missing
    object or by its permission leaves nothing."""
    api, server = site.org.api, site.server
    viewer = site.org.client("viewer")
    before = count(server, site.org.id)
    assert_error(api.request("DELETE", "/brands/" + site.ids["brand"],
                             headers={"Featurebase-Version": NOVA}),
                 409, "resource_in_use")
    post = site.make("post")
    assert_error(api.request("PATCH", "/posts/" + post,
                             json={"title": "Stale"},
                             headers={"If-Match": '"stale"'}),
                 412, "precondition_failed")
    r = api.request("DELETE", "/webhooks/" + "0" * 24)
    assert r.status_code == 404
    assert viewer.post("/tags", json={"name": "x"},
                       headers={"Featurebase-Version": NOVA}) \
        .status_code == 403
    # The make above wrote one post: its entry, and nothing else.
    assert count(server, site.org.id) == before + 1
    assert api.get("/posts/" + post).json()["title"] == "Robust"


def test_database_fault_mid_write_leaves_none(site):
    """A write whose statement fails half-way rolls back whole, its entry
    with it; an entry that cannot be written undoes the write."""
    api, server = site.org.api, site.server
    server.sql(
        "CREATE FUNCTION audit_test_boom() RETURNS trigger LANGUAGE plpgsql "
        "AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$")
    try:
        server.sql("CREATE TRIGGER audit_test_posts BEFORE INSERT ON posts "
                   "FOR EACH ROW WHEN (NEW.title = 'boom') "
                   "EXECUTE FUNCTION audit_test_boom()")
        before = count(server, site.org.id)
        r = api.post("/posts", json={"title": "boom",
                                     "boardId": site.ids["board"]})
        assert r.status_code == 500
        assert count(server, site.org.id) == before
        server.sql("DROP TRIGGER audit_test_posts ON posts")
        # The entry itself fails: the team it was for is not made.
        server.sql("CREATE TRIGGER audit_test_entries BEFORE INSERT ON "
                   "audit_logs FOR EACH ROW WHEN (NEW.target_type = 'team') "
                   "EXECUTE FUNCTION audit_test_boom()")
        name = "Unaudited " + secrets.token_hex(3)
        r = api.post("/teams", json={"name": name},
                     headers={"Featurebase-Version": NOVA})
        assert r.status_code == 500
        assert not server.sql("SELECT 1 FROM teams WHERE org_id = %s AND "
                              "name = %s", site.org.id, name)
        assert count(server, site.org.id) == before
    finally:
        server.sql("DROP TRIGGER IF EXISTS audit_test_posts ON posts")
        server.sql("DROP TRIGGER IF EXISTS audit_test_entries ON "
                   "audit_logs")
        server.sql("DROP FUNCTION audit_test_boom()")


def test_idempotent_replay_leaves_one(site):
    api = site.org.api
    key = {"Idempotency-Key": secrets.token_hex(8)}
    body = {"title": "Once", "boardId": site.ids["board"]}
    first = api.post("/posts", json=body, headers=key)
    before = count(site.server, site.org.id)
    again = api.post("/posts", json=body, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert count(site.server, site.org.id) == before


def test_entry_shape_and_no_secrets(site):
    """The entry as the client reads it: actor with key, resource,
    request (address, User-Agent), metadata naming the members and
    keeping their values, the secrets' never."""
    api = site.org.api
    hook = "https://hooks.example.com/secretive"
    r = api.post("/webhooks", json={
        "name": "Secretive", "url": hook, "topics": ["post.created"],
        "requestConfig": {"headers": {"X-Token": "hunter2-very-secret"}}},
        headers={"User-Agent": "auditor/2.0", "Featurebase-Version": NOVA})
    assert r.status_code == 201, r.text
    made = r.json()
    rotated = api.post("/webhooks/%s/secret" % made["id"])
    assert rotated.status_code == 200
    logs = entries(site.org, domain="integrations")
    rotation, creation = logs[0], logs[1]
    assert rotation["action"] == "webhook.secret_rotated"
    assert creation["action"] == "webhook.created"
    assert creation["object"] == "audit_log"
    assert creation["resource"] == {"type": "webhook", "id": made["id"],
                                    "name": None}
    assert creation["actor"]["type"] == "api_key"
    assert creation["actor"]["id"] == site.org.owner_id
    assert creation["actor"]["email"].startswith("owner@")
    assert creation["actor"]["apiKey"]["id"]
    assert creation["request"] == {"ipAddress": "127.0.0.1",
                                   "userAgent": "auditor/2.0"}
    assert creation["correlationId"] == r.headers["X-Request-Id"]
    assert sorted(creation["metadata"]["fields"]) == [
        "name", "requestConfig", "topics", "url"]
    # The values set, a secret's (the headers') left out.
    assert creation["metadata"]["after"] == {
        "name": "Secretive", "url": hook, "topics": ["post.created"],
        "requestConfig": {}}
    # A long value is kept as its start, a large one as its size.
    long = api.post("/posts", json={
        "title": "Long", "boardId": site.ids["board"],
        "content": "é" * 400,
        "tags": ["audit-tag-%03d-xx" % i for i in range(100)]},
        headers={"Featurebase-Version": NOVA})
    assert long.status_code == 201, long.text
    after = [e for e in entries(site.org, action="post.created")
             if e["correlationId"] == long.headers["X-Request-Id"]][0][
        "metadata"]["after"]
    assert after["title"] == "Long" and after["content"] == "é" * 128
    assert after["tags"].endswith("bytes, not kept)")
    # The organization's identity secret: given, never kept.
    r = api.request("PATCH", "/organization",
                    json={"identitySecret": "hunter2" * 4},
                    headers={"Featurebase-Version": NOVA})
    assert r.status_code == 200, r.text
    change = [e for e in entries(site.org)
              if e["correlationId"] == r.headers["X-Request-Id"]][0]
    assert change["metadata"]["fields"] == ["identitySecret"]
    assert change["metadata"]["after"] == {}
    logs = entries(site.org)
    text = str(logs)
    for secret in ("hunter2", made.get("secret") or "hunter2",
                   rotated.json().get("secret") or "hunter2", site.org.key):
        assert secret not in text
    assert "webhook.created" in creation["description"]


@pytest.fixture(scope="module")
def logged(server):
    """An organization with entries of three actions, some minutes
    apart (their times set where nothing else could)."""
    org = Org(server, "al" + secrets.token_hex(3))
    api = org.api
    for i in range(5):
        assert api.post("/boards", json={"name": "B%d" % i}).status_code \
            == 201
    for i in range(3):
        assert api.post("/teams", json={"name": "T%d" % i},
                        headers={"Featurebase-Version": NOVA}) \
            .status_code == 201
    key = api.post("/api_keys", json={"name": "second"}).json()
    assert api.request("DELETE", "/api_keys/" + key["id"]).status_code \
        == 200
    return org


def test_list_newest_first_with_cursors(logged):
    all_ = entries(logged)
    assert len(all_) == 11
    assert [e["action"] for e in all_[:2]] == ["api_key.deleted",
                                                "api_key.created"]
    assert all_[-1]["action"] == "organization.created"
    times = [e["createdAt"] for e in all_]
    assert times == sorted(times, reverse=True)
    seen, cursor = [], None
    while True:
        q = {"limit": 3}
        if cursor:
            q["cursor"] = cursor
        page = logged.api.get("/audit-logs", params=q).json()
        assert len(page["data"]) <= 3
        seen += [e["id"] for e in page["data"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert seen == [e["id"] for e in all_]
    # A cursor is for its own filters.
    first = logged.api.get("/audit-logs", params={"limit": 2}).json()
    assert_error(logged.api.get("/audit-logs", params={
        "limit": 2, "cursor": first["nextCursor"], "domain": "security"}),
        400, "invalid_cursor", "cursor")


def test_filters(logged):
    boards = entries(logged, action="settings.boards_updated")
    assert len(boards) == 5
    assert all(e["domain"] == "workspace_settings" for e in boards)
    assert [e["action"] for e in entries(logged, domain="team_management")] \
        == ["team.created"] * 3
    assert [e["action"] for e in entries(logged, domain="security")] == [
        "api_key.deleted", "api_key.created"]
    assert entries(logged, action="webhook.deleted") == []
    both = entries(logged, action="team.created", domain="security")
    assert both == []
    logged.server.sql(
        "SET session_replication_role = replica; "
        "UPDATE audit_logs SET created_at = '2025-01-15T12:00:00Z' "
        "WHERE org_id = %s AND action = 'team.created'", logged.id)
    jan = entries(logged, startDate="2025-01-01T00:00:00Z",
                  endDate="2025-01-31")
    assert [e["action"] for e in jan] == ["team.created"] * 3
    assert len(entries(logged, startDate="2025-02-01")) == 8
    assert entries(logged, endDate="2025-01-15") != []
    assert entries(logged, endDate="2025-01-14") == []
    for name, value in (("action", "Webhook.Deleted"), ("action", "nodot"),
                        ("domain", "a.b"), ("startDate", "yesterday"),
                        ("endDate", "2025-13-01")):
        assert_error(logged.api.get("/audit-logs", params={name: value}),
                     400, "invalid_parameter", name)


def test_who_may_read(logged):
    assert_error(logged.client("member").get("/audit-logs"), 403,
                 "insufficient_permissions")
    assert_error(logged.client("viewer").get("/audit-logs"), 403,
                 "insufficient_permissions")
    assert_error(logged.api.get("/audit-logs",
                                headers={"Featurebase-Version": CLOVER}),
                 404, "version_not_supported")
    # A role given manage_sso reads it.
    role = logged.api.post("/admins/roles", json={
        "name": "Auditor", "permissions": {"manage_sso": True}}).json()
    admin = logged.api.post("/admins", json={
        "name": "Aud", "email": "aud%s@example.com" % secrets.token_hex(2),
        "roleId": role["id"]}).json()
    key = logged.api.post("/api_keys", json={"adminId": admin["id"]}).json()
    r = logged.api.get("/audit-logs", key=key["key"])
    assert r.status_code == 200 and r.json()["data"]


def test_another_organizations_entries_never_seen(logged, server):
    other = Org(server, "ot" + secrets.token_hex(3))
    assert other.api.post("/boards", json={"name": "Mine"}).status_code \
        == 201
    theirs = entries(other)
    assert [e["action"] for e in theirs] == ["settings.boards_updated",
                                             "organization.created"]
    ids = {e["id"] for e in entries(logged)}
    assert theirs[0]["id"] not in ids


def test_append_only(logged, server):
    """No route changes or removes an entry, and the table refuses it."""
    one = entries(logged)[0]["id"]
    for method, path in (("DELETE", "/audit-logs"), ("PATCH", "/audit-logs"),
                         ("POST", "/audit-logs"),
                         ("DELETE", "/audit-logs/" + one),
                         ("PATCH", "/audit-logs/" + one)):
        r = logged.api.request(method, path, json={})
        assert r.status_code in (404, 405), (method, path)
    for statement in ("UPDATE audit_logs SET action = 'x' WHERE id = %s",
                      "DELETE FROM audit_logs WHERE id = %s"):
        with pytest.raises(Exception, match="append-only"):
            server.sql(statement, one)
    with pytest.raises(Exception, match="append-only"):
        server.sql("TRUNCATE audit_logs")
    assert entries(logged)[0]["id"] == one


def test_role_change_of_an_admin(logged):
    """An admin's PATCH that changes the role is the client's
    member.role_changed (permissions); another PATCH, teammate.updated."""
    api = logged.api
    roles = api.get("/admins/roles").json()
    roles = roles["data"] if isinstance(roles, dict) else roles
    member = [r for r in roles if r["name"] == "Member"][0]
    viewer = [r for r in roles if r["name"] == "Viewer"][0]
    admin = api.post("/admins", json={
        "name": "Rolling", "email": "roll%s@example.com" % secrets.token_hex(2),
        "roleId": member["id"]}).json()
    assert api.request("PATCH", "/admins/" + admin["id"],
                       json={"roleId": viewer["id"]}).status_code == 200
    assert api.request("PATCH", "/admins/" + admin["id"],
                       json={"name": "Rolled"}).status_code == 200
    logs = entries(logged)[:3]
    assert [(e["action"], e["domain"]) for e in logs] == [
        ("teammate.updated", "team_management"),
        ("member.role_changed", "permissions"),
        ("teammate.invited", "team_management")]
    assert {e["resource"]["id"] for e in logs} == {admin["id"]}


def test_operator_changes_are_entries(server):
    """feedbackctl's changes name the operator (the system actor)."""
    org = Org(server, "op" + secrets.token_hex(3))
    admin = server.ctl("admin", "create", org.id, "Ops", "ops@example.com",
                       "member")
    key = server.ctl("key", "create", org.id, admin)
    assert server.ctl("key", "revoke", key) == "revoked"
    server.ctl("org", "identity-secret", org.id)
    logs = entries(org)
    assert [e["action"] for e in logs] == [
        "security.identity_verification_changed", "api_key.deleted",
        "api_key.created", "teammate.invited", "organization.created"]
    for e in logs:
        assert e["actor"]["type"] == "system"
        assert e["actor"]["name"].startswith("feedbackctl:")
        assert e["actor"]["apiKey"] is None
    assert logs[3]["resource"]["id"] == admin
    assert logs[4]["resource"]["id"] == org.id
    assert key not in str(logs)


def test_refused_key_lockout_is_recorded(database):
    """An address locked out for refused keys is a security event, of no
    organization (the operators'), recorded once per lockout."""
    with httpd(database, "FeedbackRateLimitAuthFail 3\n") as s:
        since = s.sql("SELECT now()")[0][0]
        for _ in range(6):
            requests.get(s.base + "/v2/boards", timeout=10, headers={
                "Authorization": "Bearer sk_" + "x" * 40})
        rows = s.sql("SELECT action, domain, org_id, ip_address, "
                     "actor_type FROM audit_logs WHERE created_at >= %s "
                     "AND action = 'security.api_key_lockout'", since)
        assert rows == [("security.api_key_lockout", "security", None,
                         "127.0.0.1", "system")]


def test_retention_sweep(database, server):
    """The worker removes entries older than FeedbackAuditRetention, a
    batch at a time, and nothing younger."""
    org = Org(server, "rt" + secrets.token_hex(3))
    server.sql("INSERT INTO audit_logs (org_id, created_at, action, domain, "
               "actor_type, target_type) SELECT %s, now() - interval "
               "'3 days' - g * interval '1 second', 'post.created', "
               "'feedback', 'api_key', 'post' FROM generate_series(1, 2500) g",
               org.id)
    young = count(server, org.id) - 2500
    with httpd(database, "FeedbackAuditRetention 2\n"
               "FeedbackWorkerInterval 50\n", worker=True):
        deadline = time.time() + 30
        while time.time() < deadline and count(server, org.id) > young:
            time.sleep(0.2)
    assert count(server, org.id) == young
    assert young >= 1       # organization.created, of now, is kept
