"""Participants (add, remove) and redaction of conversation parts."""
from helpers import assert_error, CLOVER
from test_conversation_reply import events, replied
from test_conversations import contact, started


def add(org, cid, **body):
    return org.api.post("/conversations/%s/participants" % cid, json=body)


def remove(org, cid, body=None, params=None):
    return org.api.request("DELETE", "/conversations/%s/participants" % cid,
                           json=body, params=params)


def test_add_in_lookup_order(org, server):
    who = contact(org)
    c = started(org, who)
    cid = c["id"]
    lead = server.sql("INSERT INTO contacts (org_id, name, email, type) "
                      "VALUES (%s, 'Lee', 'lee@conv.example', 'lead') "
                      "RETURNING id", org.id)[0][0]
    by_user = contact(org)
    by_email = contact(org)
    r = add(org, cid, participant={"id": lead}, actingAdminId=org.owner_id)
    assert r.status_code == 200, r.text
    assert {"type": "lead", "id": lead} in r.json()["participants"]
    r = add(org, cid, participant={"userId": by_user["userId"],
                                   "email": by_email["email"]})
    assert {"type": "customer", "id": by_user["id"]} in \
        r.json()["participants"]
    r = add(org, cid, participant={"email": by_email["email"].upper()})
    got = [p["id"] for p in r.json()["participants"]]
    assert got == [who["id"], lead, by_user["id"], by_email["id"]]
    # Again: nothing changes, nothing is recorded.
    n = len(events(server, org, cid))
    r = add(org, cid, participant={"id": lead})
    assert [p["id"] for p in r.json()["participants"]] == got
    assert len(events(server, org, cid)) == n
    # A lead is never found by email or userId.
    assert_error(add(org, cid, participant={"email": "lee@conv.example"}),
                 404, "contact_not_found", param="participant.email")
    parts = org.api.get("/conversations/" + cid).json()["conversationParts"]
    adds = [p["participant"] for p in parts if p["partType"] == "part_add"]
    assert adds == [{"id": lead, "type": "lead"},
                    {"id": by_user["id"], "type": "customer"},
                    {"id": by_email["id"], "type": "customer"}]
    assert events(server, org, cid).count(
        "conversation.contact.attached") == 3


def test_remove_by_body_or_query(org, server):
    who = contact(org)
    other = contact(org)
    cid = started(org, who)["id"]
    add(org, cid, participant={"id": other["id"]})
    r = remove(org, cid, {"id": other["id"], "actingAdminId": org.owner_id})
    assert r.status_code == 200, r.text
    assert [p["id"] for p in r.json()["participants"]] == [who["id"]]
    add(org, cid, participant={"id": other["id"]})
    r = remove(org, cid, params={"id": other["id"]})
    assert r.status_code == 200, r.text
    assert [p["id"] for p in r.json()["participants"]] == [who["id"]]
    # The reference's code for a contact who is not a participant.
    assert_error(remove(org, cid, {"id": other["id"]}), 404,
                 "participant_not_found", param="id")
    assert_error(remove(org, cid, params={"id": other["id"]}), 404,
                 "participant_not_found", param="id")
    assert_error(remove(org, cid, {}), 400, "missing_parameter", param="id")
    assert_error(remove(org, cid, params={"id": "nope"}), 400,
                 "invalid_parameter", param="id")
    assert_error(remove(org, cid, {"id": "0" * 24}), 404,
                 "contact_not_found", param="id")
    assert events(server, org, cid).count(
        "conversation.contact.detached") == 2


