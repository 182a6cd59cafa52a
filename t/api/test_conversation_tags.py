"""Conversation tags: /tags, applying and removing them, tagIds lists."""
import secrets

from helpers import assert_error, pg_layout, CLOVER
from test_conversations import contact, started


def tag(org, name, **body):
    r = org.api.post("/tags", json=dict(name=name, **body))
    assert r.status_code == 200, r.text
    return r.json()


def apply(org, cid, tid, admin=None):
    return org.api.post("/conversations/%s/tags" % cid, json={
        "tagId": tid, "actingAdminId": admin or org.owner_id})


def unapply(org, cid, tid, admin=None):
    return org.api.request("DELETE", "/conversations/%s/tags/%s" % (cid, tid),
                           json={"actingAdminId": admin or org.owner_id})


def test_tag_vocabulary(org, other_org):
    name = "Billing-" + secrets.token_hex(3)
    t = tag(org, name, actingAdminId=org.owner_id)
    assert set(t) == {"type", "id", "name"}
    assert t["type"] == "tag" and t["name"] == name
    assert tag(org, name.upper()) == t              # found by name
    assert org.api.get("/tags/" + t["id"]).json() == t
    assert t in org.api.get("/tags").json()["data"]
    page = org.api.get("/tags").json()
    assert page["object"] == "list" and page["nextCursor"] is None
    renamed = tag(org, name + " VIP", id=t["id"])
    assert renamed == dict(t, name=name + " VIP")
    other = tag(org, "Other-" + secrets.token_hex(3))
    assert_error(org.api.post("/tags", json={"id": other["id"],
                                             "name": name + " vip"}),
                 400, "invalid_parameter", param="name")
    for body, status, code, param in (
            ({}, 400, "missing_parameter", "name"),
            ({"name": ""}, 400, "invalid_parameter", "name"),
            ({"name": "x" * 256}, 400, "invalid_parameter", "name"),
            ({"name": "x", "color": "red"}, 400, "parameter_not_supported",
             "color"),
            ({"name": "x", "id": "0" * 24}, 404, "resource_not_found",
             "id"),
            ({"name": "x", "actingAdminId": other_org.owner_id}, 404,
             "admin_not_found", "actingAdminId")):
        assert_error(org.api.post("/tags", json=body), status, code,
                     param=param)
    # Tenancy: their tags are not ours.
    theirs = tag(other_org, "Theirs")
    assert_error(org.api.get("/tags/" + theirs["id"]), 404,
                 "resource_not_found", param="id")
    assert_error(org.api.post("/tags", json={"id": theirs["id"],
                                             "name": "Mine"}),
                 404, "resource_not_found", param="id")
    assert_error(org.api.request("DELETE", "/tags/" + theirs["id"]), 404,
                 "resource_not_found", param="id")
    assert other_org.api.get("/tags/" + theirs["id"]).json() == theirs
    assert_error(org.api.get("/tags/nope"), 400, "invalid_id", param="id")
    viewer = org.client("viewer")
    assert_error(viewer.post("/tags", json={"name": "v"}), 403,
                 "insufficient_permissions")
    assert_error(org.api.get("/tags", headers={"Service-Version": CLOVER}),
                 404, "version_not_supported")
    r = org.api.request("DELETE", "/tags/" + other["id"])
    assert r.status_code == 200, r.text
    assert r.json() == {"object": "tag", "id": other["id"], "deleted": True}
    assert_error(org.api.get("/tags/" + other["id"]), 404,
                 "resource_not_found", param="id")


