"""The help center's articles: /v2/help_center/articles, drafts and live
copies per locale, sanitized HTML or markdown bodies with their images
taken in, authors, and what the lists and reads show."""
import base64
import re

from helpers import assert_error

BASE = "/help_center/articles"

# A 1x1 PNG.
PNG = base64.b64encode(bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049"
    "454e44ae426082")).decode()


def patch(api, path, body):
    return api.request("PATCH", path, json=body)


def make(api, body):
    r = api.post(BASE, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_create_is_a_draft(org, other_org, server):
    a = make(org.api, {"title": "Getting started",
                       "description": "The first steps",
                       "body": "<p>Hello <script>alert(1)</script>"
                               "<b>world</b></p>"})
    assert re.fullmatch(r"[0-9a-z]{16}", a["id"])
    assert a["object"] == "article" and a["state"] == "draft"
    assert a["isPublished"] is False and a["publishedLocales"] == []
    assert a["title"] == "Getting started"
    assert "<script" not in a["body"] and "<b>world</b>" in a["body"]
    assert a["slug"] == a["id"] + "-getting-started"
    assert a["author"]["authorId"] == org.owner_id
    assert a["availableLocales"] == ["en"] and a["locale"] == "en"
    assert a["featurebaseUrl"].endswith("/help/en/articles/" + a["slug"])
    assert "liveUpdatedAt" not in a
    got = org.api.get(BASE + "/" + a["id"])
    assert got.status_code == 200 and got.json() == a
    # Lists show live articles unless asked.
    assert a["id"] not in [x["id"] for x in
                           org.api.get(BASE).json()["data"]]
    assert a["id"] in [x["id"] for x in org.api.get(
        BASE, params={"state": "draft"}).json()["data"]]
    assert a["id"] in [x["id"] for x in org.api.get(
        BASE, params={"state": "all"}).json()["data"]]
    # Tenancy.
    for r in (other_org.api.get(BASE + "/" + a["id"]),
              patch(other_org.api, BASE + "/" + a["id"], {"title": "x"}),
              other_org.api.request("DELETE", BASE + "/" + a["id"])):
        assert_error(r, 404, "article_not_found", param="id")
    assert other_org.api.get(BASE, params={"state": "all"}).json()[
        "data"] == []
    assert server.sql("SELECT count(*) FROM events WHERE org_id = %s "
                      "AND topic = 'article.created'", org.id)[0][0] == 1


def test_publish_draft_and_live(org):
    a = make(org.api, {"title": "Voting", "body": "Vote *once*.",
                       "state": "live",
                       "translations": {"de": {"title": "Abstimmen",
                                               "body": "<p>Einmal.</p>"}}})
    assert a["state"] == "live" and a["isPublished"] is True
    assert a["publishedLocales"] == ["de", "en"]
    assert a["body"].strip() == "<p>Vote <em>once</em>.</p>"   # markdown
    assert a["translations"]["de"]["title"] == "Abstimmen"
    assert a["translations"]["de"]["slug"] == a["id"] + "-abstimmen"
    assert a["liveUpdatedAt"]
    # A change without state changes the draft only: readers still see
    # the live copy.
    r = patch(org.api, BASE + "/" + a["id"], {"title": "Voting rules"})
    assert r.status_code == 200, r.text
    assert r.json()["title"] == "Voting"
    assert r.json()["isDraftDiffersFromLive"] is True
    draft = org.api.get(BASE + "/" + a["id"], params={"state": "draft"})
    assert draft.json()["title"] == "Voting rules"
    assert draft.json()["slug"] == a["id"] + "-voting-rules"
    # state live publishes it.
    r = patch(org.api, BASE + "/" + a["id"], {"state": "live"})
    assert r.json()["title"] == "Voting rules"
    assert r.json()["isDraftDiffersFromLive"] is False
    # state draft unpublishes it.
    r = patch(org.api, BASE + "/" + a["id"], {"state": "draft"})
    assert r.json()["state"] == "draft"
    assert r.json()["publishedLocales"] == []
    assert a["id"] not in [x["id"] for x in org.api.get(BASE, params={
        "limit": 100}).json()["data"]]


def test_publishing_is_audited_as_the_client_names_it(org, server):
    """A PATCH of state is the client's audit action article.published
    ("live") or article.unpublished ("draft"); any other PATCH is
    article.updated.  Events stay article.updated (docs/decisions.md)."""
    r = org.api.post("/help_center/articles",
                     json={"title": "Audited", "body": "<p>x</p>"})
    assert r.status_code == 200, r.text
    aid = r.json()["id"]
    for body in ({"state": "live"}, {"title": "Audited again"},
                 {"state": "draft"}):
        r = org.api.request("PATCH", "/help_center/articles/" + aid,
                            json=body)
        assert r.status_code == 200, r.text
    rows = server.sql("SELECT action, domain FROM audit_logs "
                      "WHERE org_id = %s AND target_id = %s "
                      "ORDER BY created_at, id", org.id, aid)
    assert [tuple(x) for x in rows] == [
        ("article.created", "articles"), ("article.published", "articles"),
        ("article.updated", "articles"),
        ("article.unpublished", "articles")]
    topics = [t for (t,) in server.sql(
        "SELECT topic FROM events WHERE org_id = %s "
        "AND item ->> 'id' = %s ORDER BY created_at, id", org.id, aid)]
    assert topics == ["article.created"] + ["article.updated"] * 3


def test_collections_authors_and_counts(org):
    c = org.api.post("/help_center/collections",
                     json={"name": "Guides"}).json()
    a = make(org.api, {"title": "In a collection", "parentId": c["id"],
                       "state": "live"})
    assert a["parentId"] == c["id"]
    assert org.api.get("/help_center/collections/" + c["id"]).json()[
        "articleCount"] == 1
    listed = org.api.get(BASE, params={"parentId": c["id"]}).json()
    assert [x["id"] for x in listed["data"]] == [a["id"]]
    # Deleting the collection moves the article to the top level.
    org.api.request("DELETE", "/help_center/collections/" + c["id"])
    assert org.api.get(BASE + "/" + a["id"]).json()["parentId"] is None
    # The author is an admin of the organization.
    r = patch(org.api, BASE + "/" + a["id"], {"authorId": "0" * 24})
    assert_error(r, 400, "invalid_parameter", param="authorId")
    member = org.server.sql(
        "SELECT fb_admin_create(%s, 'Mia', 'mia@hc.example', 'member')",
        org.id)[0][0]
    r = patch(org.api, BASE + "/" + a["id"], {"authorId": member})
    assert r.json()["author"] == {"name": "Mia", "authorId": member,
                                  "avatarUrl": None}


def test_images_are_taken_in(org, server):
    a = make(org.api, {"title": "Pictures",
                       "body": '<p><img src="data:image/png;base64,%s">'
                               '</p>' % PNG})
    assert "data:" not in a["body"]
    assert re.search(r'<img src="[^"]+/files/[0-9a-f]{32}', a["body"]), \
        a["body"]
    assert server.sql("SELECT count(*) FROM files WHERE org_id = %s "
                      "AND attached_at IS NOT NULL", org.id)[0][0] == 1
    org.api.request("DELETE", BASE + "/" + a["id"])
    assert server.sql("SELECT count(*) FROM files WHERE org_id = %s",
                      org.id)[0][0] == 0


def test_retitle_keeps_old_slug_and_delete(org, server):
    a = make(org.api, {"title": "Old name", "state": "live"})
    r = patch(org.api, BASE + "/" + a["id"],
              {"title": "New name", "state": "live"})
    assert r.json()["slug"] == a["id"] + "-new-name"
    assert server.sql("SELECT slug FROM help_center_old_slugs "
                      "WHERE org_id = %s AND article_id = %s",
                      org.id, a["id"])[0][0] == a["id"] + "-old-name"
    r = org.api.request("DELETE", BASE + "/" + a["id"])
    assert r.json() == {"id": a["id"], "object": "article", "deleted": True}
    assert_error(org.api.get(BASE + "/" + a["id"]), 404,
                 "article_not_found", param="id")
    assert server.sql("SELECT count(*) FROM help_center_old_slugs "
                      "WHERE org_id = %s AND article_id = %s",
                      org.id, a["id"])[0][0] == 0


def test_bad_input_names_the_field(org):
    a = make(org.api, {"title": "Valid"})
    for body, param, code in [
            ({}, "title", "missing_parameter"),
            ({"title": ""}, "title", "invalid_parameter"),
            ({"title": "x" * 513}, "title", "invalid_parameter"),
            ({"title": "x", "formatter": "ai"}, "formatter",
             "parameter_not_supported"),
            ({"title": "x", "state": "archived"}, "state",
             "invalid_parameter"),
            ({"title": "x", "parentId": "nosuch"}, "parentId",
             "invalid_parameter"),
            ({"title": "x", "helpCenterId": "nosuch"}, "helpCenterId",
             "invalid_parameter"),
            ({"title": "x", "translations": {"fr": {"body": "y"}}},
             "translations", "invalid_parameter"),
            ({"title": "x", "translations": {"tlh": {"title": "y"}}},
             "translations.tlh", "parameter_not_supported"),
            ({"title": "x", "icon": {"type": "custom", "value": "u"}},
             "icon.type", "invalid_parameter")]:
        r = org.api.post(BASE, json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"]["param"] == param, (body, r.text)
        assert r.json()["error"]["code"] == code, (body, r.text)
    r = patch(org.api, BASE + "/" + a["id"], {"authorId": "nobody"})
    assert_error(r, 400, "invalid_parameter", param="authorId")
    assert_error(org.api.get(BASE, params={"state": "gone"}), 400,
                 "invalid_parameter", param="state")


def test_writes_need_manage_help_center(org):
    viewer = org.client("viewer")
    assert viewer.get(BASE).status_code == 200
    assert_error(viewer.post(BASE, json={"title": "x"}), 403,
                 "insufficient_permissions")


def test_idempotency_key_and_if_match(org):
    headers = {"Idempotency-Key": "hc-article-once"}
    first = org.api.post(BASE, json={"title": "Once"}, headers=headers)
    again = org.api.post(BASE, json={"title": "Once"}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.json()["id"] == again.json()["id"]
    path = BASE + "/" + first.json()["id"]
    etag = org.api.get(path).headers["ETag"]
    r = org.api.request("PATCH", path, json={"title": "Twice"},
                        headers={"If-Match": etag})
    assert r.status_code == 200
    r = org.api.request("PATCH", path, json={"title": "Thrice"},
                        headers={"If-Match": etag})
    assert_error(r, 412, "precondition_failed")
    assert org.api.get(path, params={"state": "draft"}).json()["title"] \
        == "Twice"


def test_webhooks_subscribe_to_article_events(org, server):
    hook = org.api.post("/webhooks", json={
        "name": "Help center", "url": "https://hooks.example.com/hc",
        "topics": ["article.created", "collection.deleted"]})
    assert hook.status_code == 201, hook.text
    a = make(org.api, {"title": "Announced"})
    rows = server.sql(
        "SELECT e.topic, e.item ->> 'id' FROM webhook_deliveries d "
        "JOIN events e ON e.org_id = d.org_id AND e.id = d.event_id "
        "WHERE d.org_id = %s AND d.webhook_id = %s",
        org.id, hook.json()["id"])
    assert [tuple(r) for r in rows] == [("article.created", a["id"])]
