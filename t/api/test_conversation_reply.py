"""POST /conversations/{id}/reply: contact and admin replies, notes."""
from helpers import assert_error, CLOVER
from test_conversations import PART_FIELDS, contact, started


def reply(org, cid, **body):
    body.setdefault("bodyMarkdown", "Thanks!")
    body.setdefault("messageType", "reply")
    return org.api.post("/conversations/%s/reply" % cid, json=body)


def replied(org, cid, **body):
    r = reply(org, cid, **body)
    assert r.status_code == 201, r.text
    return r.json()


def events(server, org, cid):
    return [t for (t,) in server.sql(
        "SELECT topic FROM events WHERE org_id = %s AND item->>'id' = %s "
        "ORDER BY created_at, right(id, 6)", org.id, cid)]


def test_admin_reply_then_contact_reply(org, server):
    who = contact(org)
    c = started(org, who)
    p = replied(org, c["id"], type="admin", id=org.owner_id,
                bodyMarkdown="We are *on it*")
    assert set(p) == PART_FIELDS
    assert p["partType"] == "admin_msg" and p["channel"] == "desktop"
    assert p["author"]["type"] == "admin"
    assert p["author"]["id"] == org.owner_id
    assert "<em>on it</em>" in p["bodyHtml"]
    after = org.api.get("/conversations/" + c["id"]).json()
    assert after["awaitingCustomerReply"] is True
    assert after["waitingSince"] is None
    assert after["lastActivityAt"] == p["createdAt"]
    assert [x["id"] for x in after["participants"]] == [who["id"],
                                                        org.owner_id]
    receipts = {r["id"]: r["lastReadPartId"] for r in after["readReceipts"]}
    assert receipts[org.owner_id] == p["id"]
    assert after["conversationParts"][-1] == p

    q = replied(org, c["id"], type="contact", userId=who["userId"])
    assert q["partType"] == "user_msg"
    assert q["author"]["id"] == who["id"]
    after = org.api.get("/conversations/" + c["id"]).json()
    assert after["awaitingCustomerReply"] is False
    assert after["waitingSince"] == q["createdAt"]
    assert events(server, org, c["id"]) == [
        "conversation.user.created", "conversation.admin.replied",
        "conversation.user.replied"]


def test_notes_are_internal(org, server):
    c = started(org)
    replied(org, c["id"], type="admin", id=org.owner_id)
    before = org.api.get("/conversations/" + c["id"]).json()
    n = replied(org, c["id"], type="admin", id=org.owner_id,
                messageType="note", bodyMarkdown="Internal: VIP")
    assert n["partType"] == "admin_note" and "channel" not in n
    after = org.api.get("/conversations/" + c["id"]).json()
    # A note is no activity a customer sees: nothing they see changes.
    for k in ("lastActivityAt", "awaitingCustomerReply", "waitingSince",
              "source"):
        assert after[k] == before[k], k
    assert events(server, org, c["id"])[-1] == "conversation.admin.noted"


def test_contact_reply_reopens(org, server):
    who = contact(org)
    c = started(org, who)
    server.sql("UPDATE conversations SET state = 'closed' WHERE org_id = %s "
               "AND id = %s", org.id, c["id"])
    replied(org, c["id"], type="contact", id=who["id"])
    after = org.api.get("/conversations/" + c["id"]).json()
    assert after["state"] == "open"
    kinds = [p["partType"] for p in after["conversationParts"]]
    assert kinds == ["user_msg", "status", "user_msg"]
    assert after["conversationParts"][1]["status"] == "open"
    assert events(server, org, c["id"])[-2:] == [
        "conversation.admin.opened", "conversation.user.replied"]


def test_email_conversation_replies_are_email_parts(org):
    who = contact(org)
    c = started(org, None, **{
        "from": {"type": "admin", "id": org.owner_id}, "channel": "email",
        "subject": "Hi", "recipients": {"to": {"ids": [who["id"]]}}})
    p = replied(org, c["id"], type="contact", id=who["id"])
    assert p["partType"] == "email_msg" and p["channel"] == "email"


