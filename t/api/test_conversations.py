"""Conversations: create, get, list, delete, with their parts (nova)."""
import json
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import Org
from helpers import assert_error, CLOVER

FIELDS = {"object", "id", "brandId", "state", "isBlocked", "priority",
          "prioritySetAt", "adminAssigneeId", "teamAssigneeId",
          "userPreferredLanguage", "hasAdminOverriddenLanguage",
          "participants", "tags", "botConversationStateLastUpdatedAt",
          "disableCustomerReply", "awaitingCustomerReply", "lastActivityAt",
          "waitingSince", "snoozedUntil", "customAttributes",
          "readReceipts", "createdAt", "updatedAt", "source"}
PART_FIELDS = {"object", "id", "partType", "createdAt", "updatedAt",
               "author", "redacted", "bodyHtml", "bodyMarkdown", "channel"}


def contact(org, **body):
    u = "u-" + secrets.token_hex(4)
    body.setdefault("userId", u)
    body.setdefault("email", u + "@conv.example")
    body.setdefault("name", "Cat " + u)
    r = org.api.post("/contacts", json=body)
    assert r.status_code in (200, 201), r.text
    return r.json()


def start(org, who=None, **body):
    who = who or contact(org)
    body.setdefault("from", {"type": "contact", "id": who["id"]})
    body.setdefault("bodyMarkdown", "Hello **there**")
    return org.api.post("/conversations", json=body)


def started(org, who=None, **body):
    r = start(org, who, **body)
    assert r.status_code == 201, r.text
    return r.json()


def test_contact_starts_a_conversation(org):
    who = contact(org, locale="de")
    c = started(org, who)
    assert set(c) == FIELDS
    assert c["object"] == "conversation" and c["id"].isdigit()
    assert c["state"] == "open" and c["snoozedUntil"] is None
    assert c["isBlocked"] is False and c["priority"] is False
    assert c["userPreferredLanguage"] == "de"
    assert c["participants"] == [{"type": "customer", "id": who["id"]}]
    assert c["tags"] == [] and c["customAttributes"] == {}
    assert c["awaitingCustomerReply"] is False
    assert c["waitingSince"] == c["createdAt"] == c["lastActivityAt"]
    assert c["brandId"] is not None
    src = c["source"]
    assert src["channel"] == "desktop"
    assert src["deliveredAs"] == "customer_initiated"
    assert src["bodyMarkdown"] == "Hello **there**"
    assert src["bodyHtml"] == "<p>Hello <strong>there</strong></p>\n" \
        or "<strong>there</strong>" in src["bodyHtml"]
    assert src["author"] == {"type": "customer", "id": who["id"]}
    assert "subject" not in src and "title" not in c
    assert c["readReceipts"][0]["id"] == who["id"]

    got = org.api.get("/conversations/" + c["id"]).json()
    parts = got.pop("conversationParts")
    assert got == c
    assert len(parts) == 1
    p = parts[0]
    assert set(p) == PART_FIELDS
    assert p["partType"] == "user_msg" and p["channel"] == "desktop"
    assert p["author"]["id"] == who["id"]
    assert p["author"]["type"] == "customer"
    assert p["author"]["email"] == who["email"]
    assert p["redacted"] is False
    assert c["readReceipts"] == [{"id": who["id"], "userType": "customer",
                                  "lastReadPartId": p["id"]}]


def test_numbers_are_per_organization_and_never_collide(org, other_org):
    who = contact(org)
    with ThreadPoolExecutor(10) as pool:
        made = list(pool.map(lambda _: start(org, who), range(50)))
    assert all(r.status_code == 201 for r in made), \
        [r.text for r in made if r.status_code != 201][:2]
    ids = [int(r.json()["id"]) for r in made]
    assert len(set(ids)) == 50
    theirs = started(other_org)
    assert theirs["id"] == "1"


