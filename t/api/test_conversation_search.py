"""POST /conversations/search: filter mode and full-text search mode."""
import base64
import json
import secrets

import pytest

from conftest import Org
from helpers import assert_error, CLOVER
from test_conversation_reply import replied
from test_conversations import contact, started

ROW = {"object", "id", "adminAssigneeId", "brandId", "createdAt",
       "lastActivityAt", "participants", "priority", "prioritySetAt",
       "state", "tags", "teamAssigneeId", "updatedAt",
       "awaitingCustomerReply", "conversationUser", "customAttributes",
       "surroundingConversationParts", "source"}
MATCH = {"relevanceScore", "matchingPart", "matchingPartAuthor",
         "matchingBodyPreviewMarkdown"}
AROUND = {"id", "previewMarkdown", "previewMarkdownTruncated", "author",
          "createdAt", "partType"}


@pytest.fixture
def inbox(server):
    """An organization of its own: every list below is exact."""
    return Org(server, "srch" + secrets.token_hex(3))


def search(org, **body):
    return org.api.post("/conversations/search", json=body)


def found(org, **body):
    r = search(org, **body)
    assert r.status_code == 200, r.text
    return r.json()


def ids(org, **body):
    return [c["id"] for c in found(org, **body)["data"]]


def clause(field, op, value):
    return {"field": field, "operator": op, "value": value}


def begun(org, who=None, title=None, **body):
    """A conversation, titled by a PATCH (create takes no title)."""
    c = started(org, who, **body)
    if title is not None:
        r = org.api.request("PATCH", "/conversations/" + c["id"],
                            json={"title": title})
        assert r.status_code == 200, r.text
        c = r.json()
    return c


def walk(org, **body):
    """Every page's ids, following nextCursor."""
    out, cursor = [], None
    while True:
        page = found(org, **dict(body, **({"cursor": cursor}
                                          if cursor else {})))
        out.append([c["id"] for c in page["data"]])
        cursor = page["nextCursor"]
        if cursor is None:
            return out


def test_filter_mode_shape_and_order(inbox):
    who = contact(inbox, companies=[{"id": "co-" + secrets.token_hex(3),
                                     "name": "Acme"}])
    a = begun(inbox, who, bodyMarkdown="first", title="Hello")
    b = started(inbox, who, bodyMarkdown="second")
    replied(inbox, a["id"], type="admin", id=inbox.owner_id,
            bodyMarkdown="answer")
    page = found(inbox)
    assert set(page) == {"object", "data", "nextCursor", "totalCount",
                         "totalCountCapped"}
    assert page["object"] == "list" and page["nextCursor"] is None
    assert (page["totalCount"], page["totalCountCapped"]) == (2, False)
    # Last activity, newest first: a's reply came last.
    assert [c["id"] for c in page["data"]] == [a["id"], b["id"]]
    row = page["data"][0]
    assert set(row) == ROW | {"title"}     # no search members
    assert "title" not in page["data"][1]
    full = inbox.api.get("/conversations/" + a["id"]).json()
    for k in ("adminAssigneeId", "brandId", "createdAt", "lastActivityAt",
              "participants", "priority", "prioritySetAt", "state", "tags",
              "teamAssigneeId", "updatedAt", "awaitingCustomerReply",
              "customAttributes", "source", "title"):
        assert row[k] == full[k], k
    user = row["conversationUser"]
    assert user["id"] == who["id"] and user["type"] == "customer"
    assert user["email"] == who["email"] and user["name"] == who["name"]
    assert [c["name"] for c in user["companies"]] == ["Acme"]
    around = row["surroundingConversationParts"]
    assert [p["previewMarkdown"] for p in around] == ["first", "answer"]
    assert all(set(p) == AROUND for p in around)
    assert around[1]["author"]["type"] == "admin"
    assert around[1]["partType"] == "admin_msg"
    assert around[0]["previewMarkdownTruncated"] is False
    assert ids(inbox, sort="lastActivityAt:asc") == [b["id"], a["id"]]
    assert ids(inbox, sort="last_activity_at:asc") == [b["id"], a["id"]]
    assert ids(inbox, sort="lastActivityAt:desc") == [a["id"], b["id"]]