def test_participant_errors_and_tenancy(org, other_org):
    who = contact(org)
    cid = started(org, who)["id"]
    theirs = contact(other_org)
    for body, status, code, param in (
            ({}, 400, "missing_parameter", "participant"),
            ({"participant": {}}, 400, "missing_parameter", "participant"),
            ({"participant": {"id": "x"}}, 400, "invalid_parameter",
             "participant.id"),
            ({"participant": {"email": "nope"}}, 400, "invalid_parameter",
             "participant.email"),
            ({"participant": {"id": "0" * 24}}, 404, "contact_not_found",
             "participant.id"),
            ({"participant": {"id": theirs["id"]}}, 404,
             "contact_not_found", "participant.id"),
            ({"participant": {"userId": theirs["userId"]}}, 404,
             "contact_not_found", "participant.userId"),
            ({"participant": {"id": who["id"]},
              "actingAdminId": other_org.owner_id}, 404, "admin_not_found",
             "actingAdminId")):
        assert_error(add(org, cid, **body), status, code, param=param)
    assert other_org.api.get("/conversations").json()["data"] == []
    assert_error(add(other_org, cid, participant={"id": theirs["id"]}), 404,
                 "conversation_not_found", param="id")
    assert_error(remove(other_org, cid, {"id": who["id"]}), 404,
                 "conversation_not_found", param="id")
    r = org.api.post("/conversations/%s/participants" % cid,
                     json={"participant": {"id": who["id"]}},
                     headers={"Service-Version": CLOVER})
    assert_error(r, 404, "version_not_supported")


PNG = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ"
       "AAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")


def test_redact(org, server, other_org):
    who = contact(org)
    c = started(org, who, bodyMarkdown="My card is 4111 ![x](%s)" % PNG)
    cid = c["id"]
    reply = replied(org, cid, type="admin", id=org.owner_id,
                    bodyMarkdown="secret")
    patched = org.api.request("PATCH", "/conversations/" + cid,
                              json={"state": "closed"})
    assert patched.status_code == 200
    parts = org.api.get("/conversations/" + cid).json()["conversationParts"]
    source, status = parts[0], parts[2]
    files = server.sql("SELECT count(*) FROM files WHERE org_id = %s",
                       org.id)[0][0]

    def redact(part, **extra):
        body = dict(type="conversation_part", conversationId=cid,
                    conversationPartId=part, **extra)
        return org.api.post("/conversations/redact", json=body)

    r = redact(reply["id"], actingAdminId=org.owner_id)
    assert r.status_code == 200, r.text
    after = org.api.get("/conversations/" + cid).json()["conversationParts"]
    red = [p for p in after if p["id"] == reply["id"]][0]
    assert red["redacted"] is True
    assert red["bodyHtml"] is None and red["bodyMarkdown"] is None
    # The source message is the first part.
    r = redact(source["id"])
    assert r.json()["source"]["bodyHtml"] == ""
    assert r.json()["source"]["bodyMarkdown"] == ""
    assert server.sql("SELECT count(*) FROM files WHERE org_id = %s",
                      org.id)[0][0] == files - 1
    items = server.sql("SELECT item FROM events WHERE org_id = %s AND "
                       "topic = 'conversation_part.redacted' AND "
                       "item->>'id' IN (%s, %s)", org.id, reply["id"],
                       source["id"])
    assert len(items) == 2 and all(i[0]["redacted"] for i in items)
    redact(reply["id"])     # again: nothing new
    assert server.sql("SELECT count(*) FROM events WHERE org_id = %s AND "
                      "topic = 'conversation_part.redacted' AND "
                      "item->>'id' = %s", org.id, reply["id"])[0][0] == 1
    assert_error(redact(status["id"]), 400, "invalid_parameter",
                 param="conversationPartId")
    # The reference's code for a part that is not there.
    assert_error(redact("999999999"), 404, "conversation_part_not_found",
                 param="conversationPartId")
    other = started(org, who)
    assert_error(org.api.post("/conversations/redact", json={
        "type": "conversation_part", "conversationId": other["id"],
        "conversationPartId": reply["id"]}), 404,
        "conversation_part_not_found", param="conversationPartId")
    assert_error(org.api.post("/conversations/redact", json={
        "type": "conversation_part", "conversationId": "77777777",
        "conversationPartId": reply["id"]}), 404, "conversation_not_found",
        param="conversationId")
    assert_error(org.api.post("/conversations/redact", json={
        "type": "message", "conversationId": cid,
        "conversationPartId": reply["id"]}), 400, "invalid_parameter",
        param="type")
    assert_error(org.api.post("/conversations/redact", json={
        "type": "conversation_part", "conversationId": cid}), 400,
        "missing_parameter", param="conversationPartId")
    assert other_org.api.get("/conversations").json()["data"] == []
    assert_error(other_org.api.post("/conversations/redact", json={
        "type": "conversation_part", "conversationId": cid,
        "conversationPartId": reply["id"]}), 404, "conversation_not_found",
        param="conversationId")