def test_admin_outreach_by_email(org, server):
    known = contact(org)
    email = "new-%s@conv.example" % secrets.token_hex(3)
    c = started(org, None, **{
        "from": {"type": "admin", "id": org.owner_id},
        "channel": "email", "subject": "Your invoice",
        "bodyMarkdown": "See _attached_",
        "recipients": {"to": {"emails": [email]},
                       "cc": {"ids": [known["id"]]}}})
    src = c["source"]
    assert src["deliveredAs"] == "admin_initiated"
    assert src["channel"] == "email" and src["subject"] == "Your invoice"
    assert src["author"] == {"type": "admin", "id": org.owner_id}
    made = server.sql("SELECT id FROM contacts WHERE org_id = %s AND "
                      "email = %s", org.id, email)[0][0]
    ids = [p["id"] for p in c["participants"]]
    assert ids == [made, known["id"], org.owner_id]
    assert c["awaitingCustomerReply"] is True
    assert c["waitingSince"] is None
    parts = org.api.get("/conversations/" + c["id"]).json()[
        "conversationParts"]
    assert parts[0]["partType"] == "email_msg"
    assert parts[0]["author"]["type"] == "admin"


def test_create_validation(org):
    who = contact(org)
    admin = {"type": "admin", "id": org.owner_id}
    cases = [
        ({"bodyMarkdown": "x"}, 400, "missing_parameter", "from"),
        ({"from": {"type": "contact", "id": who["id"]}}, 400,
         "missing_parameter", "bodyMarkdown"),
        ({"from": {"type": "robot", "id": who["id"]}, "bodyMarkdown": "x"},
         400, "invalid_parameter", "from.type"),
        ({"from": {"type": "contact", "id": "nope"}, "bodyMarkdown": "x"},
         400, "invalid_parameter", "from.id"),
        ({"from": {"type": "contact", "id": who["id"]}, "bodyMarkdown": "",
          }, 400, "invalid_parameter", "bodyMarkdown"),
        ({"from": {"type": "contact", "id": who["id"]}, "bodyMarkdown": "x",
          "channel": "sms"}, 400, "invalid_parameter", "channel"),
        ({"from": {"type": "contact", "id": who["id"]}, "bodyMarkdown": "x",
          "mood": 1}, 400, "parameter_not_supported", "mood"),
        ({"from": {"type": "contact", "id": who["id"]}, "bodyMarkdown": "x",
          "createdAt": "yesterday"}, 400, "invalid_parameter", "createdAt"),
        ({"from": admin, "bodyMarkdown": "x"}, 400, "missing_parameter",
         "recipients"),
        ({"from": admin, "bodyMarkdown": "x", "recipients": {"to": {}}},
         400, "missing_parameter", "recipients.to"),
        ({"from": admin, "bodyMarkdown": "x", "channel": "email",
          "recipients": {"to": {"ids": [who["id"]]}}}, 400,
         "missing_parameter", "subject"),
        ({"from": admin, "bodyMarkdown": "x",
          "recipients": {"to": {"emails": ["not-an-email"]}}}, 400,
         "invalid_parameter", "recipients.to.emails[0]"),
        ({"from": {"type": "contact", "id": who["id"]}, "bodyMarkdown": "x",
          "recipients": {"to": {"ids": [who["id"]]}}}, 400,
         "invalid_parameter", "recipients"),
        ({"from": {"type": "contact", "id": who["id"]},
          "bodyMarkdown": "<script>alert(1)</script>"}, 400,
         "invalid_parameter", "bodyMarkdown"),
        ({"from": {"type": "contact", "id": "0" * 24}, "bodyMarkdown": "x"},
         404, "contact_not_found", "from.id"),
        ({"from": {"type": "admin", "id": "0" * 24}, "bodyMarkdown": "x",
          "recipients": {"to": {"ids": [who["id"]]}}}, 404,
         "admin_not_found", "from.id"),
        ({"from": admin, "bodyMarkdown": "x",
          "recipients": {"to": {"ids": ["0" * 24]}}}, 404,
         "contact_not_found", "recipients.to.ids[0]"),
        ({"from": admin, "bodyMarkdown": "x",
          "recipients": {"to": {"ids": ["x"]}}}, 400,
         "invalid_parameter", "recipients.to.ids[0]"),
    ]
    for body, status, code, param in cases:
        assert_error(org.api.post("/conversations", json=body), status,
                     code, param=param)


def test_blocked_contact_cannot_start(org):
    who = contact(org)
    assert org.api.post("/contacts/%s/block" % who["id"]).status_code == 200
    assert_error(start(org, who), 403, "forbidden", param="from.id")


def test_migration_keeps_original_dates(org):
    c = started(org, createdAt="2024-03-04T05:06:07Z")
    assert c["createdAt"] == "2024-03-04T05:06:07.000Z"
    assert c["lastActivityAt"] == c["createdAt"]
    got = org.api.get("/conversations/" + c["id"]).json()
    assert got["conversationParts"][0]["createdAt"] == c["createdAt"]