def test_each_field_and_operator(inbox, server):
    ext = "co-" + secrets.token_hex(3)
    ann = contact(inbox, companies=[{"id": ext, "name": "Co"}])
    bob = contact(inbox)
    company = server.sql("SELECT id FROM companies WHERE org_id = %s AND "
                         "company_id = %s", inbox.id, ext)[0][0]
    team = inbox.api.post("/teams", json={"name": "Tier 2"}).json()["id"]
    t1 = inbox.api.post("/tags", json={"name": "one"}).json()["id"]
    t2 = inbox.api.post("/tags", json={"name": "two"}).json()["id"]
    c1 = started(inbox, ann, createdAt="2021-01-01T00:00:00Z")["id"]
    c2 = started(inbox, bob, createdAt="2022-01-01T00:00:00Z")["id"]
    c3 = started(inbox, ann, createdAt="2023-01-01T00:00:00Z")["id"]
    def patch(path, **kw):
        return inbox.api.request("PATCH", path, **kw)
    # Values are keyed by their definitions' ids (test_conversation_
    # attributes.py); the options' ids are the values stored.
    plan = "customAttributes." + inbox.api.post(
        "/conversation_attributes", json={
            "name": "Plan", "fieldSubType": "select",
            "options": [{"id": "pro", "label": "Pro"},
                        {"id": "free", "label": "Free"}]}).json()["id"]
    seats = "customAttributes." + inbox.api.post(
        "/conversation_attributes", json={
            "name": "Seats", "fieldSubType": "number"}).json()["id"]
    assert patch("/conversations/" + c1, json={
        "adminAssigneeId": inbox.owner_id, "teamAssigneeId": team,
        "priority": True, "customAttributes": {plan[17:]: "pro",
                                               seats[17:]: 3}
    }).status_code == 200
    assert patch("/conversations/" + c2, json={
        "state": "closed", "customAttributes": {plan[17:]: "free"}
    }).status_code == 200
    assert patch("/conversations/" + c3, json={
        "state": "snoozed", "snoozedUntil": "2099-01-01T00:00:00Z"
    }).status_code == 200
    for cid, tid in ((c1, t1), (c2, t1), (c2, t2)):
        assert inbox.api.post("/conversations/%s/tags" % cid, json={
            "tagId": tid, "actingAdminId": inbox.owner_id
        }).status_code == 200
    brand = inbox.api.get("/conversations/" + c1).json()["brandId"]
    nobody = "f" * 24
    y2022 = 1640995200
    cases = [
        (clause("state", "=", "open"), {c1}),
        (clause("state", "!=", "open"), {c2, c3}),
        (clause("state", "IN", ["closed", "snoozed"]), {c2, c3}),
        (clause("state", "NIN", ["closed", "snoozed"]), {c1}),
        (clause("priority", "=", True), {c1}),
        (clause("priority", "!=", True), {c2, c3}),
        (clause("adminAssigneeId", "=", inbox.owner_id), {c1}),
        (clause("adminAssigneeId", "=", None), {c2, c3}),
        (clause("admin_assignee_id", "IN", [inbox.owner_id, nobody]),
         {c1}),
        (clause("adminAssigneeId", "IN", [None]), {c2, c3}),
        (clause("teamAssigneeId", "=", team), {c1}),
        (clause("team_assignee_id", "=", None), {c2, c3}),
        (clause("brandId", "=", brand), {c1, c2, c3}),
        (clause("brand_id", "IN", [nobody]), set()),
        (clause("tagIds", "=", t1), {c1, c2}),
        (clause("tag_ids", "IN", [t2, nobody]), {c2}),
        (clause("userId", "=", ann["id"]), {c1, c3}),
        (clause("participantId", "IN", [bob["id"]]), {c2}),
        (clause("participant_id", "=", inbox.owner_id), set()),
        (clause("companyId", "=", company), {c1, c3}),
        (clause("company_id", "IN", [nobody]), set()),
        (clause("createdAt", ">", y2022), {c3}),
        (clause("createdAt", "<", y2022), {c1}),
        (clause("createdAt", ">=", y2022), {c2, c3}),
        (clause("created_at", "<=", y2022), {c1, c2}),
        (clause("createdAt", "=", y2022), {c2}),
        (clause(plan, "=", "pro"), {c1}),
        (clause(plan, "IN", ["pro", "free"]), {c1, c2}),
        (clause(seats, "=", 3.0), {c1}),
        (clause(plan, "=", None), {c3}),
    ]
    for q, want in cases:
        assert set(ids(inbox, query=q)) == want, q
    # Negations of unbounded fields, next to a clause that selects.
    some = clause("createdAt", ">", 0)
    for q, want in (
            (clause("tagIds", "!=", t2), {c1, c3}),
            (clause("tagIds", "NIN", [t1]), {c3}),
            (clause("adminAssigneeId", "!=", inbox.owner_id), {c2, c3}),
            (clause("userId", "NIN", [ann["id"]]), {c2}),
            (clause("companyId", "!=", company), {c2}),
            (clause(plan, "!=", "pro"), {c2, c3})):
        got = ids(inbox, query={"operator": "AND", "value": [some, q]})
        assert set(got) == want, q
    # AND narrows, OR widens.
    assert ids(inbox, query={"operator": "AND", "value": [
        clause("tagIds", "=", t1), clause("state", "=", "closed")]}) == [c2]
    assert set(ids(inbox, query={"operator": "OR", "value": [
        clause("priority", "=", True), clause("tagIds", "=", t2)]})) \
        == {c1, c2}
    # Two tags: conversations having both.
    assert ids(inbox, query={"operator": "AND", "value": [
        clause("tagIds", "=", t1), clause("tagIds", "=", t2)]}) == [c2]


