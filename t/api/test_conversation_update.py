"""PATCH /conversations/{id}: states, assignees, read receipts, fields."""
import datetime
import secrets

from helpers import assert_error, CLOVER
from test_conversation_reply import events, replied
from test_conversations import contact, started


def patch(org, cid, **body):
    return org.api.request("PATCH", "/conversations/" + cid, json=body)


def patched(org, cid, **body):
    r = patch(org, cid, **body)
    assert r.status_code == 200, r.text
    return r.json()


def later(seconds=3600):
    t = datetime.datetime.now(datetime.timezone.utc) + \
        datetime.timedelta(seconds=seconds)
    return t.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def parts(org, cid):
    return org.api.get("/conversations/" + cid).json()["conversationParts"]


def test_state_moves(org, server):
    c = started(org)
    cid = c["id"]
    until = later()
    s = patched(org, cid, state="snoozed", snoozedUntil=until,
                actingAdminId=org.owner_id)
    assert s["state"] == "snoozed" and s["snoozedUntil"] == until
    o = patched(org, cid, state="open")
    assert o["state"] == "open" and o["snoozedUntil"] is None
    x = patched(org, cid, state="closed")
    assert x["state"] == "closed" and x["waitingSince"] is None
    patched(org, cid, state="closed")           # no move: nothing new
    patched(org, cid, state="open")
    # A snooze time alone snoozes; null alone wakes.
    assert patched(org, cid, snoozedUntil=until)["state"] == "snoozed"
    assert patched(org, cid, snoozedUntil=None)["state"] == "open"
    got = parts(org, cid)
    moves = [(p["status"], p.get("snoozedUntil")) for p in got
             if p["partType"] == "status"]
    assert moves == [("snoozed", until), ("open", None), ("closed", None),
                     ("open", None), ("snoozed", until), ("open", None)]
    assert events(server, org, cid) == [
        "conversation.user.created", "conversation.admin.snoozed",
        "conversation.admin.unsnoozed", "conversation.admin.closed",
        "conversation.admin.opened", "conversation.admin.snoozed",
        "conversation.admin.unsnoozed"]


def test_state_validation(org):
    cid = started(org)["id"]
    assert_error(patch(org, cid, state="snoozed"), 400, "missing_parameter",
                 param="snoozedUntil")
    assert_error(patch(org, cid, state="snoozed",
                       snoozedUntil="2020-01-01T00:00:00Z"), 400,
                 "invalid_parameter", param="snoozedUntil")
    assert_error(patch(org, cid, state="closed", snoozedUntil=later()), 400,
                 "invalid_parameter", param="snoozedUntil")
    assert_error(patch(org, cid, state="pending"), 400, "invalid_parameter",
                 param="state")
    assert_error(patch(org, cid, snoozedUntil="soon"), 400,
                 "invalid_parameter", param="snoozedUntil")
    assert_error(patch(org, cid, title="x" * 256), 400, "invalid_parameter",
                 param="title")
    assert_error(patch(org, cid, owner="me"), 400, "parameter_not_supported",
                 param="owner")
    assert_error(patch(org, cid, markAsRead={"allAdmins": "yes"}), 400,
                 "invalid_parameter", param="markAsRead.allAdmins")
    assert org.api.get("/conversations/" + cid).json()["state"] == "open"


def test_assignment(org, server, other_org):
    c = started(org)
    cid = c["id"]
    team = server.sql("INSERT INTO teams (org_id, name) VALUES (%s, 'T') "
                      "RETURNING id", org.id)[0][0]
    a = patched(org, cid, adminAssigneeId=org.owner_id, teamAssigneeId=team,
                actingAdminId=org.owner_id)
    assert a["adminAssigneeId"] == org.owner_id
    assert a["teamAssigneeId"] == team
    patched(org, cid, adminAssigneeId=org.owner_id)   # no change
    b = patched(org, cid, adminAssigneeId=None)
    assert b["adminAssigneeId"] is None and b["teamAssigneeId"] == team
    assigns = [p for p in parts(org, cid) if p["partType"] == "assign"]
    assert [(p["adminAssigneeId"], p["adminAssignerId"],
             p["teamAssigneeId"]) for p in assigns] == [
        (org.owner_id, org.owner_id, team), (None, None, team)]
    assert events(server, org, cid).count("conversation.admin.assigned") == 2
    for body, code, param in (
            ({"adminAssigneeId": "0" * 24}, "admin_not_found",
             "adminAssigneeId"),
            ({"adminAssigneeId": other_org.owner_id}, "admin_not_found",
             "adminAssigneeId"),
            ({"teamAssigneeId": "0" * 24}, "team_not_found",
             "teamAssigneeId"),
            ({"actingAdminId": "0" * 24, "state": "closed"},
             "admin_not_found", "actingAdminId"),
            ({"actingAdminId": other_org.owner_id}, "admin_not_found",
             "actingAdminId")):
        assert_error(patch(org, cid, **body), 404, code, param=param)
    assert_error(patch(org, cid, adminAssigneeId="x"), 400,
                 "invalid_parameter", param="adminAssigneeId")
    after = org.api.get("/conversations/" + cid).json()
    assert after["state"] == "open" and after["adminAssigneeId"] is None