def test_apply_remove_and_filter(org, server, other_org):
    who = contact(org)
    a, b, c = [started(org, who) for _ in range(3)]
    red = tag(org, "red-" + secrets.token_hex(3))
    blue = tag(org, "blue-" + secrets.token_hex(3))
    r = apply(org, a["id"], red["id"])
    assert r.status_code == 200, r.text
    got = r.json()
    source = org.api.get("/conversations/" + a["id"]).json()[
        "conversationParts"][0]
    assert got["id"] == red["id"] and got["name"] == red["name"]
    assert got["targetPartId"] == source["id"]
    assert got["appliedBy"]["id"] == org.owner_id
    assert got["removedAt"] is None and got["appliedAt"]
    assert apply(org, a["id"], red["id"]).json() == got     # again
    apply(org, a["id"], blue["id"])
    apply(org, b["id"], red["id"])
    apply(org, c["id"], blue["id"])
    conv = org.api.get("/conversations/" + a["id"]).json()
    assert sorted(t["id"] for t in conv["tags"]) == sorted(
        [red["id"], blue["id"]])
    assert all(t["type"] == "tag" for t in conv["tags"])
    tags_parts = [p for p in conv["conversationParts"]
                  if p["partType"] == "tags"]
    assert [(p["action"], p["tagId"]) for p in tags_parts] == [
        ("added", red["id"]), ("added", blue["id"])]

    def listed(q):
        return {x["id"] for x in org.api.get(
            "/conversations?limit=100&" + q).json()["data"]}

    assert listed("tagIds=" + red["id"]) == {a["id"], b["id"]}
    both = {a["id"]}
    assert listed("tagIds=%s,%s" % (red["id"], blue["id"])) == both
    assert listed("tagIds=%s&tagIds=%s" % (red["id"], blue["id"])) == both
    assert listed("tagIds[]=%s&tagIds[]=%s" % (red["id"],
                                               blue["id"])) == both
    assert listed("tagIds=%s%%2C%s%%2C%s" % (red["id"], blue["id"],
                                             red["id"])) == both
    assert listed("tagIds=" + "0" * 24) == set()
    # A tag id that is not an object id is 400, as every id filter is.
    for q in ("tagIds=zz", "tagIds=%s,zz" % red["id"],
              "tagIds=%s&tagIds=%s" % (red["id"], "1" * 25)):
        assert_error(org.api.get("/conversations?" + q), 400,
                     "invalid_parameter", param="tagIds")

    r = unapply(org, a["id"], red["id"])
    assert r.status_code == 200, r.text
    gone = r.json()
    assert gone["id"] == red["id"] and gone["removedAt"]
    assert gone["removedBy"]["id"] == org.owner_id
    assert listed("tagIds=" + red["id"]) == {b["id"]}
    assert_error(unapply(org, a["id"], red["id"]), 404,
                 "resource_not_found", param="tagId")
    # Deleting a tag takes it off every conversation.
    org.api.request("DELETE", "/tags/" + blue["id"])
    assert org.api.get("/conversations/" + c["id"]).json()["tags"] == []

    for r, status, code, param in (
            (apply(org, a["id"], "0" * 24), 404, "resource_not_found",
             "tagId"),
            (apply(org, a["id"], "x"), 400, "invalid_parameter", "tagId"),
            (apply(org, a["id"], red["id"], "0" * 24), 404,
             "admin_not_found", "actingAdminId"),
            (apply(org, a["id"], red["id"], other_org.owner_id), 404,
             "admin_not_found", "actingAdminId"),
            (org.api.post("/conversations/%s/tags" % a["id"],
                          json={"tagId": red["id"]}), 400,
             "missing_parameter", "actingAdminId"),
            (apply(org, "123456789", red["id"]), 404,
             "conversation_not_found", "id"),
            (unapply(org, a["id"], "x"), 400, "invalid_id", "tagId")):
        assert_error(r, status, code, param=param)
    theirs = tag(other_org, "theirs")
    assert_error(apply(org, a["id"], theirs["id"]), 404,
                 "resource_not_found", param="tagId")
    assert other_org.api.get("/conversations").json()["data"] == []
    assert_error(apply(other_org, a["id"], theirs["id"]), 404,
                 "conversation_not_found", param="id")
    viewer = org.client("viewer")
    assert_error(viewer.post("/conversations/%s/tags" % a["id"], json={
        "tagId": red["id"], "actingAdminId": org.owner_id}), 403,
        "insufficient_permissions")


def test_racing_writes_of_one_name(org):
    """Renames and creates racing to one name: one tag has it, the other
    renames are refused (400), never a 500 from the unique index."""
    from concurrent.futures import ThreadPoolExecutor
    for attempt in range(3):
        name = "Race-" + secrets.token_hex(3)
        tags = [tag(org, "From-%d-%s" % (i, secrets.token_hex(3)))
                for i in range(6)]

        def write(i):
            if i < len(tags):
                return org.api.post("/tags", json={"id": tags[i]["id"],
                                                   "name": name})
            return org.api.post("/tags", json={"name": name.lower()})

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(write, range(len(tags) + 2)))
        assert all(r.status_code in (200, 400) for r in answers), \
            [r.text for r in answers]
        for r in answers:
            if r.status_code == 400:
                assert r.json()["error"]["param"] == "name"
        holders = {r.json()["id"] for r in answers if r.status_code == 200}
        assert len(holders) == 1
        named = [t for t in org.api.get("/tags").json()["data"]
                 if t["name"].lower() == name.lower()]
        assert [t["id"] for t in named] == list(holders)


def test_bytes_and_parts(org, server):
    """An application is written in C in the bytes json_build_object
    gave (appliedBy a stored jsonb in its own layout), applied and
    removed; the tags parts record the same values."""
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"
    admin = server.sql(
        "SELECT fb_admin_create(%s, %s, %s, 'member')", org.id, odd,
        "odd-%s@example.com" % secrets.token_hex(3))[0][0]
    conv = started(org, contact(org))
    t = tag(org, odd + secrets.token_hex(3))
    r = apply(org, conv["id"], t["id"], admin)
    got = r.json()
    by = {"id": admin, "name": odd, "type": "admin"}
    applied = {"type": "tag", "id": t["id"], "name": t["name"],
               "targetPartId": got["targetPartId"],
               "appliedAt": got["appliedAt"], "appliedBy": by,
               "removedAt": None, "removedBy": None}
    assert r.content == pg_layout(applied, ("appliedBy",))
    r = unapply(org, conv["id"], t["id"], org.owner_id)
    gone = r.json()
    owner = {"type": "admin", "id": org.owner_id,
             "name": gone["removedBy"]["name"]}
    assert r.content == pg_layout(dict(applied, removedAt=gone["removedAt"],
                                       removedBy=owner), ("appliedBy",))
    parts = [row[0] for row in server.sql(
        "SELECT data FROM conversation_parts WHERE org_id = %s AND "
        "conversation_id = %s AND part_type = 'tags' ORDER BY n",
        org.id, conv["id"])]
    common = {"tagId": t["id"], "tagName": t["name"],
              "targetPartId": got["targetPartId"]}
    assert parts == [
        dict(common, action="added", actor=by, occurredAt=got["appliedAt"]),
        dict(common, action="removed", actor=owner,
             occurredAt=gone["removedAt"])]