def test_query_too_broad_and_validation(inbox, other_org):
    started(inbox)
    for q in (clause("tagIds", "!=", "a" * 24),
              clause("userId", "NIN", ["a" * 24]),
              clause("customAttributes.x", "!=", 1),
              {"operator": "AND", "value": [
                  clause("adminAssigneeId", "!=", None),
                  clause("brandId", "NIN", ["b" * 24])]},
              {"operator": "OR", "value": [
                  clause("state", "=", "open"),
                  clause("tagIds", "!=", "a" * 24)]}):
        assert_error(search(inbox, query=q), 400, "query_too_broad",
                     param="query")
    # Bounded enumerations may be negated alone; search mode is bounded
    # by its text.
    assert found(inbox, query=clause("state", "!=", "closed"))["data"]
    assert found(inbox, query=clause("priority", "!=", True))["data"]
    assert found(inbox, search="hello",
                 query=clause("tagIds", "!=", "a" * 24))["data"]
    bad = [
        ({"limit": 0}, "invalid_parameter", "limit"),
        ({"limit": 101}, "invalid_parameter", "limit"),
        ({"limit": "ten"}, "invalid_parameter", "limit"),
        ({"search": ""}, "invalid_parameter", "search"),
        ({"search": "   "}, "invalid_parameter", "search"),
        ({"search": "x" * 1001}, "invalid_parameter", "search"),
        ({"search": 5}, "invalid_parameter", "search"),
        ({"sort": "createdAt:desc"}, "invalid_parameter", "sort"),
        ({"include": ["everything"]}, "invalid_parameter", "include"),
        ({"cursor": ""}, "invalid_parameter", "cursor"),
        ({"cursor": "not a cursor"}, "invalid_cursor", "cursor"),
        ({"page": 2}, "parameter_not_supported", "page"),
        ({"query": []}, "invalid_parameter", "query"),
        ({"query": "state=open"}, "invalid_parameter", "query"),
        ({"query": {}}, "invalid_parameter", "query.operator"),
        ({"query": {"operator": "XOR", "value": []}}, "invalid_parameter",
         "query.operator"),
        ({"query": {"operator": "AND", "value": []}}, "invalid_parameter",
         "query.value"),
        ({"query": {"operator": "AND", "value": [
            clause("state", "=", "open")] * 16}}, "invalid_parameter",
         "query.value"),
        ({"query": {"operator": "AND", "value": clause("state", "=", "x")}},
         "invalid_parameter", "query.value"),
        ({"query": {"operator": "AND", "value": [
            {"operator": "OR", "value": [clause("state", "=", "open")]}]}},
         "invalid_parameter", "query.value[0]"),
        ({"query": {"operator": "AND", "value": ["state"]}},
         "invalid_parameter", "query.value[0]"),
        ({"query": {"operator": "AND", "value": [], "x": 1}},
         "parameter_not_supported", "query.x"),
        ({"query": dict(clause("state", "=", "open"), extra=1)},
         "parameter_not_supported", "query.extra"),
        ({"query": {"field": "state", "operator": "="}},
         "missing_parameter", "query"),
        ({"query": clause("nope", "=", 1)}, "invalid_parameter",
         "query.field"),
        ({"query": clause(5, "=", 1)}, "invalid_parameter", "query.field"),
        ({"query": clause("customAttributes.", "=", 1)},
         "invalid_parameter", "query.field"),
        ({"query": clause("customAttributes.a b", "=", 1)},
         "invalid_parameter", "query.field"),
        ({"query": clause("mentionedAdminIds", "=", "a" * 24)},
         "parameter_not_supported", "query.field"),
        ({"query": clause("state", "~", "open")}, "invalid_parameter",
         "query.operator"),
        ({"query": clause("state", ">", "open")}, "invalid_parameter",
         "query.operator"),
        ({"query": clause("createdAt", "IN", [1])}, "invalid_parameter",
         "query.operator"),
        ({"query": clause("priority", "IN", [True])}, "invalid_parameter",
         "query.operator"),
        ({"query": clause("state", "=", "deleted")}, "invalid_parameter",
         "query.value"),
        ({"query": clause("state", "=", None)}, "invalid_parameter",
         "query.value"),
        ({"query": clause("state", "=", ["open"])}, "invalid_parameter",
         "query.value"),
        ({"query": clause("state", "IN", "open")}, "invalid_parameter",
         "query.value"),
        ({"query": clause("state", "IN", [])}, "invalid_parameter",
         "query.value"),
        ({"query": clause("state", "IN", ["open"] * 101)},
         "invalid_parameter", "query.value"),
        ({"query": clause("state", "IN", ["open", 3])},
         "invalid_parameter", "query.value[1]"),
        ({"query": clause("priority", "=", "true")}, "invalid_parameter",
         "query.value"),
        ({"query": clause("adminAssigneeId", "=", "me")},
         "invalid_parameter", "query.value"),
        ({"query": clause("tagIds", "=", None)}, "invalid_parameter",
         "query.value"),
        ({"query": clause("createdAt", ">", "2024-01-01")},
         "invalid_parameter", "query.value"),
        ({"query": clause("createdAt", ">", -1)}, "invalid_parameter",
         "query.value"),
        ({"query": clause("createdAt", ">", 1.5)}, "invalid_parameter",
         "query.value"),
        ({"query": clause("customAttributes.a", "=", {"x": 1})},
         "invalid_parameter", "query.value"),
        ({"query": clause("customAttributes.a", "=", "x" * 257)},
         "invalid_parameter", "query.value"),
        ({"query": {"operator": "AND", "value": [
            clause("state", "=", "open"), clause("state", "=", "nope")]}},
         "invalid_parameter", "query.value[1].value"),
    ]
    for body, code, param in bad:
        assert_error(search(inbox, **body), 400, code, param=param)
    # Clover has no conversations.
    r = inbox.api.post("/conversations/search", json={},
                       headers={"Featurebase-Version": CLOVER})
    assert_error(r, 404, "version_not_supported")
    # A viewer may search: it is a read.
    assert inbox.client("viewer").post("/conversations/search",
                                       json={}).status_code == 200