def test_fields_priority_and_replies(org, server):
    who = contact(org)
    c = started(org, who)
    cid = c["id"]
    # Custom attributes are keyed by their definitions' ids, checked
    # against them (test_conversation_attributes.py), merged, null
    # removing one.
    a, b, c = (org.api.post("/conversation_attributes", json={
        "name": "Attr %s %s" % (n, secrets.token_hex(3)),
        "fieldSubType": t, **extra}).json()["id"]
        for n, t, extra in (("a", "number", {}), ("b", "text", {}),
                            ("c", "multi-select", {"options": [
                                {"id": "one", "label": "1"},
                                {"id": "z", "label": "Z"}]})))
    u = patched(org, cid, title="Billing", customAttributes={a: 1, b: "x"})
    assert u["title"] == "Billing"
    u = patched(org, cid, customAttributes={b: None, c: ["1", "z"]})
    assert u["customAttributes"] == {a: 1, c: ["one", "z"]}
    p = patched(org, cid, priority=True)
    assert p["priority"] is True and p["prioritySetAt"] is not None
    patched(org, cid, priority=True)
    q = patched(org, cid, priority=False)
    assert q["priority"] is False and q["prioritySetAt"] is None
    got = [x["isPriority"] for x in parts(org, cid)
           if x["partType"] == "priority"]
    assert got == [True, False]
    assert events(server, org, cid).count(
        "conversation.priority.updated") == 2
    d = patched(org, cid, disableCustomerReply=True)
    assert d["disableCustomerReply"] is True
    r = org.api.post("/conversations/%s/reply" % cid, json={
        "type": "contact", "id": who["id"], "bodyMarkdown": "hi",
        "messageType": "reply"})
    assert_error(r, 403, "forbidden", param="id")


def test_mark_as_read(org, server):
    who = contact(org)
    other = contact(org)
    c = started(org, who)
    cid = c["id"]
    server.sql("SELECT fb_conversation_join(%s, %s, 'contact', %s)", org.id,
               cid, other["id"])
    admin2 = server.sql("SELECT fb_admin_create(%s, 'Al', %s, 'member')",
                        org.id, "al-%s@example.com" % secrets.token_hex(3))[
                            0][0]
    first = replied(org, cid, type="admin", id=admin2)
    last = replied(org, cid, type="admin", id=org.owner_id)

    def receipts():
        got = org.api.get("/conversations/" + cid).json()["readReceipts"]
        return {r["id"]: (r["userType"], r["lastReadPartId"]) for r in got}

    before = receipts()
    # `other` has no receipt: it is never given one.
    assert other["id"] not in before
    assert before[admin2] == ("admin", first["id"])
    n = len(events(server, org, cid))
    patched(org, cid, markAsRead={"adminIds": [admin2],
                                  "contactIds": [other["id"]]})
    now = receipts()
    assert now[admin2] == ("admin", last["id"])
    assert now[who["id"]] == before[who["id"]]
    assert other["id"] not in now
    assert events(server, org, cid)[n:] == ["conversation.read"]
    # The all flags win over the lists.
    patched(org, cid, markAsRead={"allContacts": True, "contactIds": []})
    assert receipts()[who["id"]] == ("customer", last["id"])
    assert other["id"] not in receipts()
    # Nothing to move: no event.
    n = len(events(server, org, cid))
    patched(org, cid, markAsRead={"allAdmins": True, "allContacts": True})
    assert len(events(server, org, cid)) == n


def test_tenancy_and_versions(org, other_org):
    cid = started(org)["id"]
    assert other_org.api.get("/conversations").json()["data"] == []
    assert_error(patch(other_org, cid, state="closed"), 404,
                 "conversation_not_found", param="id")
    r = org.api.request("PATCH", "/conversations/" + cid,
                        json={"state": "closed"},
                        headers={"Service-Version": CLOVER})
    assert_error(r, 404, "version_not_supported")
    viewer = org.client("viewer")
    assert_error(viewer.request("PATCH", "/conversations/" + cid,
                                json={"state": "closed"}), 403,
                 "insufficient_permissions")
    assert org.api.get("/conversations/" + cid).json()["state"] == "open"