def test_source_is_the_first_message_whatever_comes_before(server):
    """A migrated conversation dated ahead of now gets changes (parts)
    dated earlier than its first message: the source stays the
    message, never a change without author or body.  (An organization
    of its own: the date would lead the other tests' lists.)"""
    org = Org(server, "ahead" + secrets.token_hex(3))
    who = contact(org)
    c = started(org, who, createdAt="2099-01-02T03:04:05Z")
    r = org.api.request("PATCH", "/conversations/" + c["id"],
                        json={"state": "closed"})
    assert r.status_code == 200, r.text
    got = org.api.get("/conversations/" + c["id"]).json()
    kinds = [p["partType"] for p in got["conversationParts"]]
    assert kinds == ["status", "user_msg"]
    assert got["source"] == c["source"]
    assert got["source"]["author"] == {"type": "customer", "id": who["id"]}
    assert got["source"]["bodyMarkdown"] == "Hello **there**"


def test_hostile_markdown_is_sanitized(org):
    c = started(org, bodyMarkdown="Hi <img src=x onerror=alert(1)> "
                "<script>x</script>[a](javascript:alert(1)) "
                "<a href=\"https://ok.example\" onclick=\"x\">ok</a>")
    html = c["source"]["bodyHtml"]
    for bad in ("<script", "onerror", "javascript:", "onclick"):
        assert bad not in html
    assert 'href="https://ok.example"' in html


def test_list_newest_first_and_pages(org):
    who = contact(org)
    mine = [started(org, who)["id"] for _ in range(3)]
    seen, cursor = [], None
    while True:
        q = "?limit=2" + ("&cursor=" + cursor if cursor else "")
        r = org.api.get("/conversations" + q)
        assert r.status_code == 200, r.text
        page = r.json()
        assert set(page) == {"object", "data", "nextCursor"}
        assert all("conversationParts" not in c for c in page["data"])
        seen += [c["id"] for c in page["data"]]
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen))
    assert seen[:3] == mine[::-1]
    assert_error(org.api.get("/conversations?cursor=zzz"), 400,
                 "invalid_cursor", param="cursor")
    assert_error(org.api.get("/conversations?limit=0"), 400,
                 "invalid_parameter", param="limit")


def test_get_shows_the_500_newest_parts(org, server):
    c = started(org)
    server.sql(
        "SELECT fb_conversation_part_add(%s, %s, 'admin_msg', 'admin', %s, "
        "'<p>' || g || '</p>', g::text, 'desktop', NULL, "
        "now() + g * interval '1 ms') FROM generate_series(1, 520) g",
        org.id, c["id"], org.owner_id)
    parts = org.api.get("/conversations/" + c["id"]).json()[
        "conversationParts"]
    assert len(parts) == 500
    assert [p["bodyMarkdown"] for p in parts] == \
        [str(g) for g in range(21, 521)]


def test_delete(org, server):
    c = started(org, bodyMarkdown="![i](data:image/png;base64,"
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN"
                "k+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==)")
    assert "/v2/files/" in c["source"]["bodyHtml"]
    files = server.sql("SELECT count(*) FROM files WHERE org_id = %s "
                       "AND attached_at IS NOT NULL", org.id)[0][0]
    r = org.api.request("DELETE", "/conversations/" + c["id"])
    assert r.status_code == 200, r.text
    assert r.json() == {"id": c["id"], "object": "conversation",
                        "deleted": True}
    assert_error(org.api.get("/conversations/" + c["id"]), 404,
                 "conversation_not_found", param="id")
    assert_error(org.api.request("DELETE", "/conversations/" + c["id"]),
                 404, "conversation_not_found", param="id")
    assert server.sql("SELECT count(*) FROM conversation_parts WHERE "
                      "org_id = %s AND conversation_id = %s", org.id,
                      c["id"])[0][0] == 0
    assert server.sql("SELECT count(*) FROM files WHERE org_id = %s "
                      "AND attached_at IS NOT NULL", org.id)[0][0] \
        == files - 1
    topics = [t for (t,) in server.sql(
        "SELECT topic FROM events WHERE org_id = %s AND item->>'id' = %s "
        "ORDER BY created_at, right(id, 6)", org.id, c["id"])]
    assert topics == ["conversation.user.created", "conversation.deleted"]