def test_search_relevance_and_matching_part(inbox):
    ann = contact(inbox)
    best = begun(inbox, ann, title="Refund request",
                   bodyMarkdown="I would like a refund for my order")
    p = replied(inbox, best["id"], type="admin", id=inbox.owner_id,
                bodyMarkdown="Refunds take a week; your refund is queued")
    one = started(inbox, ann, bodyMarkdown="Unrelated, but also refund?")
    started(inbox, ann, bodyMarkdown="Nothing to see here")
    titled = begun(inbox, ann, title="Refunded", bodyMarkdown="thanks")
    page = found(inbox, search="refund")
    got = [c["id"] for c in page["data"]]
    assert got[0] == best["id"] and set(got) == {best["id"], one["id"],
                                                 titled["id"]}
    assert page["totalCount"] == 3
    scores = [c["relevanceScore"] for c in page["data"]]
    assert scores == sorted(scores, reverse=True) and scores[-1] > 0
    top = page["data"][0]
    assert set(top) == ROW | MATCH | {"title"}
    # Its best part is the admin's reply (two mentions), the newest.
    assert top["matchingPart"]["id"] == p["id"]
    assert top["matchingPart"]["partType"] == "admin_msg"
    assert top["matchingPart"]["createdAt"] == p["createdAt"]
    assert top["matchingPartAuthor"]["id"] == inbox.owner_id
    assert top["matchingPartAuthor"]["type"] in ("admin", "customer")
    assert top["matchingBodyPreviewMarkdown"] == p["bodyMarkdown"]
    assert top["conversationUser"]["id"] == ann["id"]
    # Only the title matched: no part to point at.
    t = [c for c in page["data"] if c["id"] == titled["id"]][0]
    assert t["matchingPart"] is None and t["matchingPartAuthor"] is None
    assert t["matchingBodyPreviewMarkdown"] is None
    # Stemming, several words (all must match), the filter narrows.
    assert ids(inbox, search="REFUNDING orders") == [best["id"]]
    assert ids(inbox, search="refund", query=clause(
        "participantId", "=", "a" * 24)) == []
    # sort orders the same hits by activity instead.
    # (best's reply came before the others began)
    asc = ids(inbox, search="refund", sort="lastActivityAt:asc")
    assert asc == [best["id"], one["id"], titled["id"]]
    assert ids(inbox, search="refund", sort="lastActivityAt:desc") \
        == asc[::-1]
    # Nothing left to search for (stop words only): no match.
    assert found(inbox, search="the and of")["data"] == []