def test_blocked_and_disabled(org, server):
    who = contact(org)
    c = started(org, who)
    server.sql("UPDATE conversations SET disable_customer_reply = true "
               "WHERE org_id = %s AND id = %s", org.id, c["id"])
    assert_error(reply(org, c["id"], type="contact", id=who["id"]), 403,
                 "forbidden", param="id")
    # Admins still reply.
    replied(org, c["id"], type="admin", id=org.owner_id)
    d = started(org, who)
    org.api.post("/contacts/%s/block" % who["id"])
    assert_error(reply(org, d["id"], type="contact", userId=who["userId"]),
                 403, "forbidden", param="userId")
    assert org.api.get("/conversations/" + d["id"]).json()["isBlocked"]
    n = len(org.api.get("/conversations/" + d["id"]).json()[
        "conversationParts"])
    assert n == 1


def test_reply_validation_and_lookups(org, other_org):
    who = contact(org)
    c = started(org, who)
    cid = c["id"]
    cases = [
        ({"bodyMarkdown": "x", "messageType": "reply"}, 400,
         "missing_parameter", "type"),
        ({"type": "admin", "id": org.owner_id, "messageType": "reply"}, 400,
         "missing_parameter", "bodyMarkdown"),
        ({"type": "admin", "id": org.owner_id, "bodyMarkdown": "x"}, 400,
         "missing_parameter", "messageType"),
        ({"type": "admin", "bodyMarkdown": "x", "messageType": "reply"}, 400,
         "missing_parameter", "id"),
        ({"type": "contact", "bodyMarkdown": "x", "messageType": "reply"},
         400, "missing_parameter", "id"),
        ({"type": "contact", "id": who["id"], "bodyMarkdown": "x",
          "messageType": "note"}, 400, "invalid_parameter", "messageType"),
        ({"type": "admin", "id": org.owner_id, "bodyMarkdown": "x",
          "messageType": "shout"}, 400, "invalid_parameter", "messageType"),
        ({"type": "admin", "id": org.owner_id, "bodyMarkdown": "x",
          "messageType": "reply", "cc": 1}, 400, "parameter_not_supported",
         "cc"),
        ({"type": "admin", "id": "0" * 24, "bodyMarkdown": "x",
          "messageType": "reply"}, 404, "admin_not_found", "id"),
        ({"type": "contact", "id": "0" * 24, "bodyMarkdown": "x",
          "messageType": "reply"}, 404, "contact_not_found", "id"),
        ({"type": "contact", "userId": "nobody", "bodyMarkdown": "x",
          "messageType": "reply"}, 404, "contact_not_found", "userId"),
    ]
    for body, status, code, param in cases:
        assert_error(org.api.post("/conversations/%s/reply" % cid,
                                  json=body), status, code, param=param)
    assert_error(reply(org, "424242", type="admin", id=org.owner_id), 404,
                 "conversation_not_found", param="id")
    # Tenancy: their admin, their contact, their conversation.
    theirs = contact(other_org)
    assert_error(reply(org, cid, type="admin", id=other_org.owner_id), 404,
                 "admin_not_found", param="id")
    assert_error(reply(org, cid, type="contact", id=theirs["id"]), 404,
                 "contact_not_found", param="id")
    # other_org has no conversations yet: ours is missing there.
    assert other_org.api.get("/conversations").json()["data"] == []
    assert_error(reply(other_org, cid, type="admin", id=other_org.owner_id),
                 404, "conversation_not_found", param="id")
    r = org.api.post("/conversations/%s/reply" % cid,
                     json={"type": "admin", "id": org.owner_id,
                           "bodyMarkdown": "x", "messageType": "reply"},
                     headers={"Service-Version": CLOVER})
    assert_error(r, 404, "version_not_supported")
    parts = org.api.get("/conversations/" + cid).json()["conversationParts"]
    assert len(parts) == 1