def test_ids_tenancy_and_versions(org, other_org):
    c = started(org)
    for path in ("/conversations/" + c["id"],):
        for method in ("GET", "DELETE"):
            r = other_org.api.request(method, path)
            assert_error(r, 404, "conversation_not_found", param="id")
            assert r.json() == other_org.api.request(
                method, "/conversations/99999999").json()
    assert c["id"] not in [x["id"] for x in other_org.api.get(
        "/conversations?limit=100").json()["data"]]
    assert_error(org.api.get("/conversations/abc"), 404,
                 "conversation_not_found", param="id")
    assert_error(org.api.get("/conversations/" + "1" * 17), 400,
                 "invalid_id", param="id")
    assert_error(org.api.get("/conversations/a-b"), 400, "invalid_id",
                 param="id")
    # Another organization's contact cannot start one here.
    theirs = contact(other_org)
    assert_error(start(org, theirs), 404, "contact_not_found",
                 param="from.id")
    for method, path in (("GET", "/conversations"),
                         ("POST", "/conversations"),
                         ("GET", "/conversations/" + c["id"]),
                         ("DELETE", "/conversations/" + c["id"])):
        r = org.api.request(method, path, json={},
                            headers={"Service-Version": CLOVER})
        assert_error(r, 404, "version_not_supported")
    viewer = org.client("viewer")
    assert viewer.get("/conversations/" + c["id"]).status_code == 200
    assert_error(viewer.request("DELETE", "/conversations/" + c["id"]),
                 403, "insufficient_permissions")


def test_bytes_are_jsonb_layout(org, server):
    """Conversations were jsonb text when PostgreSQL built them; written in
    C (conversation_render.c) they keep those bytes: {"k": v}, keys
    shorter first, then by bytes; PostgreSQL's own jsonb text of each
    answer is the answer.  One with every member set (title, subject,
    assignees, tags, a note, a change, read receipts), one with its nulls
    (no title, no assignees, not snoozed)."""
    who = contact(org, name='Zo\u00eb "Q"\n')
    c = started(org, None, **{
        "from": {"type": "admin", "id": org.owner_id},
        "channel": "email", "subject": "Yours \u00e9",
        "bodyMarkdown": "See _this_",
        "recipients": {"to": {"ids": [who["id"]]}}})
    cid = c["id"]
    tag = org.api.post("/tags", json={"name": "Bytes " + cid}).json()
    assert org.api.post("/conversations/%s/tags" % cid, json={
        "tagId": tag["id"], "actingAdminId": org.owner_id}).status_code == 200
    r = org.api.post("/conversations/%s/reply" % cid, json={
        "messageType": "note", "type": "admin", "id": org.owner_id,
        "bodyMarkdown": "a *note*"})
    assert r.status_code == 201, r.text
    part = r.content
    r = org.api.request("PATCH", "/conversations/" + cid, json={
        "state": "snoozed", "snoozedUntil": "2031-01-02T03:04:05.000Z",
        "actingAdminId": org.owner_id})
    assert r.status_code == 200, r.text
    server.sql("UPDATE conversations SET title = 'T \"q\"', priority = true, "
               "priority_set_at = now(), admin_assignee_id = %s, "
               "team_assignee_id = 'team', custom_attributes = "
               "'{\"zz\": 1.50, \"a\": [\"x\"]}' WHERE org_id = %s "
               "AND id = %s", org.owner_id, org.id, cid)
    bare = started(org)["id"]

    def jsonb(text):
        return server.sql("SELECT %s::jsonb::text", text.decode())[0][0] \
            .encode()

    full = org.api.get("/conversations/" + cid)
    got = full.json()
    assert got["title"] and got["tags"] and got["snoozedUntil"]
    assert got["source"]["subject"] and got["readReceipts"]
    assert {p["partType"] for p in got["conversationParts"]} >= {
        "email_msg", "admin_note", "status"}
    assert full.content == jsonb(full.content)
    assert part == jsonb(part)
    empty = org.api.get("/conversations/" + bare).content
    assert empty == jsonb(empty)
    assert b'"snoozedUntil": null' in empty and b'"title"' not in empty
    page = org.api.get("/conversations", params={"limit": 100}).content
    data = server.sql("SELECT '[' || string_agg(x::text, ',') || ']' "
                      "FROM jsonb_array_elements(%s::jsonb -> 'data') x",
                      page.decode())[0][0].encode()
    assert b'"data":' + data + b',' in page