def test_notes_match_as_admin_reads_and_redaction_unindexes(inbox):
    c = started(inbox, bodyMarkdown="Where is my parcel?")
    note = replied(inbox, c["id"], type="admin", id=inbox.owner_id,
                   messageType="note", bodyMarkdown="VIP customer, escalate")
    row = found(inbox, search="escalate")["data"][0]
    assert row["matchingPart"] == {"id": note["id"],
                                   "createdAt": note["createdAt"],
                                   "partType": "admin_note"}
    kinds = [p["partType"] for p in row["surroundingConversationParts"]]
    assert kinds == ["user_msg", "admin_note"]
    # Change parts (status, assignment) are never shown or matched.
    inbox.api.request("PATCH", "/conversations/" + c["id"],
                      json={"state": "closed"})
    row = found(inbox, search="parcel")["data"][0]
    assert [p["partType"] for p in row["surroundingConversationParts"]] \
        == ["user_msg", "admin_note"]
    # A redacted part no longer matches, in the redaction's transaction.
    r = inbox.api.post("/conversations/redact", json={
        "type": "conversation_part", "conversationId": c["id"],
        "conversationPartId": note["id"]})
    assert r.status_code == 200, r.text
    assert found(inbox, search="escalate")["data"] == []
    row = found(inbox, search="parcel")["data"][0]
    hidden = row["surroundingConversationParts"][1]
    assert hidden["previewMarkdown"] is None
    assert hidden["previewMarkdownTruncated"] is False


def test_surrounding_window(inbox):
    words = {3: "zebra", 20: "giraffe", 38: "pelican"}
    c = started(inbox, bodyMarkdown="message 0")
    for i in range(1, 40):
        replied(inbox, c["id"], type="admin", id=inbox.owner_id,
                bodyMarkdown="message %d %s" % (i, words.get(i, "")))

    def window(**body):
        row = found(inbox, **body)["data"][0]
        return [int(p["previewMarkdown"].split()[1])
                for p in row["surroundingConversationParts"]]
    assert window() == list(range(10, 40))          # the newest 30
    # 15 before the match and 15 from it on, sliding at the ends.
    assert window(search="zebra") == list(range(0, 30))
    assert window(search="giraffe") == list(range(5, 35))
    assert window(search="pelican") == list(range(10, 40))
    # Previews are cut, and say so.
    d = started(inbox, bodyMarkdown="tail " + "x" * 300)
    row = found(inbox, search="tail")["data"][0]
    assert row["id"] == d["id"]
    last = row["surroundingConversationParts"][-1]
    assert last["previewMarkdownTruncated"] is True
    assert last["previewMarkdown"] == ("tail " + "x" * 300)[:280]
    assert row["matchingBodyPreviewMarkdown"] == "tail " + "x" * 300


