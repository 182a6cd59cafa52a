"""Tickets and conversations: linkedConversationId, conversationParts,
the deletion rules per category kind, POST /tickets/{id}/reply."""
import json
import secrets

from helpers import assert_error
from test_conversations import PART_FIELDS, contact, started

# The refused delete of test_delete_is_one_transaction.
ALLOWED_LOG = ("fb_test_refuse",)


def cats(org):
    return {c["supportBoardType"]: c["id"] for c in
            org.api.get("/tickets/categories").json()}


def ticket(org, kind="customer", **body):
    body.setdefault("ticketCategoryId", cats(org)[kind])
    body.setdefault("title", "Linked ticket")
    body.setdefault("author", {})
    r = org.api.post("/tickets", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def reply(org, number, **body):
    body.setdefault("body", "<p>Thanks!</p>")
    return org.api.post("/tickets/%s/reply" % number, json=body)


def replied(org, number, **body):
    r = reply(org, number, **body)
    assert r.status_code == 200, r.text
    return r.json()


def topics(server, org, item_id):
    return [t for (t,) in server.sql(
        "SELECT topic FROM events WHERE org_id = %s AND item->>'id' = %s "
        "ORDER BY created_at, right(id, 6)", org.id, item_id)]


def test_link_and_parts(org):
    who = contact(org)
    c = started(org, who)
    org.api.post("/conversations/%s/reply" % c["id"], json={
        "type": "admin", "id": org.owner_id, "messageType": "note",
        "bodyMarkdown": "Internal"})
    r = org.api.request("PATCH", "/conversations/" + c["id"],
                        json={"state": "closed"})
    assert r.status_code == 200, r.text
    t = ticket(org, linkedConversationId=c["id"])
    assert t["linkedConversations"] == [{"id": c["id"],
                                         "role": "customer"}]
    assert "conversationParts" not in t
    got = org.api.get("/tickets/%d" % t["ticketNumber"]).json()
    parts = got["conversationParts"]
    # Messages and notes, rendered as the conversation renders them;
    # changes (the status part) are left out.
    conv = org.api.get("/conversations/" + c["id"]).json()
    want = [p for p in conv["conversationParts"]
            if p["partType"] in ("user_msg", "admin_msg", "admin_note")]
    assert parts == want
    assert [p["partType"] for p in parts] == ["user_msg", "admin_note"]
    assert set(parts[0]) == PART_FIELDS
    # Without a link: [].
    plain = ticket(org)
    assert org.api.get("/tickets/%d" % plain["ticketNumber"]).json()[
        "conversationParts"] == []


def test_patches_tag_what_a_get_shows_with_its_parts(org):
    """A PATCH of a conversation, and of a ticket linked to one, answers
    without the parts, and tags what a GET shows, parts and all (it
    renders both from one read): the tag is the GET's, If-Match with it
    passes, and a part added since makes it stale."""
    who = contact(org)
    c = started(org, who)
    org.api.post("/conversations/%s/reply" % c["id"], json={
        "type": "admin", "id": org.owner_id, "messageType": "note",
        "bodyMarkdown": "Internal"})
    t = ticket(org, linkedConversationId=c["id"])
    paths = ("/conversations/" + c["id"], "/tickets/%d" % t["ticketNumber"])
    for path, body in zip(paths, ({"state": "closed"}, {"title": "Renamed"})):
        r = org.api.request("PATCH", path, json=body)
        assert r.status_code == 200, r.text
        assert "conversationParts" not in r.json()
        got = org.api.get(path)
        assert got.json()["conversationParts"], path
        assert r.headers["ETag"] == got.headers["ETag"], path
        again = org.api.request("PATCH", path, json=body,
                                headers={"If-Match": r.headers["ETag"]})
        assert again.status_code == 200, again.text
        assert again.headers["ETag"] == org.api.get(path).headers["ETag"]
    tags = [org.api.get(path).headers["ETag"] for path in paths]
    r = org.api.post("/conversations/%s/reply" % c["id"], json={
        "type": "contact", "userId": who["userId"],
        "messageType": "reply", "bodyMarkdown": "Still broken"})
    assert r.status_code == 201, r.text
    for path, tag in zip(paths, tags):
        assert_error(org.api.request("PATCH", path, json={},
                                     headers={"If-Match": tag}),
                     412, "precondition_failed")


def test_link_validation_and_tenancy(org, other_org, server):
    # Numbers are per organization: theirs must be one we do not have.
    (ours,), = server.sql("SELECT coalesce(max(id::bigint), 0) "
                          "FROM conversations WHERE org_id = %s", org.id)
    theirs = started(other_org)
    while int(theirs["id"]) <= ours:
        theirs = started(other_org)
    for bad in (theirs["id"], "999999", "nope"):
        r = org.api.post("/tickets", json={
            "ticketCategoryId": cats(org)["customer"], "title": "Hi",
            "author": {}, "linkedConversationId": bad})
        assert_error(r, 404, "resource_not_found",
                     param="linkedConversationId")
    r = org.api.post("/tickets", json={
        "ticketCategoryId": cats(org)["customer"], "title": "Hi",
        "author": {}, "linkedConversationId": ""})
    assert_error(r, 400, "invalid_parameter", param="linkedConversationId")


def test_delete_customer_ticket_deletes_conversation(org, server):
    c = started(org)
    t = ticket(org, linkedConversationId=c["id"])
    other = ticket(org, "tracker", linkedConversationId=c["id"])
    r = org.api.request("DELETE", "/tickets/%d" % t["ticketNumber"])
    assert r.status_code == 200, r.text
    assert r.json() == {"id": t["id"], "object": "ticket", "deleted": True}
    assert_error(org.api.get("/conversations/" + c["id"]), 404,
                 "conversation_not_found", param="id")
    assert topics(server, org, t["id"])[-1] == "ticket.deleted"
    assert topics(server, org, c["id"])[-1] == "conversation.deleted"
    # Another ticket linked to it is unlinked, not broken.
    got = org.api.get("/tickets/%d" % other["ticketNumber"]).json()
    assert got["linkedConversations"] == []
    assert got["conversationParts"] == []


def test_delete_other_kinds_keeps_conversation(org, server):
    for kind in ("tracker", "back-office"):
        c = started(org)
        t = ticket(org, kind, linkedConversationId=c["id"])
        r = org.api.request("DELETE", "/tickets/%d" % t["ticketNumber"])
        assert r.status_code == 200, r.text
        assert org.api.get("/conversations/" + c["id"]).status_code == 200
        assert "conversation.deleted" not in topics(server, org, c["id"])
        assert topics(server, org, t["id"])[-1] == "ticket.deleted"


def test_delete_is_one_transaction(org, server):
    """A failure after the ticket went (here: the conversation's delete
    refused by a trigger) leaves both, and no event."""
    c = started(org)
    t = ticket(org, linkedConversationId=c["id"])
    server.sql(
        "CREATE OR REPLACE FUNCTION fb_test_refuse() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$")
    server.sql("CREATE TRIGGER fb_test_refuse BEFORE DELETE ON conversations "
               "FOR EACH ROW EXECUTE FUNCTION fb_test_refuse()")
    try:
        r = org.api.request("DELETE", "/tickets/%d" % t["ticketNumber"])
        assert r.status_code >= 500
    finally:
        server.sql("DROP TRIGGER fb_test_refuse ON conversations")
    assert org.api.get("/tickets/%d" % t["ticketNumber"]).status_code == 200
    assert org.api.get("/conversations/" + c["id"]).status_code == 200
    assert "ticket.deleted" not in topics(server, org, t["id"])


def test_contact_and_admin_replies(org, server):
    who = contact(org)
    c = started(org, who)
    t = ticket(org, linkedConversationId=c["id"])
    n = t["ticketNumber"]
    got = replied(org, n, type="contact", contactId=who["id"],
                  body="<p>More <b>details</b><script>x</script></p>",
                  attachmentUrls=["https://files.example/a.png"])
    assert got["id"] == t["id"] and got["object"] == "ticket"
    last = got["conversationParts"][-1]
    assert last["partType"] == "user_msg"
    assert last["author"]["id"] == who["id"]
    assert "<b>details</b>" in last["bodyHtml"]
    assert "script" not in last["bodyHtml"]
    assert 'href="https://files.example/a.png"' in last["bodyHtml"]
    # By email, dated.
    got = replied(org, n, type="contact", contactEmail=who["email"].upper(),
                  createdAt="2020-01-02T03:04:05.000Z")
    dated = [p for p in got["conversationParts"]
             if p["createdAt"] == "2020-01-02T03:04:05.000Z"]
    assert [p["author"]["id"] for p in dated] == [who["id"]]
    got = replied(org, n, type="admin", adminId=org.owner_id,
                  body="<p>On it</p>", skipNotifications=True)
    assert got["conversationParts"][-1]["partType"] == "admin_msg"
    assert got["conversationParts"][-1]["author"]["id"] == org.owner_id
    got = replied(org, n, type="admin", adminId=org.owner_id,
                  messageType="note", body="<p>VIP</p>")
    assert got["conversationParts"][-1]["partType"] == "admin_note"
    conv = org.api.get("/conversations/" + c["id"]).json()
    assert conv["awaitingCustomerReply"] is True
    assert topics(server, org, c["id"])[-4:] == [
        "conversation.user.replied", "conversation.user.replied",
        "conversation.admin.replied", "conversation.admin.noted"]
    # The ticket did not change.
    assert org.api.get("/tickets/%d" % n).json()["updatedAt"] == \
        t["updatedAt"]


def test_contact_reply_reopens(org, server):
    who = contact(org)
    c = started(org, who)
    t = ticket(org, linkedConversationId=c["id"])
    org.api.request("PATCH", "/conversations/" + c["id"],
                    json={"state": "closed"})
    replied(org, t["ticketNumber"], type="contact", contactId=who["id"])
    assert org.api.get("/conversations/" + c["id"]).json()["state"] == \
        "open"
    assert "conversation.admin.opened" in topics(server, org, c["id"])


def test_reply_validation(org):
    who = contact(org)
    c = started(org, who)
    n = ticket(org, linkedConversationId=c["id"])["ticketNumber"]
    cases = [
        ({"type": "contact"}, 400, "missing_parameter", "contactId"),
        ({"type": "admin"}, 400, "missing_parameter", "adminId"),
        ({"type": "bot", "adminId": org.owner_id}, 400,
         "invalid_parameter", "type"),
        ({"type": "contact", "contactId": who["id"], "body": ""}, 400,
         "invalid_parameter", "body"),
        ({"type": "contact", "contactId": who["id"],
          "messageType": "note"}, 400, "invalid_parameter", "messageType"),
        ({"type": "contact", "contactId": who["id"],
          "adminId": org.owner_id}, 400, "invalid_parameter", "adminId"),
        ({"type": "admin", "adminId": org.owner_id,
          "contactId": who["id"]}, 400, "invalid_parameter", "contactId"),
        ({"type": "admin", "adminId": org.owner_id,
          "attachmentUrls": ["https://x.example/%d" % i
                             for i in range(11)]},
         400, "invalid_parameter", "attachmentUrls"),
        ({"type": "admin", "adminId": org.owner_id,
          "attachmentUrls": ["javascript:alert(1)"]},
         400, "invalid_parameter", "attachmentUrls[0]"),
        ({"type": "contact", "contactEmail": "nobody@x.example"}, 404,
         "resource_not_found", "contactEmail"),
        ({"type": "admin", "adminId": "a" * 24}, 404, "admin_not_found",
         "adminId"),
    ]
    before = len(org.api.get("/tickets/%d" % n).json()["conversationParts"])
    for body, status, code, param in cases:
        body.setdefault("body", "<p>x</p>")
        assert_error(reply(org, n, **body), status, code, param=param)
    # Ten attachments are fine.
    replied(org, n, type="admin", adminId=org.owner_id,
            attachmentUrls=["https://x.example/%d" % i for i in range(10)])
    after = len(org.api.get("/tickets/%d" % n).json()["conversationParts"])
    assert after == before + 1
    assert_error(reply(org, 999999, type="admin", adminId=org.owner_id),
                 404, "resource_not_found", param="id")
    assert_error(reply(org, "x1", type="admin", adminId=org.owner_id),
                 400, "invalid_id", param="id")
    # No linked conversation: the reference's 400.
    plain = ticket(org)["ticketNumber"]
    assert_error(reply(org, plain, type="admin", adminId=org.owner_id),
                 400, "invalid_request", param="id")


def test_blocked_contact_is_refused(org):
    who = contact(org)
    c = started(org, who)
    n = ticket(org, linkedConversationId=c["id"])["ticketNumber"]
    org.api.post("/contacts/%s/block" % who["id"])
    assert_error(reply(org, n, type="contact", contactId=who["id"]), 403,
                 "forbidden", param="contactId")
    assert_error(reply(org, n, type="contact", contactEmail=who["email"]),
                 403, "forbidden", param="contactEmail")
    assert len(org.api.get("/tickets/%d" % n).json()[
        "conversationParts"]) == 1


def test_reply_tenancy(org, other_org):
    who = contact(org)
    c = started(org, who)
    n = ticket(org, linkedConversationId=c["id"])["ticketNumber"]
    stranger = contact(other_org)
    assert_error(reply(org, n, type="contact", contactId=stranger["id"]),
                 404, "resource_not_found", param="contactId")
    assert_error(reply(org, n, type="contact",
                       contactEmail=stranger["email"]),
                 404, "resource_not_found", param="contactEmail")
    assert_error(reply(org, n, type="admin", adminId=other_org.owner_id),
                 404, "admin_not_found", param="adminId")
    # Their ticket of the same number is not ours, and ours not theirs.
    oc = started(other_org, stranger)
    theirs = ticket(other_org, linkedConversationId=oc["id"])
    got = replied(other_org, theirs["ticketNumber"], type="contact",
                  contactId=stranger["id"])
    assert got["id"] == theirs["id"]
    assert all(p["author"]["id"] != who["id"]
               for p in got["conversationParts"])


# A ticket as PostgreSQL built it before tickets were written in C
# (TICKET_MEMBERS and TICKET_ONE_JSON of tickets.h, with AUTHOR_JSON_OF,
# POST_STATUS_JSON and CONVERSATION_PARTS_JSON as they were), over a row
# t of tickets; its one argument the default portal URL.  The answers
# keep its bytes.
TICKET_SQL_MEMBERS = (
    "'object', 'ticket', 'id', t.id, 'ticketNumber', t.number, "
    "'title', t.title, 'content', t.content, "
    "'ticketCategoryId', t.category_id, 'categoryType', "
    "(SELECT b.category_type FROM ticket_categories b "
    " WHERE b.org_id = t.org_id AND b.id = t.category_id), "
    "'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o "
    "                       WHERE o.id = t.org_id), %s) "
    "             || '/tickets/' || t.number, "
    "'author', CASE WHEN t.author_contact_id IS NOT NULL THEN ("
    "  SELECT json_build_object('id', c.id, 'name', c.name, "
    "         'email', c.email, 'profilePicture', c.profile_picture, "
    "         'type', c.type) "
    "  FROM contacts c "
    "  WHERE c.org_id = t.org_id AND c.id = t.author_contact_id) "
    "WHEN t.author_admin_id IS NOT NULL THEN ("
    "  SELECT json_build_object('id', a.id, 'name', a.name, "
    "         'email', a.email, 'profilePicture', a.profile_picture, "
    "         'type', 'admin') "
    "  FROM admins a "
    "  WHERE a.org_id = t.org_id AND a.id = t.author_admin_id) END, "
    "'status', (SELECT json_build_object('object', 'post_status', "
    "  'id', s.id, 'name', s.name, 'color', s.color, 'type', s.type, "
    "  'isDefault', s.is_default) "
    "  FROM ticket_statuses s "
    "  WHERE s.org_id = t.org_id AND s.id = t.status_id), "
    "'customFields', t.custom_fields, 'companyId', t.company_id, "
    "'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text, "
    "'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until), "
    "'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL "
    "  THEN '[]'::json ELSE json_build_array(json_build_object("
    "    'id', t.linked_conversation_id, 'role', "
    "    (SELECT b.category_type FROM ticket_categories b "
    "     WHERE b.org_id = t.org_id AND b.id = t.category_id))) END, "
    "'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at), "
    "'integrations', json_build_object('linear', '[]'::json, "
    "  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json, "
    "  'devops', '[]'::json, 'hubspot', '[]'::json)")

TICKET_SQL_PARTS = (
    "'conversationParts', COALESCE((SELECT "
    "COALESCE((SELECT jsonb_agg(x.j ORDER BY x.created_at, x.n) FROM ("
    "  SELECT (jsonb_build_object('object', 'conversation_part', "
    "  'id', pt.id, 'partType', pt.part_type, "
    "  'createdAt', fb_iso(pt.created_at), "
    "  'updatedAt', fb_iso(pt.updated_at)) "
    " || CASE WHEN pt.author_kind IS NULL THEN pt.data "
    "    ELSE jsonb_build_object('author', "
    "COALESCE(CASE pt.author_kind WHEN 'contact' THEN ("
    "  SELECT jsonb_build_object('type', a.type, 'id', a.id, "
    "    'name', a.name, 'profilePicture', a.profile_picture) "
    "    || CASE WHEN a.email IS NULL THEN '{}'::jsonb "
    "       ELSE jsonb_build_object('email', a.email) END "
    "  FROM contacts a "
    "  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) "
    "WHEN 'admin' THEN ("
    "  SELECT jsonb_build_object('type', 'admin', 'id', a.id, "
    "    'name', a.name, 'email', a.email, "
    "    'profilePicture', a.profile_picture) "
    "  FROM admins a "
    "  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) END, "
    "  jsonb_build_object('type', CASE pt.author_kind WHEN 'admin' "
    "    THEN 'admin' ELSE 'customer' END, 'id', pt.author_id)), "
    "      'redacted', pt.redacted, 'bodyHtml', pt.body_html, "
    "      'bodyMarkdown', pt.body_markdown) "
    "      || CASE WHEN pt.part_type = 'admin_note' THEN '{}'::jsonb "
    "         ELSE jsonb_build_object('channel', pt.channel) END END) "
    " AS j, pt.created_at, pt.n "
    "  FROM conversation_parts pt "
    "  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id "
    "  AND pt.part_type IN ('user_msg', 'admin_msg', 'email_msg', "
    "    'admin_note') "
    "  ORDER BY pt.created_at DESC, pt.n DESC LIMIT 500) x), '[]'::jsonb) "
    " FROM conversations cv "
    "  WHERE cv.org_id = t.org_id AND cv.id = t.linked_conversation_id), "
    "  '[]'::jsonb)")


def sql_bytes(server, org, portal, number=None, parts=False):
    """The ticket number of org as the old SQL built it (with its parts
    when parts), or all of them as the list orders them, as bytes."""
    shape = "json_build_object(" + TICKET_SQL_MEMBERS \
        + (", " + TICKET_SQL_PARTS if parts else "") + ")"
    rows = server.sql(
        "SELECT (" + shape + ")::text FROM tickets t "
        "WHERE t.org_id = %s AND (%s::bigint IS NULL OR t.number = %s) "
        "ORDER BY t.created_at DESC, t.id DESC",
        portal, org.id, number, number)
    return [r[0].encode() for r in rows]


def test_bytes_are_those_postgres_built(org, server):
    """Tickets are written in C with the bytes PostgreSQL gave: one with
    every member set and its conversation's messages, notes and a change
    (left out), one with an admin author and nulls, one whose author is
    gone; by number, in the list and as a PATCH answers."""
    odd = "q\"b\\s/ t\tn\nr \u00e9\u65e5\U0001F600 \x01"
    who = contact(org)
    c = started(org, who)
    for kind in ("note", "reply"):
        r = org.api.post("/conversations/%s/reply" % c["id"], json={
            "type": "admin", "id": org.owner_id, "messageType": kind,
            "bodyMarkdown": "Internal " + kind})
        assert r.status_code == 201, r.text
    assert org.api.request("PATCH", "/conversations/" + c["id"],
                           json={"state": "closed"}).status_code == 200
    co = org.api.post("/companies", json={
        "companyId": "co-" + secrets.token_hex(4), "name": "Acme"})
    assert co.status_code in (200, 201), co.text
    full = ticket(org, linkedConversationId=c["id"],
                  author={"email": who["email"]},
                  content="<p>" + odd.replace("\x01", "") + "</p>")
    plain = ticket(org, kind="tracker")
    gone = ticket(org, kind="back-office")
    server.sql(
        "UPDATE tickets SET title = %s, custom_fields = %s, company_id = %s, "
        "assignee_id = %s, snoozed_until = '2031-02-03T04:05:06.789123Z' "
        "WHERE org_id = %s AND id = %s", odd,
        json.dumps({"a": odd, "n": 1.50, "l": ["x", "y"], "b": True}),
        co.json()["id"], org.owner_id, org.id, full["id"])
    server.sql("UPDATE tickets SET author_contact_id = NULL, "
               "author_admin_id = NULL WHERE org_id = %s AND id = %s",
               org.id, gone["id"])
    got = org.api.get("/tickets/%d" % plain["ticketNumber"]).json()
    portal = got["ticketUrl"][:-len("/tickets/%d" % plain["ticketNumber"])]
    for t in (full, plain, gone):
        n = t["ticketNumber"]
        want = sql_bytes(server, org, portal, n, parts=True)[0]
        assert org.api.get("/tickets/%d" % n).content == want
    assert b'"conversationParts" : [{"id": ' in \
        org.api.get("/tickets/%d" % full["ticketNumber"]).content
    assert org.api.get("/tickets", params={"limit": 100}).content == (
        b'{"object":"list","data":['
        + b",".join(sql_bytes(server, org, portal))
        + b'],"nextCursor":null}')
    r = org.api.request("PATCH", "/tickets/%d" % full["ticketNumber"],
                        json={"open": False})
    assert r.status_code == 200, r.text
    assert r.content == sql_bytes(server, org, portal,
                                  full["ticketNumber"])[0]
    # The organization's own portal, in place of the default.
    server.sql("UPDATE organizations SET portal_url = %s WHERE id = %s",
               "https://help.example.org", org.id)
    try:
        assert org.api.get("/tickets/%d" % plain["ticketNumber"]).content \
            == sql_bytes(server, org, None, plain["ticketNumber"],
                         parts=True)[0]
    finally:
        server.sql("UPDATE organizations SET portal_url = NULL "
                   "WHERE id = %s", org.id)
