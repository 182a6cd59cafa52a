"""The help center's collections: /v2/help_center/collections, a tree
(no cycles, at most 3 levels), translations and slugs per locale, and
what a delete does to the children."""
import re

from helpers import assert_error

BASE = "/help_center/collections"

# The database error a test causes on purpose (an event refused).
ALLOWED_LOG = ("FB00031",)


def patch(api, path, body):
    return api.request("PATCH", path, json=body)


def make(api, body):
    r = api.post(BASE, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_create_read_list(org, other_org, server):
    hc = org.api.get("/help_center/help_centers").json()["data"][0]
    c = make(org.api, {"name": "Getting Started!", "description": "First",
                       "icon": {"type": "emoji", "value": "🚀"},
                       "translations": {"de": {"name": "Erste Schritte"}}})
    assert re.fullmatch(r"[0-9a-z]{16}", c["id"])
    assert c["object"] == "collection"
    assert c["name"] == "Getting Started!" and c["description"] == "First"
    assert c["slug"] == c["id"] + "-getting-started"
    assert c["icon"] == {"type": "emoji", "value": "🚀"}
    assert c["parentId"] is None and c["helpCenterId"] == hc["id"]
    assert c["organization"] == org.id
    assert c["locale"] == c["defaultLocale"] == "en"
    assert c["availableLocales"] == ["de", "en"]
    assert c["articleCount"] == 0 and c["authorCount"] == 0
    assert c["featurebaseUrl"].endswith("/help/en/collections/" + c["slug"])
    assert "externalUrl" not in c
    assert c["translations"]["de"]["slug"] == c["id"] + "-erste-schritte"
    assert c["translations"]["de"]["featurebaseUrl"].endswith(
        "/help/de/collections/" + c["id"] + "-erste-schritte")
    got = org.api.get(BASE + "/" + c["id"])
    assert got.status_code == 200 and got.json() == c
    # A child, listed by parent; the list pages by cursor.
    child = make(org.api, {"name": "Child", "parentId": c["id"]})
    assert child["parentId"] == c["id"]
    by_parent = org.api.get(BASE, params={"parentId": c["id"]}).json()
    assert [x["id"] for x in by_parent["data"]] == [child["id"]]
    page = org.api.get(BASE, params={"limit": 1}).json()
    assert len(page["data"]) == 1 and page["nextCursor"]
    rest = org.api.get(BASE, params={"limit": 1,
                                     "cursor": page["nextCursor"]}).json()
    assert "data" in rest, rest
    assert rest["data"][0]["id"] != page["data"][0]["id"]
    assert org.api.get(BASE, params={"helpCenterId": hc["id"]}).json()[
        "data"][0]["id"] == c["id"]
    assert org.api.get(BASE, params={"helpCenterId": "nothere"}).json()[
        "data"] == []
    # With a custom domain, the external URLs.
    patch(org.api, "/help_center/help_centers/" + hc["id"],
          {"urls": {"externalDomain": "help.coll.example"}})
    c2 = org.api.get(BASE + "/" + c["id"]).json()
    assert c2["externalUrl"] == ("https://help.coll.example/en/collections/"
                                 + c["slug"])
    # Tenancy: another organization's collection is missing.
    for r in (other_org.api.get(BASE + "/" + c["id"]),
              patch(other_org.api, BASE + "/" + c["id"], {"name": "x"}),
              other_org.api.request("DELETE", BASE + "/" + c["id"])):
        assert_error(r, 404, "collection_not_found", param="id")
    assert other_org.api.get(BASE).json()["data"] == []
    r = other_org.api.post(BASE, json={"name": "x", "parentId": c["id"]})
    assert_error(r, 400, "invalid_parameter", param="parentId")
    # An event of each write.
    topics = [t for (t,) in server.sql(
        "SELECT topic FROM events WHERE org_id = %s "
        "AND topic LIKE 'collection.%%'", org.id)]
    assert topics.count("collection.created") == 2


def test_rename_keeps_old_slug(org, server):
    c = make(org.api, {"name": "Billing"})
    r = patch(org.api, BASE + "/" + c["id"], {"name": "Plans and billing"})
    assert r.status_code == 200, r.text
    assert r.json()["slug"] == c["id"] + "-plans-and-billing"
    assert r.json()["name"] == "Plans and billing"
    old = server.sql("SELECT slug, locale FROM help_center_old_slugs "
                     "WHERE org_id = %s AND collection_id = %s",
                     org.id, c["id"])
    assert [tuple(x) for x in old] == [(c["id"] + "-billing", "en")]
    # Only what is given changes; null clears the icon and moves to the
    # top level.
    r = patch(org.api, BASE + "/" + c["id"],
              {"icon": {"type": "predefined", "value": "book"}})
    assert r.json()["icon"] == {"type": "predefined", "value": "book"}
    assert r.json()["name"] == "Plans and billing"
    r = patch(org.api, BASE + "/" + c["id"], {"icon": None})
    assert r.json()["icon"] is None


def test_tree_rules(org):
    a = make(org.api, {"name": "A"})
    b = make(org.api, {"name": "B", "parentId": a["id"]})
    c = make(org.api, {"name": "C", "parentId": b["id"]})
    # A fourth level is refused.
    r = org.api.post(BASE, json={"name": "D", "parentId": c["id"]})
    assert_error(r, 400, "invalid_parameter", param="parentId")
    assert "3 levels" in r.json()["error"]["message"]
    # No collection becomes its own ancestor.
    for parent in (a["id"], b["id"], c["id"]):
        r = patch(org.api, BASE + "/" + a["id"], {"parentId": parent})
        assert_error(r, 400, "invalid_parameter", param="parentId")
    r = patch(org.api, BASE + "/" + a["id"], {"parentId": c["id"]})
    assert "itself" in r.json()["error"]["message"]
    # Moving a subtree under another counts its height.
    x = make(org.api, {"name": "X"})
    r = patch(org.api, BASE + "/" + b["id"], {"parentId": x["id"]})
    assert r.status_code == 200
    y = make(org.api, {"name": "Y", "parentId": x["id"]})
    r = patch(org.api, BASE + "/" + x["id"], {"parentId": y["id"]})
    assert_error(r, 400, "invalid_parameter", param="parentId")
    # null moves to the top level.
    r = patch(org.api, BASE + "/" + b["id"], {"parentId": None})
    assert r.status_code == 200 and r.json()["parentId"] is None
    # An unknown parent.
    r = org.api.post(BASE, json={"name": "E", "parentId": "nosuchone"})
    assert_error(r, 400, "invalid_parameter", param="parentId")


def test_delete_moves_children_up(org, server):
    top = make(org.api, {"name": "Top"})
    mid = make(org.api, {"name": "Mid", "parentId": top["id"]})
    low = make(org.api, {"name": "Low", "parentId": mid["id"]})
    r = org.api.request("DELETE", BASE + "/" + mid["id"])
    assert r.status_code == 200
    assert r.json() == {"id": mid["id"], "object": "collection",
                        "deleted": True}
    assert org.api.get(BASE + "/" + low["id"]).json()["parentId"] \
        == top["id"]
    assert_error(org.api.get(BASE + "/" + mid["id"]), 404,
                 "collection_not_found", param="id")
    r = org.api.request("DELETE", BASE + "/" + top["id"])
    assert r.status_code == 200
    assert org.api.get(BASE + "/" + low["id"]).json()["parentId"] is None
    assert server.sql("SELECT count(*) FROM events WHERE org_id = %s "
                      "AND topic = 'collection.deleted'", org.id)[0][0] == 2


def test_delete_records_the_moved_childrens_events(org, server):
    top = make(org.api, {"name": "Top"})
    mid = make(org.api, {"name": "Mid", "parentId": top["id"]})
    low = make(org.api, {"name": "Low", "parentId": mid["id"]})
    art = org.api.post("/help_center/articles",
                       json={"title": "Inside", "body": "<p>x</p>",
                             "parentId": mid["id"]})
    assert art.status_code == 200, art.text
    art = art.json()
    other = make(org.api, {"name": "Elsewhere"})

    def events(topic):
        return [item for (item,) in server.sql(
            "SELECT item FROM events WHERE org_id = %s AND topic = %s "
            "ORDER BY created_at, id", org.id, topic)]

    before = {t: len(events(t))
              for t in ("collection.updated", "article.updated")}
    r = org.api.request("DELETE", BASE + "/" + mid["id"])
    assert r.status_code == 200, r.text
    # Each moved child: its .updated event, as GET shows it now.
    moved = events("collection.updated")[before["collection.updated"]:]
    assert [m["id"] for m in moved] == [low["id"]]
    assert moved[0]["parentId"] == top["id"]
    assert moved[0] == org.api.get(BASE + "/" + low["id"]).json()
    moved = events("article.updated")[before["article.updated"]:]
    assert [m["id"] for m in moved] == [art["id"]]
    assert moved[0]["parentId"] == top["id"]
    assert moved[0]["object"] == "article"
    # A delete with no children moves nothing: no .updated event.
    r = org.api.request("DELETE", BASE + "/" + other["id"])
    assert r.status_code == 200
    assert len(events("collection.updated")) \
        == before["collection.updated"] + 1
    assert len(events("article.updated")) == before["article.updated"] + 1
    # A write commits whole: a delete whose article event fails (after
    # its collection moved) moves nothing.
    server.sql("CREATE FUNCTION fb_test_no_event() RETURNS trigger "
               "LANGUAGE plpgsql AS $$ BEGIN IF NEW.org_id = '" + org.id
               + "' AND NEW.topic = 'article.updated' THEN "
               "RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$")
    server.sql("CREATE TRIGGER fb_test_no_event BEFORE INSERT ON events "
               "FOR EACH ROW EXECUTE FUNCTION fb_test_no_event()")
    try:
        r = org.api.request("DELETE", BASE + "/" + top["id"])
        assert r.status_code >= 500
    finally:
        server.sql("DROP TRIGGER fb_test_no_event ON events")
        server.sql("DROP FUNCTION fb_test_no_event()")
    assert org.api.get(BASE + "/" + top["id"]).status_code == 200
    assert org.api.get(BASE + "/" + low["id"]).json()["parentId"] \
        == top["id"]
    assert len(events("collection.updated")) \
        == before["collection.updated"] + 1


def test_bad_input_names_the_field(org):
    c = make(org.api, {"name": "Valid"})
    for body, param in [
            ({}, "name"),
            ({"name": ""}, "name"),
            ({"name": "x" * 256}, "name"),
            ({"name": "x", "icon": {"type": "custom", "value": "x"}},
             "icon.type"),
            ({"name": "x", "icon": {"type": "emoji"}}, "icon.value"),
            ({"name": "x", "parentId": "a-b"}, "parentId"),
            ({"name": "x", "parentId": "a" * 17}, "parentId"),
            ({"name": "x", "translations": {"xx": {"name": "y"}}},
             "translations.xx"),
            ({"name": "x", "translations": {"fr": {"description": "y"}}},
             "translations"),
            ({"name": "x", "colour": "red"}, "colour")]:
        r = org.api.post(BASE, json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"]["param"] == param, (body, r.text)
    r = patch(org.api, BASE + "/" + c["id"], {"name": 5})
    assert_error(r, 400, "invalid_parameter", param="name")
    assert_error(org.api.get(BASE, params={"parentId": "a-b"}), 400,
                 "invalid_parameter", param="parentId")


def test_writes_need_manage_help_center(org):
    viewer = org.client("viewer")
    assert viewer.get(BASE).status_code == 200
    assert_error(viewer.post(BASE, json={"name": "x"}), 403,
                 "insufficient_permissions")