def test_pagination_and_cursor_binding(inbox):
    who = contact(inbox)
    made = [started(inbox, who, bodyMarkdown="ticket alpha %d" % i)["id"]
            for i in range(23)]
    pages = walk(inbox, limit=10)
    assert [len(p) for p in pages] == [10, 10, 3]
    assert sum(pages, []) == made[::-1]
    # Queries driven by their tags or participants page alike.
    tid = inbox.api.post("/tags", json={"name": "odd"}).json()["id"]
    odd = made[1::2]
    for cid in odd:
        assert inbox.api.post("/conversations/%s/tags" % cid, json={
            "tagId": tid, "actingAdminId": inbox.owner_id
        }).status_code == 200
    by_tag = walk(inbox, limit=5, query={"operator": "AND", "value": [
        clause("tagIds", "IN", [tid]), clause("state", "=", "open")]})
    assert [len(p) for p in by_tag] == [5, 5, 1]
    assert sum(by_tag, []) == odd[::-1]
    assert sum(walk(inbox, limit=4, sort="lastActivityAt:asc",
                    query=clause("userId", "=", who["id"])), []) == made
    assert sum(walk(inbox, limit=6, query={"operator": "OR", "value": [
        clause("tagIds", "=", tid), clause("userId", "=", who["id"])]}),
        []) == made[::-1]
    assert sum(walk(inbox, limit=7, sort="lastActivityAt:asc"), []) == made
    hits = walk(inbox, limit=10, search="alpha")
    assert sorted(sum(hits, []), key=int) == made
    assert sum(walk(inbox, limit=10, search="alpha",
                    sort="lastActivityAt:desc"), []) == made[::-1]
    first = found(inbox, limit=5)
    assert len(first["data"]) == 5 and first["totalCount"] == 23
    assert len(found(inbox)["data"]) == 10          # the default
    cursor = first["nextCursor"]
    text_cursor = found(inbox, limit=5, search="alpha")["nextCursor"]
    # A cursor goes with its mode, query, search text and sort.
    for body in ({"search": "alpha", "cursor": cursor},
                 {"cursor": text_cursor},
                 {"cursor": cursor, "sort": "lastActivityAt:asc"},
                 {"cursor": cursor, "query": clause("state", "=", "open")},
                 {"search": "beta", "cursor": text_cursor},
                 {"search": "alpha", "cursor": text_cursor,
                  "sort": "lastActivityAt:desc"}):
        assert_error(search(inbox, limit=5, **body), 400, "invalid_cursor",
                     param="cursor")
    # The limit may change between pages.
    assert len(found(inbox, limit=3, cursor=cursor)["data"]) == 3
    # Forged keys are refused, never a 5xx.
    plain = base64.urlsafe_b64decode(text_cursor + "=" * (
        -len(text_cursor) % 4)).decode()
    sort, key, uid = plain.split("|")
    for bad in ("1e99999", "-1", "NaN", "1.1234567", "x", ""):
        forged = base64.urlsafe_b64encode(
            ("%s|%s|%s" % (sort, bad, uid)).encode()).decode().rstrip("=")
        assert_error(search(inbox, search="alpha", limit=5, cursor=forged),
                     400, "invalid_cursor", param="cursor")
    ok = base64.urlsafe_b64encode(("%s|%s|%s" % (sort, "0.5", uid))
                                  .encode()).decode().rstrip("=")
    assert search(inbox, search="alpha", limit=5, cursor=ok).status_code \
        == 200
    # Every page says the total, an empty last page too.
    second = found(inbox, search="alpha", limit=5, cursor=text_cursor)
    assert second["totalCount"] == 23 and len(second["data"]) == 5
    near = found(inbox, search="alpha", limit=22,
                 sort="lastActivityAt:asc")
    assert inbox.api.request("DELETE", "/conversations/" + made[-1]) \
        .status_code == 200
    last = found(inbox, search="alpha", limit=22, sort="lastActivityAt:asc",
                 cursor=near["nextCursor"])
    assert last["data"] == [] and last["nextCursor"] is None
    assert (last["totalCount"], last["totalCountCapped"]) == (22, False)


def test_total_count_is_capped(inbox, server):
    started(inbox)
    # Many conversations at once, straight into the table.
    # Many conversations at once, straight into the tables: each an
    # admin's outreach to nobody yet (its one message, no contact).
    server.sql("INSERT INTO conversations (org_id, id, channel, "
               "delivered_as, title) SELECT %s, 'x' || g, 'desktop', "
               "'admin_initiated', 'bulk title' "
               "FROM generate_series(1, 205) g", inbox.id)
    server.sql("WITH p AS (SELECT g, nextval('conversation_part_ids') AS v "
               "FROM generate_series(1, 205) g) "
               "INSERT INTO conversation_parts (org_id, conversation_id, id, "
               "n, part_type, author_kind, author_id, body_html, "
               "body_markdown, channel) SELECT %s, 'x' || g, v::text, v, "
               "'admin_msg', 'admin', %s, '<p>Hello</p>', 'Hello', "
               "'desktop' FROM p", inbox.id, inbox.owner_id)
    page = found(inbox, limit=100)
    assert (page["totalCount"], page["totalCountCapped"]) == (200, True)
    assert len(page["data"]) == 100
    page = found(inbox, search="bulk", limit=1)
    assert (page["totalCount"], page["totalCountCapped"]) == (200, True)
    row = page["data"][0]
    assert [p["previewMarkdown"] for p in
            row["surroundingConversationParts"]] == ["Hello"]
    assert row["source"]["author"] == {"type": "admin",
                                       "id": inbox.owner_id}
    assert row["conversationUser"] is None


def test_tenancy(inbox, other_org):
    mine = started(inbox, bodyMarkdown="shared secret word")
    theirs_who = contact(other_org)
    theirs = started(other_org, theirs_who,
                     bodyMarkdown="shared secret word, theirs")
    tag = other_org.api.post("/tags", json={"name": "theirs"}).json()["id"]
    other_org.api.post("/conversations/%s/tags" % theirs["id"], json={
        "tagId": tag, "actingAdminId": other_org.owner_id})
    assert ids(inbox, search="secret") == [mine["id"]]
    assert ids(inbox) == [mine["id"]]
    assert ids(inbox, query=clause("tagIds", "=", tag)) == []
    assert ids(inbox, query=clause("userId", "=", theirs_who["id"])) == []
    assert ids(inbox, query=clause("adminAssigneeId", "IN",
                                   [other_org.owner_id])) == []
    # Their cursors are not ours either (another organization's walk has
    # another position space; the digest is the same, the rows are not).
    assert other_org.api.post("/conversations/search", json={
        "search": "secret"}).json()["data"][0]["id"] == theirs["id"]


def test_hostile_input(inbox, server):
    c = started(inbox, bodyMarkdown="Robert'); DROP TABLE students;--")
    for text in ("'; DROP TABLE conversations; --", "a & b | !c <-> d",
                 "\\x00 \\' \"", "%s %d $1 $$", "((((", "*:* ~ ^ $",
                 "日本語 テキスト", "students", "x" * 1000,
                 " ".join(["word"] * 200), "\u202e\ufeff",
                 "\ud83d\ude00 emoji"):
        r = search(inbox, search=text)
        assert r.status_code == 200, (text, r.text)
    assert_error(search(inbox, search="nul\u0000byte"), 400,
                 "invalid_request")
    assert ids(inbox, search="students drop") == [c["id"]]
    assert server.sql("SELECT count(*) FROM conversations WHERE "
                      "org_id = %s", inbox.id)[0][0] == 1
    for value in ("' OR '1'='1", "x') OR true --", "$1", "%s"):
        assert ids(inbox, query=clause("customAttributes.plan", "=",
                                       value)) == []
    r = search(inbox, query=clause("customAttributes.x'--", "=", 1))
    assert_error(r, 400, "invalid_parameter", param="query.field")
    # Deep nesting is refused at once; a huge body by its size.
    deep = clause("state", "=", "open")
    for depth in range(1, 61):
        deep = {"operator": "AND", "value": [deep]}
        r = search(inbox, query=deep)
        if depth == 1:
            assert r.status_code == 200, r.text
        elif depth < 10:
            assert_error(r, 400, "invalid_parameter",
                         param="query.value[0]")
        else:
            assert r.status_code == 400, r.text
    raw = '{"query":' + '{"operator":"AND","value":[' * 5000 + \
        ']}' * 5000 + '}'
    r = inbox.api.post("/conversations/search", data=raw,
                       headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    huge = {"query": clause("tagIds", "IN", ["a" * 24] * 100),
            "search": "y" * 1000}
    assert search(inbox, **huge).status_code == 200
    r = inbox.api.post("/conversations/search",
                       data=json.dumps({"search": "z" * 10_000_000}),
                       headers={"Content-Type": "application/json"})
    assert r.status_code in (400, 413), r.text


def test_bytes_are_jsonb_layout(inbox, server):
    """Rows were jsonb text when PostgreSQL built them (SEARCH_ROW); written
    in C (conversation_search_rows.c) they keep those bytes: {"k": v}, keys
    shorter first, then by bytes; PostgreSQL's own jsonb text of each row
    is the row.  One with every member set (title, subject, assignees, a
    tag, a customer with companies, an admin's matching reply, a redacted
    and a long message), one with its nulls (no title, no match author,
    a lead without companies); both modes."""
    who = contact(inbox, name='Zo\u00eb "Q"\n', companies=[
        {"id": "co-" + secrets.token_hex(3), "name": 'Acme "A"'},
        {"id": "co-" + secrets.token_hex(3), "name": "Beta\t"}])
    full = begun(inbox, who, title='T "q"', bodyMarkdown="parcel " * 60)
    cid = full["id"]
    tag = inbox.api.post("/tags", json={"name": "Bytes " + cid}).json()
    assert inbox.api.post("/conversations/%s/tags" % cid, json={
        "tagId": tag["id"], "actingAdminId": inbox.owner_id}) \
        .status_code == 200
    reply = replied(inbox, cid, type="admin", id=inbox.owner_id,
                    bodyMarkdown="Your *parcel* \u00e9 left")
    gone = replied(inbox, cid, type="contact", id=who["id"],
                   bodyMarkdown="secret parcel")
    server.sql("UPDATE conversation_parts SET redacted = true "
               "WHERE org_id = %s AND id = %s", inbox.id, gone["id"])
    server.sql("UPDATE conversations SET priority = true, "
               "priority_set_at = now(), admin_assignee_id = %s, "
               "team_assignee_id = 'team', custom_attributes = "
               "'{\"zz\": 1.50, \"a\": [\"x\"]}' WHERE org_id = %s "
               "AND id = %s", inbox.owner_id, inbox.id, cid)
    lead = contact(inbox)
    server.sql("UPDATE contacts SET type = 'lead' WHERE org_id = %s "
               "AND id = %s", inbox.id, lead["id"])
    bare = started(inbox, lead, bodyMarkdown="nothing here")["id"]
    titled = begun(inbox, lead, title="Parcel lost", bodyMarkdown="hm")["id"]

    def rows(page):
        return server.sql("SELECT '[' || string_agg(x::text, ',') || ']' "
                          "FROM jsonb_array_elements(%s::jsonb -> 'data') x",
                          page.decode())[0][0].encode()

    searched = search(inbox, search="parcel")
    assert searched.status_code == 200, searched.text
    got = {c["id"]: c for c in searched.json()["data"]}
    assert set(got) == {cid, titled}
    top = got[cid]
    assert set(top) == ROW | MATCH | {"title"}
    assert top["tags"] and top["source"] and top["adminAssigneeId"]
    assert top["matchingPartAuthor"]["type"] in ("admin", "customer")
    assert len(top["conversationUser"]["companies"]) == 2
    around = top["surroundingConversationParts"]
    assert [p["id"] for p in around][-2:] == [reply["id"], gone["id"]]
    assert around[0]["previewMarkdownTruncated"] is True
    assert around[-1]["previewMarkdown"] is None
    assert got[titled]["matchingPart"] is None
    assert "companies" not in got[titled]["conversationUser"]
    assert b'"data":' + rows(searched.content) + b',' in searched.content
    listed = search(inbox, limit=100)
    assert {c["id"] for c in listed.json()["data"]} == {cid, bare, titled}
    assert b'"data":' + rows(listed.content) + b',' in listed.content
    # The customer as the jsonb PostgreSQL built for it.
    person = server.sql(
        "SELECT (jsonb_build_object('id', a.id, 'type', a.type, "
        "  'name', a.name, 'email', a.email, 'profilePicture', "
        "  a.profile_picture) || jsonb_build_object('companies', "
        "  (SELECT jsonb_agg(jsonb_build_object('id', co.id, 'name', "
        "     co.name) ORDER BY cc.added_at, co.id) "
        "   FROM contact_companies cc JOIN companies co "
        "     ON co.org_id = cc.org_id AND co.id = cc.company_id "
        "   WHERE cc.org_id = a.org_id AND cc.contact_id = a.id)))::text "
        "FROM contacts a WHERE a.org_id = %s AND a.id = %s",
        inbox.id, who["id"])[0][0].encode()
    assert b'"conversationUser": ' + person + b', ' in searched.content
